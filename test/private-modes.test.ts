import { spawn } from 'node:child_process'
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, expect, test } from 'vitest'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { outboxRecords } from './support/drain-queue.ts'
import { startServer, waitFor, waitHealthy, type ServerProcess } from './support/server-process.ts'

// The data folder, the owner secret and the outbox are the server user's alone (0700
// folders, 0600 files), whatever the umask; PGlite writes most of its files 0666 itself. Mode
// bits are checked, not access: CI runs as root, which no mode keeps out.

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

async function setUp() {
  const dir = await mkdtemp(join(tmpdir(), 'modes-'))
  cleanup.push(() => rm(dir, { recursive: true, force: true }))
  const data = join(dir, 'data')
  const env = {
    PGLITE_DIR: join(data, 'pglite'),
    OUTBOX_DIR: join(data, 'outbox'),
    STATIC_DIR: join(dir, 'static'),
    OWNER_EMAILS: 'owner@example.com',
    EMAIL_POLL_INTERVAL_MS: '100',
  }
  return { data, env }
}

async function launch(env: Record<string, string>): Promise<ServerProcess> {
  // 022: the usual shell's, under which folders come out 0755.
  const server = await startServer(env, { timeoutMs: 90_000, umask: '022' })
  cleanup.push(() => server.kill())
  await waitHealthy(server, 120_000)
  return server
}

/**
 * Every path under `root` (itself included) whose mode gives group or others any access. A root
 * that is missing is a finding; an entry that goes between its folder's listing and its lstat is
 * not (the outbox renames its temporary files into place while the server runs).
 */
async function openToOthers(root: string): Promise<string[]> {
  return (await walk(root)) ?? [`missing ${root}`]
}

/** What openToOthers finds under `path`, or undefined when `path` is gone. */
async function walk(path: string): Promise<string[] | undefined> {
  const info = await lstat(path).catch(() => null)
  if (!info) return undefined
  const found = info.mode & 0o077 ? [`${(info.mode & 0o777).toString(8)} ${path}`] : []
  if (info.isDirectory()) for (const name of await readdir(path)) found.push(...((await walk(join(path, name))) ?? []))
  return found
}

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.status)

async function signUpsAndEmails(server: ServerProcess, outbox: string) {
  for (const email of ['ada@example.com', 'bo@example.com']) {
    expect(await post(server.url, '/rest/v1/beta_signups', { email })).toBe(201)
    expect(await post(server.url, '/functions/v1/resend-email', { email })).toBe(200)
  }
  const message = { name: 'Grace', email: 'grace@example.com', subject: 'general', message: 'Hello there' }
  expect(await post(server.url, '/rest/v1/contact_messages', message)).toBe(201)
  // Two welcome emails and the owner's copy of the message.
  await waitFor(async () => (await outboxRecords(outbox)).length >= 3, {
    timeoutMs: 30_000,
    what: () => `three emails in the outbox; log:\n${server.log()}`,
  })
}

test('after a start under umask 022, sign-ups and emails, nothing in the data folder, secret or outbox is open to group or others', async () => {
  const { data, env } = await setUp()
  const server = await launch(env)
  await signUpsAndEmails(server, env.OUTBOX_DIR)
  // data/ holds pglite/, pglite.lock/, pglite.owner-secret and outbox/; the server made it too.
  expect(await openToOthers(data)).toEqual([])
  expect((await readdir(data)).sort()).toEqual(['outbox', 'pglite', 'pglite.lock', 'pglite.owner-secret'])
  expect(await server.stop()).toBe(0)
  expect(await openToOthers(data)).toEqual([])
}, 240_000)

test('a folder an older version made (0755 folders, 0666 files, a readable outbox) is made private at start', async () => {
  const { data, env } = await setUp()
  // data/ itself stays as its maker left it (0755 here): the server changes only what it owns.
  await mkdir(data, { mode: 0o755 })
  const ours = [env.PGLITE_DIR, `${env.PGLITE_DIR}.lock`, `${env.PGLITE_DIR}.owner-secret`, env.OUTBOX_DIR]
  const privateExceptData = async () => (await Promise.all(ours.map(openToOthers))).flat()
  await olderVersionFolder(env.PGLITE_DIR)
  await writeFile(`${env.PGLITE_DIR}.owner-secret`, 'x'.repeat(43), { mode: 0o644 })
  await mkdir(env.OUTBOX_DIR, { mode: 0o755 })
  await chmod(env.OUTBOX_DIR, 0o755)
  await writeFile(join(env.OUTBOX_DIR, 'old.json'), '{}', { mode: 0o644 })
  await chmod(join(env.OUTBOX_DIR, 'old.json'), 0o644)
  const before = await openToOthers(data)
  expect(before.filter((l) => l.startsWith('666 ')).length).toBeGreaterThan(900)
  expect(before).toContain(`755 ${env.OUTBOX_DIR}`)
  expect(before).toContain(`755 ${env.PGLITE_DIR}`)

  const server = await launch(env)
  expect(await privateExceptData()).toEqual([])
  await signUpsAndEmails(server, env.OUTBOX_DIR)
  expect(await privateExceptData()).toEqual([])
  expect(await server.stop()).toBe(0)
  expect(await privateExceptData()).toEqual([])
}, 240_000)

/** A PGlite folder as the server made it before it set its own (docs/decisions/data-folder-ownership.md): PGlite's own modes under umask 022. */
async function olderVersionFolder(dir: string): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href
  const code = `const { PGlite } = await import(${JSON.stringify(pglite)})
const db = await PGlite.create(process.argv[1])
await db.close()`
  const child = spawn(
    'sh',
    ['-c', 'umask 022 && exec "$0" "$@"', process.execPath, '--input-type=module', '-e', code, dir],
    {
      stdio: 'inherit',
    },
  )
  expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0)
}
