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
import { loadBackup, reapplyJournal, RestoreRefused } from './restore.ts'

// Issue 42: a restore keeps promises. A person erased, or who left, after a backup was taken
// must not come back when that backup is restored (into PGlite or PostgreSQL).

/** Erasure as the server and the owner CLI run it: over every feature's person-data sources. */
const erasePerson = personEraser(PERSON_DATA)

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
  test('a person erased and one who left after the backup stay gone and suppressed', { timeout: 60_000 }, async () => {
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
    const loaded = await loadBackup(target.db, file)
    expect(await emails(target.db)).toEqual(['ada@example.com', 'bob@example.com', 'cy@example.com'])
    const secret = await ownerSecret(target.db)
    // The restored key is the backup's: the hashes of the journal match the restored addresses.
    expect(secret.equals(sourceSecret)).toBe(true)
    const counts = await reapplyJournal(target.db, await readJournal(dir), loaded.journalId, async (address) => {
      await erasePerson(target.db, secret, 'owner-cli restore', address)
    })
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
  test('the journal is kept before the first backup made its folder', { timeout: 60_000 }, async () => {
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
    { timeout: 60_000 },
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
