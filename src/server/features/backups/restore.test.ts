import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { RENAMED_MIGRATIONS } from '../../db/migration-renames.ts'
import { isSuppressed } from '../../db/suppressions.ts'
import { PERSON_DATA } from '../../features.ts'
import { ownerSecret } from '../../owner/keys.ts'
import { DB_KINDS, testDb } from '../../test-app.ts'
import { personEraser } from '../data-access/erase.ts'
import { writeBackup } from './backup.ts'
import { journalMirror, readJournal } from './journal.ts'
import { restoreBackup, RestoreRefused, type RestoreOptions } from './restore.ts'

// Issue 42: a restore keeps promises. A person erased, or who left, after a backup was taken
// must not come back when that backup is restored (into PGlite or PostgreSQL).

/** Erasure as the server and the owner CLI run it: over every feature's person-data sources. */
const erasePerson = personEraser(PERSON_DATA)

/** A restore as the owner CLI runs it, with the journal in `dir` (none: no journal file). */
function restoreOptions(dir?: string): RestoreOptions {
  return {
    journal: async () => (dir ? readJournal(dir) : []),
    erase: (tx, secret, address) => erasePerson(tx, secret, 'owner-cli restore', address),
    actor: 'owner-cli',
  }
}
const loadBackup = (db: Db, file: string) => restoreBackup(db, file, restoreOptions())

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

async function signUp(db: Db, email: string): Promise<void> {
  await db.query('insert into public.beta_signups (email) values ($1)', [email])
}

async function emails(db: Db): Promise<string[]> {
  return (await db.query<{ email: string }>('select email from public.beta_signups order by email')).rows.map(
    (r) => r.email,
  )
}

describe.each(DB_KINDS)('backup, then restore, %s', (kind) => {
  test('a person erased and one who left after the backup stay gone and suppressed', { timeout: 180_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restore-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const source = await testDb(kind)
    cleanup.push(source.close)
    for (const e of ['ada@example.com', 'bob@example.com', 'cy@example.com', 'dee@example.com'])
      await signUp(source.db, e)
    // Left before the backup: the backup holds the suppression itself.
    await source.db.query(
      `select app_private.unsubscribe(unsubscribe_token) from public.beta_signups where email = 'dee@example.com'`,
    )
    // As the server does at its start: the owner secret exists before any backup.
    const sourceSecret = await ownerSecret(source.db)
    const journal = journalMirror(source.db, dir)
    const file = join(dir, 'backup.sql')
    await writeBackup({ db: source.db, database: kind }, file)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    await journal.sync()

    // After the backup: Ada is erased (in another spelling), Bob leaves through his link.
    await erasePerson(source.db, sourceSecret, 'owner@example.com', 'ADA@example.com')
    await source.db.query(
      `select app_private.unsubscribe(unsubscribe_token) from public.beta_signups where email = 'bob@example.com'`,
    )
    await journal.sync()

    const target = await testDb(kind)
    cleanup.push(target.close)
    const { counts } = await restoreBackup(target.db, file, restoreOptions(dir))
    // The restored key is the backup's: the hashes of the journal match the restored addresses.
    expect((await ownerSecret(target.db)).equals(sourceSecret)).toBe(true)
    // Ada's erasure put her mailbox on the list (one entry) and erased her (another); Bob left.
    expect(counts).toMatchObject({ erased: 1, suppressed: 2, lifted: 0 })
    expect(await emails(target.db)).toEqual(['cy@example.com'])
    for (const gone of ['ada@example.com', 'bob@example.com', 'dee@example.com'])
      expect(await isSuppressed(target.db, gone), gone).toBe(true)
    expect(await isSuppressed(target.db, 'cy@example.com')).toBe(false)
    // Nothing queued to the erased person survives either.
    const queued = await target.db.query(`select 1 from app_private.email_queue where to_email = 'ada@example.com'`)
    expect(queued.rows).toHaveLength(0)

    // Restoring again into the same, now used, database is refused with one clear line.
    await expect(loadBackup(target.db, file)).rejects.toThrow(RestoreRefused)
    await expect(loadBackup(target.db, file)).rejects.toThrow(/not empty/)

    // The journal's file names no address.
    const text = await readFile(join(dir, 'suppression-journal.jsonl'), 'utf8')
    expect(text).not.toMatch(/@/)
  })
  test('the journal is kept before the first backup made its folder', { timeout: 180_000 }, async () => {
    const { db, close } = await testDb(kind)
    cleanup.push(close)
    const parent = await mkdtemp(join(tmpdir(), 'journal-'))
    cleanup.push(() => rm(parent, { recursive: true, force: true }))
    const dir = join(parent, 'backups', 'not-yet')
    await db.query(`select app_private.suppress_mailbox('gone@example.com', 'unsubscribed')`)
    await journalMirror(db, dir).sync()
    expect((await stat(dir)).mode & 0o777).toBe(0o700)
    expect(await readJournal(dir)).toEqual([expect.objectContaining({ event: 'suppressed' })])
  })

  test(
    'a backup whose last migration was since renamed restores; one from a newer version is refused',
    { timeout: 180_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'restore-'))
      cleanup.push(() => rm(dir, { recursive: true, force: true }))
      const source = await testDb(kind)
      cleanup.push(source.close)
      await signUp(source.db, 'ada@example.com')
      const file = join(dir, 'backup.sql')
      await writeBackup({ db: source.db, database: kind }, file)
      const text = await readFile(file, 'utf8')
      const [from] = RENAMED_MIGRATIONS.at(-1)!
      // As a backup taken before the rename: its header names the migration by its old name.
      const old = join(dir, 'old.sql')
      await writeFile(old, text.replace(/^-- migration: .*$/m, `-- migration: ${from}`))
      const newer = join(dir, 'newer.sql')
      await writeFile(newer, text.replace(/^-- migration: .*$/m, '-- migration: 29991231000000_create_later.sql'))

      const target = await testDb(kind)
      cleanup.push(target.close)
      await expect(loadBackup(target.db, newer)).rejects.toThrow(/newer version/)
      await loadBackup(target.db, old)
      expect(await emails(target.db)).toEqual(['ada@example.com'])
    },
  )
})

// A backup file is data: whatever a line says, the restore reads rows and sequence values from
// it, and never runs its text as SQL (a crafted file must not write a server file, run a program
// on the database server, or store anything).
describe.each(DB_KINDS)('a crafted backup, %s', (kind) => {
  test('each crafted line is refused, naming the line, and nothing of it runs', { timeout: 180_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restore-crafted-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const source = await testDb(kind)
    cleanup.push(source.close)
    await signUp(source.db, 'ada@example.com')
    const file = join(dir, 'backup.sql')
    await writeBackup({ db: source.db, database: kind }, file)
    const lines = (await readFile(file, 'utf8')).split('\n')
    const insert = lines.findIndex((l) => l.startsWith('insert into public.beta_signups '))
    const setval = lines.findIndex((l) => l.startsWith("select setval('public.beta_signups_id_seq'"))
    expect(insert).toBeGreaterThan(0)
    expect(setval).toBeGreaterThan(0)
    // Where the database server itself would write: world-writable, outside the test's folder.
    const marker = (name: string) => join(tmpdir(), `restore-crafted-${process.pid}-${kind}-${name}`)
    const exported = marker('lo-export')
    const program = marker('program')
    cleanup.push(
      () => rm(exported, { force: true }),
      () => rm(program, { force: true }),
    )
    const planted = `'planted@example.com'`
    const tableLine = lines[insert]!
    const crafted: Record<string, { at: number; line: string }> = {
      // Two lines: a large object made by the first is written out by the second.
      'a function call beside setval': {
        at: setval,
        line: [
          `select setval('public.beta_signups_id_seq', 1, true), lo_from_bytea(424242, 'x');`,
          `select setval('public.beta_signups_id_seq', 1, true), lo_export(424242, '${exported}');`,
        ].join('\n'),
      },
      'a program run by copy, after a good line': {
        at: insert,
        line: `${tableLine} copy (select 1) to program 'touch ${program}';`,
      },
      'a second statement': {
        at: insert,
        line: `${tableLine.slice(0, -1)}; insert into public.beta_signups (email) values (${planted});`,
      },
      'a function call in place of a value': {
        at: insert,
        line: tableLine.replace(
          /select "id", "email"/,
          `select "id", (select lo_from_bytea(0, 'x')::text || ${planted}) as "email"`,
        ),
      },
      'an unknown table': {
        at: insert,
        line: tableLine.replaceAll('public.beta_signups', 'public.not_ours'),
      },
      'an unknown column': {
        at: insert,
        line: tableLine.replace('"email": ', '"is_admin": true, "email": '),
      },
    }
    // Each refusal leaves the database as empty as it was: one target serves every case.
    const target = await testDb(kind)
    cleanup.push(target.close)
    for (const [what, { at, line }] of Object.entries(crafted)) {
      expect(line, what).not.toBe(lines[at])
      const bad = join(dir, 'crafted.sql')
      await writeFile(bad, lines.map((l, i) => (i === at ? line : l)).join('\n'))
      {
        const refused = await loadBackup(target.db, bad).then(
          () => null,
          (err: unknown) => err,
        )
        expect(refused, what).toBeInstanceOf(RestoreRefused)
        expect((refused as Error).message, what).toContain(`line ${at + 1} of ${bad}`)
        expect(await emails(target.db), what).toEqual([])
        const objects = await target.db.query('select 1 from pg_largeobject_metadata')
        expect(objects.rows, what).toEqual([])
      }
      await expect(stat(exported), what).rejects.toThrow(/ENOENT/)
      await expect(stat(program), what).rejects.toThrow(/ENOENT/)
    }
  })

  test('a value that spells SQL is stored as the text it is', { timeout: 180_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restore-values-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const source = await testDb(kind)
    cleanup.push(source.close)
    const message = `'); select pg_read_file('/etc/passwd'); -- $b000000000000$ lo_export(1, '/tmp/x')`
    await source.db.query(
      `insert into public.contact_messages (name, email, subject, message) values ('Ada', 'ada@example.com', 'general', $1)`,
      [message],
    )
    const file = join(dir, 'backup.sql')
    await writeBackup({ db: source.db, database: kind }, file)
    const target = await testDb(kind)
    cleanup.push(target.close)
    await loadBackup(target.db, file)
    const r = await target.db.query<{ message: string }>('select message from public.contact_messages')
    expect(r.rows).toEqual([{ message }])
  })
})
