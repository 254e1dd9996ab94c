// Starts the built server exactly as `npm run serve` does (what `npm start` runs after its build:
// the same node flags, read from package.json) on a free port, and measures the time from spawn
// to the first 200 on /.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { endWithParent } from '../scripts/end-with-parent.ts'
import { freePort } from '../scripts/pg-cluster.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
// USER_HZ: 100 on every Linux architecture Node runs on.
const CLOCK_TICKS = 100

export type RunningServer = {
  url: string
  pid: number
  startupMs: number
  rssBytes: () => Promise<number>
  /** User plus system CPU time the process has used so far. */
  cpuMs: () => Promise<number>
  stop: () => Promise<void>
}

/** `node <flags> <entry>` of package.json's serve script, so the bench measures what founders run. */
export function serveCommand(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { serve: string } }
  const [node, ...args] = pkg.scripts.serve.split(/\s+/)
  if (node !== 'node') throw new Error(`package.json's serve script should start with node: ${pkg.scripts.serve}`)
  return args
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const child: ChildProcess = endWithParent(
    spawn(process.execPath, serveCommand(), {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  )
  let log = ''
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()))
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const startupMs = await firstOk(url, child, () => log, started)
  return {
    url,
    pid: child.pid!,
    startupMs,
    rssBytes: async () => {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8')
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
      if (!kb) throw new Error('no VmRSS in /proc status')
      return Number(kb) * 1024
    },
    cpuMs: async () => {
      // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised command name): utime, stime in clock ticks.
      const stat = await readFile(`/proc/${child.pid}/stat`, 'utf8')
      const [utime, stime] = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .slice(11, 13)
        .map(Number)
      return ((utime! + stime!) * 1000) / CLOCK_TICKS
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
        await exited
        clearTimeout(force)
      }
    },
  }
}

/**
 * Waits until /healthz answers 200: the first 200 on / comes before a fresh database is migrated,
 * and a bench that writes must start when it is ready (up to a minute).
 */
export async function untilHealthy(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${url}/healthz`).catch(() => undefined)
    await res?.arrayBuffer()
    if (res?.ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} never became healthy`)
}

/** Polls / every 5 ms; the figure is spawn-to-200, so it includes Node's own start. */
async function firstOk(url: string, child: ChildProcess, log: () => string, started: number): Promise<number> {
  const deadline = started + 60_000
  let last = 'no answer'
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`)
    try {
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) })
      await res.arrayBuffer()
      if (res.status === 200) return performance.now() - started
      last = `HTTP ${res.status}`
    } catch (err) {
      last = String(err)
    }
    if (performance.now() > deadline) throw new Error(`server gave no 200 on / within 60 s (last: ${last}):\n${log()}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}
