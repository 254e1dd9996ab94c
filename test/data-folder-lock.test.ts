import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { openDb } from '../src/server/db/open.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { ROOT, startServer, waitHealthy, type ServerProcess } from './support/server-process.ts'

// One process owns a PGlite folder. Two servers on one folder used to both answer 201
// and lose one side's rows; kill -9 must not leave the folder locked for good.

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

async function setUp() {
  const dir = await mkdtemp(join(tmpdir(), 'folder-lock-'))
  cleanup.push(() => rm(dir, { recursive: true, force: true }))
  const env = {
    PGLITE_DIR: join(dir, 'pglite'),
    OUTBOX_DIR: join(dir, 'outbox'),
    STATIC_DIR: join(dir, 'static'),
    // Idle means idle: no poll touches the folder while the test looks at it.
    EMAIL_POLL_INTERVAL_MS: '3600000',
  }
  return { dir, env }
}

async function launch(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer(env, { timeoutMs: 60_000 })
  cleanup.push(() => server.kill())
  return server
}

/** A server expected not to start: its exit code and everything it printed. */
function runToExit(env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cleanup.push(async () => child.kill('SIGKILL'))
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still running after ${timeoutMs} ms:\n${out}`)), timeoutMs)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, out })
    })
  })
}

const signUp = (url: string, email: string) =>
  fetch(`${url}/rest/v1/beta_signups`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  }).then((r) => r.status)

/** Every path under `dir` with its size and modification time. */
async function snapshot(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true })
  const lines = await Promise.all(
    names.map(async (n) => {
      const s = await stat(join(dir, n))
      return `${relative(dir, join(dir, n))} ${s.size} ${s.mtimeMs}`
    }),
  )
  return lines.sort()
}

async function storedEmails(pgliteDir: string): Promise<string[]> {
  const db = await openDb({ PGLITE_DIR: pgliteDir })
  try {
    const r = await db.query<{ email: string }>('select email from public.beta_signups order by email')
    return r.rows.map((row) => row.email)
  } finally {
    await db.close()
  }
}

test('a second server on a folder in use exits 1 with one line naming the folder and the holder, and touches nothing', async () => {
  const { env } = await setUp()
  const first = await launch(env)
  await waitHealthy(first)
  expect(await signUp(first.url, 'first@example.com')).toBe(201)
  const before = await snapshot(env.PGLITE_DIR)

  const second = await runToExit(env)
  expect(second.code).toBe(1)
  const lines = second.out.trim().split('\n')
  expect(lines, second.out).toHaveLength(1)
  expect(lines[0]).toContain(env.PGLITE_DIR)
  expect(lines[0]).toContain(`pid ${first.child.pid}`)
  expect(await snapshot(env.PGLITE_DIR)).toEqual(before)

  // The first server never noticed.
  expect(await signUp(first.url, 'after@example.com')).toBe(201)
  expect(await first.stop()).toBe(0)
  expect(await storedEmails(env.PGLITE_DIR)).toEqual(['after@example.com', 'first@example.com'])
}, 120_000)

test('two servers started at the same moment on a new folder: one serves, the other exits 1', async () => {
  const { env } = await setUp()
  const [a, b] = await Promise.allSettled([launch(env), launch(env)])
  const running = [a, b].filter((r) => r.status === 'fulfilled').map((r) => r.value)
  const refused = [a, b].filter((r) => r.status === 'rejected').map((r) => String(r.reason))
  // The loser may exit before or after it starts listening; either way it exits, with its line.
  for (const s of running) {
    const code = await Promise.race([s.exited, waitHealthy(s).then(() => 'healthy' as const)])
    if (code === 'healthy') continue
    refused.push(s.log())
  }
  const healthy = running.filter((s) => s.child.exitCode === null)
  expect(healthy, refused.join('\n---\n')).toHaveLength(1)
  expect(refused).toHaveLength(1)
  expect(refused[0]).toMatch(/is in use by a server \(pid \d+/)
  expect(await signUp(healthy[0]!.url, 'one@example.com')).toBe(201)
  expect(await healthy[0]!.stop()).toBe(0)
  expect(await storedEmails(env.PGLITE_DIR)).toEqual(['one@example.com'])
}, 180_000)

test('after kill -9 the next start takes the folder over, says so in one line, and serves', async () => {
  const { env } = await setUp()
  const first = await launch(env)
  await waitHealthy(first)
  expect(await signUp(first.url, 'before@example.com')).toBe(201)
  await first.kill()
  // The claim outlives its process: nothing could remove it.
  const claims = await readdir(`${env.PGLITE_DIR}.lock`)
  expect(claims).toHaveLength(1)
  expect(JSON.parse(await readFile(join(`${env.PGLITE_DIR}.lock`, claims[0]!), 'utf8'))).toMatchObject({
    pid: first.child.pid,
    role: 'server',
  })

  const second = await launch(env)
  await waitHealthy(second)
  const takeOvers = second
    .log()
    .split('\n')
    .filter((l) => l.includes('"event":"db.lock_taken_over"'))
  expect(takeOvers).toHaveLength(1)
  expect(takeOvers[0]).toContain(`pid ${first.child.pid}`)
  expect(await signUp(second.url, 'after@example.com')).toBe(201)
  expect(await second.stop()).toBe(0)
  // A clean stop lets go: nothing is left to take over.
  expect(await readdir(`${env.PGLITE_DIR}.lock`)).toEqual([])
  expect(await storedEmails(env.PGLITE_DIR)).toEqual(['after@example.com', 'before@example.com'])
}, 120_000)
