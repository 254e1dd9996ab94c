// Starts the built server (`node dist/node/server/index.js`, what `npm start` runs after its
// build) on a free port and measures the time from spawn to the first 200 on /.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { freePort } from '../scripts/pg-cluster.ts'

const ENTRY = fileURLToPath(new URL('../dist/node/server/index.js', import.meta.url))
const ROOT = fileURLToPath(new URL('..', import.meta.url))

export type RunningServer = { url: string; pid: number; startupMs: number; rssBytes: () => Promise<number>; stop: () => Promise<void> }

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
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
