import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { endWithParent } from '../../scripts/end-with-parent.ts'

/** The repository root: the server resolves migrations and relative paths from its working directory. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export type ServerProcess = {
  child: ChildProcess
  /** http://127.0.0.1:<port> */
  url: string
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>
  /** Everything the process wrote to stdout and stderr so far. */
  log: () => string
  /** SIGKILL, and wait until the process is gone. */
  kill: () => Promise<void>
  /** SIGTERM, and the exit code of the graceful shutdown. */
  stop: () => Promise<number | null>
}

/**
 * Starts the real entry point, `src/server/index.ts`, through tsx (no build needed, so it runs
 * before `npm run build` on a fresh clone), or the built one in a copy of the repository
 * (`builtIn`). Resolves once it listens on a random loopback port (or the PORT `env` gives).
 * `env` is laid over this process's environment; DATABASE_URL is cleared unless given. The
 * server's info log must stay on (no LOG_LEVEL above info): its "listening on" line is awaited.
 */
export async function startServer(
  env: Record<string, string>,
  options: {
    timeoutMs?: number
    /** `ulimit -n` for the server process. */ fileLimit?: number
    /** The shell's umask the server starts under, e.g. '022'. */ umask?: string
    /** A built copy of the repository (scripts/repo-copy.ts, then `npm run build`): its dist/node server runs there. */
    builtIn?: string
  } = {},
): Promise<ServerProcess> {
  const node = options.builtIn
    ? [process.execPath, 'dist/node/server/index.js']
    : [process.execPath, '--import', 'tsx', 'src/server/index.ts']
  const shell = [
    ...(options.fileLimit ? [`ulimit -n ${options.fileLimit}`] : []),
    ...(options.umask ? [`umask ${options.umask}`] : []),
  ]
  const [command, ...args] = shell.length ? ['sh', '-c', `${shell.join(' && ')} && exec "$0" "$@"`, ...node] : node
  const child = endWithParent(
    spawn(command!, args, {
      cwd: options.builtIn ?? ROOT,
      // Suites that are not about the proof of work call resend-email bare, many times an
      // hour; test/launch-day-processes.test.ts sets the budget it tests.
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        UNVERIFIED_EMAILS_PER_HOUR: '1000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  let out = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  // Through tsx the server compiles its few hundred modules first: seconds on a quiet machine, more
  // than 30 s seen at a load average of 8 to 12 (a launch-analytics spec's start, 2026-12-02).
  // A bound for a broken start, not a speed check.
  const timeoutMs = options.timeoutMs ?? 90_000
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server did not listen within ${timeoutMs} ms:\n${out}`))
    }, timeoutMs)
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /listening on (http:\/\/[^"\s]+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    })
    void exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`server exited early:\n${out}`))
    })
  })
  return {
    child,
    url,
    exited,
    log: () => out,
    kill: async () => {
      child.kill('SIGKILL')
      await exited
    },
    stop: async () => {
      child.kill('SIGTERM')
      return exited
    },
  }
}

/**
 * Polls /healthz until the database is open and migrated (a first start creates it; on a loaded
 * 2-core machine that has taken over 30 s).
 */
export async function waitHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () =>
      (await fetch(`${server.url}/healthz`).then(
        (r) => r.status,
        () => 0,
      )) === 200,
    { timeoutMs, what: () => `a healthy server; its log:\n${server.log()}` },
  )
}

/** Polls `check` every `intervalMs` until it returns true; throws after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; what: string | (() => string) },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs
  for (;;) {
    if (await check()) return
    if (Date.now() > deadline) {
      const what = typeof options.what === 'function' ? options.what() : options.what
      throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${what}`)
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50))
  }
}
