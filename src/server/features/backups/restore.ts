import type { Db, Tx } from '../../db/db.ts'
import { currentMigrationName } from '../../db/migration-renames.ts'
import { NotOurLine, parseDataLine, type DataLine, type KnownSchema } from './backup-lines.ts'
import { applicationTables, parseHeader, quoteIdent, rowsLineHead, sequences, type DumpHeader } from './dump.ts'
import { readLines } from './files.ts'
import { audit } from '../../owner/audit.ts'
import { ownerSecret } from '../../owner/keys.ts'
import type { JournalEntry } from './journal.ts'
import { dedupeKeyOf } from '../../../emails/dedupe-key.ts'
import { confirmSignup } from '../../../emails/confirm-signup.kind.ts'
import { welcome } from '../../../emails/welcome.kind.ts'

/** A restore refused before anything was written; the message is the one line to show. */
export class RestoreRefused extends Error {}

/** Tables whose rows only use makes: any of them holding a row means the database is in use. */
const IN_USE = [
  'public.beta_signups',
  'public.contact_messages',
  'app_private.email_suppressions',
  'app_private.email_queue',
  'app_private.owner_audit',
]

export async function readHeader(file: string): Promise<DumpHeader> {
  const lines: string[] = []
  for await (const line of readLines(file)) {
    if (!line.startsWith('--') || line.startsWith('-- table:') || lines.length > 20) break
    lines.push(line)
  }
  const header = parseHeader(lines)
  if (!header) throw new RestoreRefused(`${file} is not a backup made by \`npm run owner -- backup\`.`)
  return header
}

/** Erasure of one address, inside the restore's transaction (the data-access feature's, given by the caller). */
type RestoreErase = (db: Pick<Db, 'transaction'>, secret: Buffer, address: string) => Promise<unknown>

export type RestoreOptions = {
  /** The journal's entries (journal.ts's file beside the backups). */
  journal: () => Promise<JournalEntry[]>
  erase: RestoreErase
  /** Who the audit log names. */
  actor: string
}

/**
 * Restores a backup into a migrated, empty database and re-applies what the journal recorded
 * after it, in one transaction: a restore cut short (killed, a refused line) leaves the database
 * as empty as it was, never holding people erased since the backup, and runs again.
 * Triggers are off while rows load (they would re-check and re-derive what the backup already
 * holds, and take a lock per sign-up); foreign keys stay on, tables load parents first.
 */
export async function restoreBackup(
  db: Db,
  file: string,
  options: RestoreOptions,
): Promise<{ header: DumpHeader; rows: number; counts: ReapplyCounts }> {
  const header = await readHeader(file)
  // A backup taken before a migration was renamed names it by its old name.
  const known = await db.query('select 1 from app_private.schema_migrations where name = $1', [
    currentMigrationName(header.migration),
  ])
  if (known.rows.length === 0)
    throw new RestoreRefused(
      `${file} was made by a newer version (its last migration, ${header.migration}, is not in this one); update, then restore.`,
    )
  return db.transaction(async (tx) => {
    for (const table of IN_USE) {
      const r = await tx.query(`select 1 from ${table} limit 1`)
      if (r.rows.length)
        throw new RestoreRefused(
          `The database is not empty (${table} has rows); a restore only goes into a new, empty database. Point PGLITE_DIR at a new folder, or DATABASE_URL at an empty database, and run the restore again.`,
        )
    }
    const { rows, journalId } = await loadRows(tx, file)
    // The restored key is the backup's, so the journal's hashes match the restored addresses.
    const secret = await ownerSecret(tx)
    const inThisTransaction = { transaction: <T>(fn: (t: Tx) => Promise<T>) => fn(tx) }
    const counts = await reapplyJournal(tx, await options.journal(), journalId, (address) =>
      options.erase(inThisTransaction, secret, address),
    )
    await audit(tx, options.actor, 'backup.restore', { file, takenAt: header.takenAt, rows, reapplied: counts })
    return { header, rows, counts }
  })
}

/** The backup's rows; the journal's highest id among them: the entries after it are what happened later. */
async function loadRows(tx: Tx, file: string): Promise<{ rows: number; journalId: number }> {
  const tables = await applicationTables(tx)
  for (const t of tables) await tx.exec(`alter table ${t.name} disable trigger user`)
  // What the migrations wrote (keys, settings) gives way to the backup's: children first.
  for (const t of [...tables].reverse()) await tx.exec(`delete from ${t.name}`)
  const schema: KnownSchema = {
    tables: new Map(tables.map((t) => [t.name, t])),
    sequences: new Set((await sequences(tx)).map((s) => s.name)),
  }
  let rows = 0
  let n = 0
  for await (const line of readLines(file)) {
    n++
    if (!line || line.startsWith('--')) continue
    try {
      rows += await loadLine(tx, parseDataLine(line, schema))
    } catch (err) {
      if (!(err instanceof NotOurLine) && !isDatabaseError(err)) throw err
      throw new RestoreRefused(`line ${n} of ${file} is not one a backup holds (${err.message}); nothing was restored.`)
    }
  }
  for (const t of tables) await tx.exec(`alter table ${t.name} enable trigger user`)
  const j = await tx.query<{ id: string | number | null }>('select max(id) as id from app_private.suppression_journal')
  return { rows, journalId: Number(j.rows[0]?.id ?? 0) }
}

/**
 * One line's rows or sequence value, as parameters: the SQL around them is made of the
 * catalogue's names, never of the file's text.
 */
async function loadLine(tx: Tx, line: DataLine): Promise<number> {
  if (line.kind === 'sequence') {
    await tx.query('select setval($1::text::regclass, $2::bigint, $3::boolean)', [line.name, line.value, line.called])
    return 0
  }
  const { table } = line
  const list = line.columns.map(quoteIdent).join(', ')
  const r = await tx.query(`${rowsLineHead(table.name, list, table.identity)}$1::jsonb)`, [line.json])
  return r.rowCount
}

/** What the database refused in a line's values (a type, a constraint): SQLSTATE-coded. */
function isDatabaseError(err: unknown): err is Error {
  return err instanceof Error && typeof (err as { code?: unknown }).code === 'string'
}

export type ReapplyCounts = { suppressed: number; lifted: number; erased: number; removedSignups: number }

/**
 * Re-applies the journal entries a backup does not hold, in order, so a person who left or was
 * erased after the backup stays so. `erase` erases everything of one address (the data-access
 * feature's erasure, given by the caller). Entries are keyed hashes: the addresses are found by
 * hashing the restored rows' own addresses with the restored key.
 */
async function reapplyJournal(
  db: Tx,
  entries: JournalEntry[],
  after: number,
  erase: (address: string) => Promise<unknown>,
): Promise<ReapplyCounts> {
  const later = entries.filter((e) => e.id > after).sort((a, b) => a.id - b.id)
  const counts: ReapplyCounts = { suppressed: 0, lifted: 0, erased: 0, removedSignups: 0 }
  // The journal's ids go on after the file's, so entries written from now on follow them there.
  const top = Math.max(after, ...entries.map((e) => e.id))
  await db.query(
    `select setval(pg_get_serial_sequence('app_private.suppression_journal', 'id'), greatest($1::bigint, 1), $1::bigint > 0)`,
    [top],
  )
  for (const e of later) {
    if (e.event === 'erased') {
      for (const address of await addressesOf(db, e.hmac)) await erase(address)
      counts.erased++
    } else if (e.event === 'lifted') {
      await db.query(`delete from app_private.email_suppressions where mailbox_hmac = decode($1, 'hex')`, [e.hmac])
      await db.query(
        `update public.beta_signups set suppressed = false where app_private.mailbox_hmac(email) = decode($1, 'hex')`,
        [e.hmac],
      )
      counts.lifted++
    } else {
      counts.removedSignups += await suppress(db, e)
      counts.suppressed++
    }
  }
  return counts
}

/** As the database's own functions do: leaving deletes the sign-up; a bounce or complaint flags it. */
async function suppress(tx: Tx, e: JournalEntry): Promise<number> {
  const reason = e.reason ?? 'unsubscribed'
  await tx.query(
    `insert into app_private.email_suppressions (mailbox_hmac, reason) values (decode($1, 'hex'), $2)
     on conflict (mailbox_hmac) do update set reason = excluded.reason`,
    [e.hmac, reason],
  )
  if (reason !== 'unsubscribed') {
    await tx.query(
      `update public.beta_signups set suppressed = true where app_private.mailbox_hmac(email) = decode($1, 'hex')`,
      [e.hmac],
    )
    return 0
  }
  const gone = await tx.query<{ mailbox: string }>(
    `delete from public.beta_signups where app_private.mailbox_hmac(email) = decode($1, 'hex')
     returning app_private.canonical_email(email) as mailbox`,
    [e.hmac],
  )
  for (const g of gone.rows) {
    // The emails queued per mailbox leave with it, as on unsubscribe.
    await tx.query(`delete from app_private.email_queue where dedupe_key = any($1::text[])`, [
      [dedupeKeyOf(welcome, g.mailbox), dedupeKeyOf(confirmSignup, g.mailbox)],
    ])
  }
  return gone.rowCount
}

/** Every address the restored rows hold whose mailbox has this hash. */
async function addressesOf(db: Tx, hmac: string): Promise<string[]> {
  const r = await db.query<{ email: string }>(
    `select distinct email from (
       select email from public.beta_signups
       union all select email from public.contact_messages
       union all select email from app_private.beta_feedback
       union all select to_email from app_private.email_queue
     ) a(email) where email is not null and app_private.mailbox_hmac(email) = decode($1, 'hex')`,
    [hmac],
  )
  return r.rows.map((x) => x.email)
}
