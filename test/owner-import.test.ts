import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { DB_KINDS, NO_RATE_LIMITS } from '../src/server/test-app.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { signCliToken, verifyCliToken } from '../src/server/owner/cli-token.ts'
import { parseImportArgs } from '../scripts/owner/import.ts'
import { serverDatabase } from './support/server-database.ts'
import { runOwnerCli } from './support/owner-cli.ts'
import { startServer, waitHealthy } from './support/server-process.ts'

// `npm run owner -- import` as a process (issue 42, item 4): on its own (PostgreSQL, or a PGlite
// folder nobody holds), and through the running PGlite server that holds the folder.

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

const FILE = ['email;name', 'ann@example.com;Ann', 'ANN+x@example.com;Again', 'bob@example.com;Bob', 'oops;Bad'].join(
  '\n',
)

test("the CLI's arguments; a backup token cannot import", () => {
  expect(parseImportArgs(['exports/Beta list.csv'])).toEqual({
    file: 'exports/Beta list.csv',
    source: 'Beta list',
    send: 'none',
    dryRun: false,
  })
  expect(parseImportArgs(['--dry-run', 'a.csv', '--source', 'Form', '--send', 'welcome'])).toEqual({
    file: 'a.csv',
    source: 'Form',
    send: 'welcome',
    dryRun: true,
  })
  expect(parseImportArgs(['a.csv', '--send', 'everyone'])).toBe('--send is welcome or confirmation, not everyone')
  expect(parseImportArgs(['a.csv', '--source', 'me@home'])).toBe('--source is 1 to 64 characters, without @')
  expect(parseImportArgs(['a.csv', 'b.csv'])).toBe('one file at a time (a.csv, b.csv)')
  expect(parseImportArgs(['--source'])).toBe('--source needs a value')
  const secret = Buffer.alloc(32, 3)
  expect(verifyCliToken(secret, signCliToken(secret, 'import'), 'import')).toBe(true)
  expect(verifyCliToken(secret, signCliToken(secret, 'backup'), 'import')).toBe(false)
})

describe.each(DB_KINDS)('npm run owner -- import, no server, %s', (kind) => {
  test('dry run, import, a bad file refused with nothing stored', { timeout: 180_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'owner-import-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const database = await serverDatabase(kind, dir)
    cleanup.push(() => database.drop())
    await database.inspect(async (db) => {
      await migrate(db)
      await db.query(`insert into public.beta_signups (email) values ('bob@example.com')`)
    })
    const file = join(dir, 'waitlist.csv')
    await writeFile(file, FILE)
    const dry = await runOwnerCli(['import', file, '--dry-run'], database.env)
    expect(dry.code, dry.err).toBe(0)
    expect(dry.out).toContain('Would add 1 of 4 rows with source "waitlist"')
    expect(dry.out).toContain('1 duplicate(s) in the file, 1 already on the list, 0 suppressed')
    expect(dry.out).toContain('row 5: Enter a valid email address.')

    const run = await runOwnerCli(['import', file], database.env)
    expect(run.code, run.err).toBe(0)
    expect(run.out).toContain('Added 1 of 4 rows')
    expect(run.out).toContain('No email was queued.')

    const bad = join(dir, 'bad.csv')
    await writeFile(bad, 'name,phone\nCy,123\n')
    const refused = await runOwnerCli(['import', bad], database.env)
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('The file has no email column')
    expect((await runOwnerCli(['import', file, '--send', 'all'], database.env)).code).toBe(2)

    const state = await database.inspect(async (db) => ({
      rows: (await db.query('select email, source from public.beta_signups order by email')).rows,
      queued: (await db.query('select 1 from app_private.email_queue')).rows.length,
      audit: (await db.query(`select actor from app_private.owner_audit where action = 'signups.import'`)).rows,
    }))
    expect(state).toEqual({
      rows: [
        { email: 'ann@example.com', source: 'waitlist' },
        { email: 'bob@example.com', source: null },
      ],
      queued: 0,
      audit: [{ actor: 'owner-cli' }],
    })
  })
})

test('through the running PGlite server that holds the folder, with --send welcome', { timeout: 300_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'owner-import-server-'))
  cleanup.push(() => rm(dir, { recursive: true, force: true }))
  const database = await serverDatabase('pglite', dir)
  const env = {
    ...database.env,
    BACKUP_DIR: join(dir, 'backups'),
    BACKUP_KEEP: '0',
    OWNER_EMAILS: 'owner@example.com',
    STATIC_DIR: join(dir, 'static'),
    OUTBOX_DIR: join(dir, 'outbox'),
    ...Object.fromEntries(Object.keys(NO_RATE_LIMITS).map((k) => [k, '0'])),
  }
  const server = await startServer(env, { timeoutMs: 120_000 })
  cleanup.push(() => server.kill())
  await waitHealthy(server, 180_000)
  const file = join(dir, 'form.csv')
  await writeFile(file, FILE)
  const cli = await runOwnerCli(['import', file, '--source', 'Form', '--send', 'welcome'], {
    ...env,
    HOST: '127.0.0.1',
    PORT: new URL(server.url).port,
  })
  expect(cli.code, cli.err).toBe(0)
  expect(cli.out).toContain('Added 2 of 4 rows with source "Form"')
  expect(cli.out).toContain('2 welcome email(s) queued')
  expect(await server.stop()).toBe(0)
  const state = await database.inspect(async (db) => ({
    rows: (await db.query('select email, source from public.beta_signups order by email')).rows,
    queued: (await db.query(`select to_email from app_private.email_queue where kind = 'welcome' order by to_email`))
      .rows,
  }))
  expect(state).toEqual({
    rows: [
      { email: 'ann@example.com', source: 'Form' },
      { email: 'bob@example.com', source: 'Form' },
    ],
    queued: [{ to_email: 'ann@example.com' }, { to_email: 'bob@example.com' }],
  })
})
