import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { NO_RATE_LIMITS } from '../src/server/test-app.ts'
import { serverDatabase, type ServerDatabase } from './support/server-database.ts'
import { runOwnerCli } from './support/owner-cli.ts'
import { startServer, waitFor, waitHealthy } from './support/server-process.ts'
import { acknowledgedSignUps, createTarget, signUpStream } from './support/sign-up-stream.ts'

// Issue 42, the processes themselves: `npm run owner -- backup` asks the running PGlite server
// for a backup while visitors keep signing up; the file restores into a new PGlite folder and
// into PostgreSQL with every sign-up acknowledged before the backup began; and a damaged folder
// gives one clear message naming the latest backup.

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

async function signups(target: ServerDatabase): Promise<string[]> {
  return target.inspect(async (db) =>
    (await db.query<{ email: string }>('select email from public.beta_signups')).rows.map((r) => r.email),
  )
}

test(
  'a backup from a running PGlite server under sign-ups restores into PGlite and PostgreSQL',
  { timeout: 600_000 },
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backup-proc-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const database = await serverDatabase('pglite', dir)
    const env = {
      ...database.env,
      BACKUP_DIR: join(dir, 'backups'),
      OWNER_EMAILS: 'owner@example.com',
      STATIC_DIR: join(dir, 'static'),
      OUTBOX_DIR: join(dir, 'outbox'),
      ...Object.fromEntries(Object.keys(NO_RATE_LIMITS).map((k) => [k, '0'])),
    }
    const server = await startServer(env, { timeoutMs: 120_000 })
    cleanup.push(() => server.kill())
    await waitHealthy(server, 180_000)

    const stream = signUpStream(createTarget(server.url), {
      prefix: 'during',
      concurrency: 4,
      max: 100_000,
      paceMs: 10,
    })
    cleanup.push(() => stream.stop())
    await waitFor(() => acknowledgedSignUps(stream.results).length >= 30, { timeoutMs: 60_000, what: '30 sign-ups' })
    // Every sign-up acknowledged before the backup begins must be in it.
    const before = acknowledgedSignUps(stream.results)
    const file = join(dir, 'taken-while-running.sql')
    const cli = await runOwnerCli(['backup', file], { ...env, HOST: '127.0.0.1', PORT: new URL(server.url).port })
    expect(cli.code, cli.err).toBe(0)
    expect(cli.out).toMatch(/by the running server/)
    const afterBackup = stream.results.length
    await waitFor(() => stream.results.length >= afterBackup + 10, { timeoutMs: 60_000, what: 'sign-ups after it' })
    const results = await stream.stop()
    // The server kept answering throughout: no sign-up failed.
    expect(results.filter((r) => r.signUp === 'error' || (typeof r.signUp === 'number' && r.signUp >= 300))).toEqual([])
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await server.stop()).toBe(0)
    const audit = await database.inspect(
      async (db) =>
        (await db.query<{ actor: string }>(`select actor from app_private.owner_audit where action = 'backup.create'`))
          .rows,
    )
    expect(audit).toEqual([{ actor: 'owner-cli' }])

    // Into a new PGlite folder, and into an empty PostgreSQL database.
    const pgliteCopy = await serverDatabase('pglite', join(dir, 'restored'))
    const postgres = await serverDatabase('postgres', dir)
    cleanup.push(() => postgres.drop())
    for (const target of [pgliteCopy, postgres]) {
      const restore = await runOwnerCli(['restore', file], { ...env, ...target.env })
      expect(restore.code, restore.err).toBe(0)
      expect(restore.out).toMatch(/^Restored \d+ rows/m)
      const restored = await signups(target)
      expect(
        before.filter((e) => !restored.includes(e)),
        target.kind,
      ).toEqual([])
    }
    // A second restore into a database no longer empty is refused with one line.
    const again = await runOwnerCli(['restore', file], { ...env, ...postgres.env })
    expect(again.code).toBe(1)
    expect(again.err.trim()).toMatch(/^The database is not empty \(public\.beta_signups has rows\)/)
  },
)

test(
  'a damaged PGlite folder: one clear message naming the latest backup, no stack trace',
  { timeout: 600_000 },
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backup-damaged-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const database = await serverDatabase('pglite', dir)
    const backupDir = join(dir, 'backups')
    const env = {
      ...database.env,
      BACKUP_DIR: backupDir,
      STATIC_DIR: join(dir, 'static'),
      OUTBOX_DIR: join(dir, 'outbox'),
    }
    // A working folder and a backup of it (the CLI opens it, no server), then the folder loses
    // its control file.
    const made = await runOwnerCli(['backup'], env)
    expect(made.code, made.err).toBe(0)
    await rm(join(database.env.PGLITE_DIR!, 'global', 'pg_control'))
    // It may listen first (the page is served while the database opens), then stops.
    const failed: string = await startServer(env, { timeoutMs: 120_000 }).then(
      async (s) => {
        cleanup.push(() => s.kill())
        expect(await s.exited).toBe(1)
        return s.log()
      },
      (err: Error) => err.message,
    )
    expect(failed).toMatch(/could not be opened/)
    expect(failed).toMatch(new RegExp(`The latest backup is ${backupDir}/manual-\\d{8}T\\d{6}Z\\.sql`))
    expect(failed).toMatch(/npm run owner -- restore /)
    expect(failed).not.toMatch(/^\s+at /m)
  },
)
