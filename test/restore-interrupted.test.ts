import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import type { Db } from '../src/server/db/db.ts'
import { PERSON_DATA } from '../src/server/features.ts'
import { writeBackup } from '../src/server/features/backups/backup.ts'
import { journalMirror } from '../src/server/features/backups/journal.ts'
import { personEraser } from '../src/server/features/data-access/erase.ts'
import { ownerSecret } from '../src/server/owner/keys.ts'
import { DB_KINDS, testDb } from '../src/server/test-app.ts'
import { startOwnerCli, runOwnerCli } from './support/owner-cli.ts'
import { serverDatabase } from './support/server-database.ts'

// `npm run owner -- restore` killed after the backup's rows are in and before the journal's
// erasures are re-applied: nobody erased since the backup may be in the database then, and the
// restore must run again. The moment is made certain, not timed: the journal the restore reads
// is a named pipe, whose opening the test waits for, and it kills the process while the restore
// waits on the pipe.

const erasePerson = personEraser(PERSON_DATA)

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

const KEPT = ['ann@example.com', 'cy@example.com']
const ERASED = ['bob@example.com', 'dee@example.com']

async function emails(db: Db): Promise<string[]> {
  const r = await db.query<{ email: string }>('select email from public.beta_signups order by email')
  return r.rows.map((x) => x.email)
}

describe.each(DB_KINDS)('a restore killed between its load and the journal, %s', (kind) => {
  test('brings nobody erased back, and runs again to the end', { timeout: 600_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restore-killed-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const source = await testDb(kind)
    cleanup.push(source.close)
    for (const e of [...KEPT, ...ERASED])
      await source.db.query('insert into public.beta_signups (email) values ($1)', [e])
    const secret = await ownerSecret(source.db)
    const journalDir = join(dir, 'journal')
    const journal = journalMirror(source.db, journalDir)
    const file = join(dir, 'backup.sql')
    await writeBackup({ db: source.db, database: kind }, file)
    for (const e of ERASED) await erasePerson(source.db, secret, 'owner@example.com', e)
    await journal.sync()
    const entries = await readFile(join(journalDir, 'suppression-journal.jsonl'), 'utf8')

    const target = await serverDatabase(kind, dir)
    cleanup.push(() => target.drop())
    const backupDir = join(dir, 'held')
    await mkdir(backupDir)
    const pipe = join(backupDir, 'suppression-journal.jsonl')
    execFileSync('mkfifo', ['-m', '600', pipe])
    const env = { ...target.env, BACKUP_DIR: backupDir }
    const { child, result } = startOwnerCli(['restore', file], env)
    cleanup.push(async () => child.kill('SIGKILL'))
    // Resolves once the restore opened the journal to read it; it then waits for its lines.
    const writer = await Promise.race([
      open(pipe, 'w'),
      result.then((r) => Promise.reject(new Error(`the restore ended first (${r.code}): ${r.err}`))),
    ])
    // PostgreSQL shows what the waiting restore holds: the rows loaded, not committed.
    const loadedUncommitted =
      kind === 'postgres'
        ? await target.inspect(async (db) => {
            const r = await db.query(
              `select 1 from pg_locks l join pg_class c on c.oid = l.relation
               where c.relname = 'beta_signups' and l.mode = 'RowExclusiveLock' and l.granted and l.pid <> pg_backend_pid()
                 and l.database = (select oid from pg_database where datname = current_database())`,
            )
            return r.rows.length > 0
          })
        : true
    child.kill('SIGKILL')
    expect((await result).code).toBe(null)
    await writer.close()

    const afterKill = await target.inspect(emails)
    for (const e of ERASED) expect(afterKill, e).not.toContain(e)
    expect(loadedUncommitted).toBe(true)

    await rm(pipe)
    await writeFile(pipe, entries, { mode: 0o600 })
    const again = await runOwnerCli(['restore', file], env)
    expect(again.code, again.err).toBe(0)
    expect(again.out).toMatch(/Re-applied since the backup: 2 erasure\(s\)/)
    expect(await target.inspect(emails)).toEqual(KEPT)
  })
})
