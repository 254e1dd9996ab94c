import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { openDb } from '../src/server/db/open.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { runOwnerCli, signInWith, type CliResult } from './support/owner-cli.ts'
import { startServer, waitHealthy, type ServerProcess } from './support/server-process.ts'
import { freePort } from '../scripts/pg-cluster.ts'

// The README's first run, typed fast. `npm run owner -- link` right after the first
// `npm start` used to open the folder the server was still creating: links were refused, and
// once the database would not open again.

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

const OWNER = 'owner@example.com'

async function setUp() {
  const dir = await mkdtemp(join(tmpdir(), 'owner-first-'))
  cleanup.push(() => rm(dir, { recursive: true, force: true }))
  const port = await freePort()
  const env = {
    PGLITE_DIR: join(dir, 'pglite'),
    OUTBOX_DIR: join(dir, 'outbox'),
    STATIC_DIR: join(dir, 'static'),
    OWNER_EMAILS: OWNER,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  }
  return { dir, env }
}

async function launch(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer(env, { timeoutMs: 90_000 })
  cleanup.push(() => server.kill())
  return server
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const signUp = (url: string, email: string) =>
  fetch(`${url}/rest/v1/beta_signups`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  }).then(
    (r) => r.status,
    () => 0,
  )

/** A link that was printed must sign in; a run that printed none must say why in one line. */
async function expectWorkingLinkOrOneLine(run: CliResult, serverUrl: string): Promise<boolean> {
  if (run.code === 0) {
    const link = run.out.trim().split('\n').at(-1)!
    expect(link).toMatch(/\/admin\/sign-in\?token=/)
    expect(await signInWith(link, serverUrl), `${link}\n${run.err}`).toBe(OWNER)
    return true
  }
  expect(run.code).not.toBe(null)
  expect(run.err.trim().split('\n'), run.err).toHaveLength(1)
  return false
}

test('the CLI 0.2, 1 and 3 s after a first start: each link works or it exits with one line; rows survive a restart', async () => {
  const { env } = await setUp()
  const started = launch(env)
  // Each delay also sends a sign-up, so rows are written while the folder is being created.
  const early = [200, 1000, 3000].map(async (ms) => {
    await sleep(ms)
    const [cli, status] = await Promise.all([
      runOwnerCli(['link', OWNER], env),
      signUp(env.PUBLIC_URL, `early-${ms}@example.com`),
    ])
    return { cli, status, email: `early-${ms}@example.com` }
  })
  const server = await started
  await waitHealthy(server, 120_000)
  const runs = await Promise.all(early)

  let printed = 0
  for (const r of runs) if (await expectWorkingLinkOrOneLine(r.cli, server.url)) printed++
  // The CLI waits up to 30 s for a starting server; the first run must not be left without a link.
  expect(printed, runs.map((r) => r.cli.err).join('\n')).toBeGreaterThan(0)
  // A sign-up during start-up was either stored (201) or told to come back (503): never lost.
  for (const r of runs) expect([0, 201, 503]).toContain(r.status)

  // A link made after the server is healthy works too.
  const later = await runOwnerCli(['link', OWNER], env)
  expect(later.code, later.err).toBe(0)
  expect(await expectWorkingLinkOrOneLine(later, server.url)).toBe(true)
  expect(await signUp(server.url, 'late@example.com')).toBe(201)
  expect(await server.stop()).toBe(0)

  // The folder opens again, with every acknowledged row.
  const again = await launch(env)
  await waitHealthy(again, 120_000)
  expect(await again.stop()).toBe(0)
  const acknowledged = [...runs.filter((r) => r.status === 201).map((r) => r.email), 'late@example.com']
  const db = await openDb({ PGLITE_DIR: env.PGLITE_DIR })
  try {
    const rows = await db.query<{ email: string }>('select email from public.beta_signups')
    expect(rows.rows.map((r) => r.email).sort()).toEqual(expect.arrayContaining(acknowledged.sort()))
  } finally {
    await db.close()
  }
}, 300_000)

test('with the secret file deleted while the server runs, the CLI never opens the folder: it exits 1 with one line', async () => {
  const { env } = await setUp()
  const server = await launch(env)
  await waitHealthy(server, 120_000)
  await rm(`${env.PGLITE_DIR}.owner-secret`)

  const run = await runOwnerCli(['link', OWNER], env)
  expect(run.code).toBe(1)
  const lines = run.err.trim().split('\n')
  expect(lines, run.err).toHaveLength(1)
  expect(lines[0]).toContain(env.PGLITE_DIR)
  expect(lines[0]).toContain(`pid ${server.child.pid}`)
  // The server kept its folder to itself and serves on.
  expect(await signUp(server.url, 'still@example.com')).toBe(201)
  // A restart writes the file again, and the CLI works.
  expect(await server.stop()).toBe(0)
  const again = await launch(env)
  await waitHealthy(again, 120_000)
  const after = await runOwnerCli(['link', OWNER], env)
  expect(await expectWorkingLinkOrOneLine(after, again.url)).toBe(true)
}, 240_000)
