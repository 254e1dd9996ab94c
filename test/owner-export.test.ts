import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { DB_KINDS } from '../src/server/test-app.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { serverDatabase } from './support/server-database.ts'
import { runOwnerCli } from './support/owner-cli.ts'
import { startServer, waitHealthy } from './support/server-process.ts'

// `npm run owner -- export`: what the console's "Export CSV" gives, for scripts (issue 42).

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

/** Two sign-ups, exported as CSV to a file and as JSON lines to standard output, checked. */
async function expectBothExports(dir: string, env: Record<string, string>): Promise<void> {
  const file = join(dir, 'list.csv')
  const csv = await runOwnerCli(['export', file], env)
  expect(csv.code, csv.err).toBe(0)
  expect((await stat(file)).mode & 0o777).toBe(0o600)
  const lines = (await readFile(file, 'utf8')).split('\r\n')
  expect(lines[0]).toBe('email,signed_up_at,welcome_email')
  // Newest first; a formula-like address is neutralised, as in the console's file.
  expect(lines[1]).toMatch(/^'=cmd@example\.com,\d{4}-/)
  expect(lines[2]).toMatch(/^ann@example\.com,\d{4}-\d\d-\d\dT[^,]+,[a-z_]+$/)
  const json = await runOwnerCli(['export', '--json'], env)
  expect(json.code, json.err).toBe(0)
  const rows = json.out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { email: string })
  expect(rows.map((r) => r.email)).toEqual(['=cmd@example.com', 'ann@example.com'])
}

async function databaseWithTwo(kind: (typeof DB_KINDS)[number], prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  cleanup.push(() => rm(dir, { recursive: true, force: true }))
  const database = await serverDatabase(kind, dir)
  cleanup.push(() => database.drop())
  await database.inspect(async (db) => {
    await migrate(db)
    await db.query(`insert into public.beta_signups (email) values ('ann@example.com'), ('=cmd@example.com')`)
  })
  return { dir, database }
}

describe.each(DB_KINDS)('npm run owner -- export, %s', (kind) => {
  test('CSV with the console header, or JSON lines, newest first', { timeout: 180_000 }, async () => {
    const { dir, database } = await databaseWithTwo(kind, 'owner-export-')
    await expectBothExports(dir, database.env)
  })
})

test('while the running PGlite server holds the folder, through it: the same lines', { timeout: 300_000 }, async () => {
  const { dir, database } = await databaseWithTwo('pglite', 'owner-export-server-')
  const env = {
    ...database.env,
    BACKUP_DIR: join(dir, 'backups'),
    BACKUP_KEEP: '0',
    STATIC_DIR: join(dir, 'static'),
    OUTBOX_DIR: join(dir, 'outbox'),
  }
  const server = await startServer(env, { timeoutMs: 120_000 })
  cleanup.push(() => server.kill())
  await waitHealthy(server, 180_000)
  await expectBothExports(dir, { ...env, HOST: '127.0.0.1', PORT: new URL(server.url).port })
  // A token that is not the owner secret's is refused.
  const refused = await fetch(`${server.url}/admin/cli/export`, {
    method: 'POST',
    headers: { authorization: 'Bearer x.y' },
  })
  expect(refused.status).toBe(403)
  expect(await server.stop()).toBe(0)
  const audited = await database.inspect(
    async (db) =>
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from app_private.owner_audit where action = 'signups.export'`,
        )
      ).rows[0]!.n,
  )
  expect(audited).toBe(2)
})
