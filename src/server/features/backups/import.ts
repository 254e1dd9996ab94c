import { setImmediate as yieldToRequests } from 'node:timers/promises'
import type { ImportResult } from '../../../shared/backups.ts'
import { IMPORT_LISTED_INVALID, IMPORT_PREVIEW_ROWS } from '../../../shared/list-import.ts'
import { closestLocale } from '../../../shared/locales.ts'
import { canonicalEmail, emailAddress } from '../../../shared/email-address.ts'
import { enqueue } from '../../../mail-core/enqueue.ts'
import { confirmSignup } from '../../../emails/confirm-signup.kind.ts'
import { welcome } from '../../../emails/welcome.kind.ts'
import type { Db } from '../../db/db.ts'
import { audit } from '../../owner/audit.ts'
import { readCsv, type CsvRow, type CsvSource } from './import-csv.ts'
import { importBatch, type ImportRow } from './import-queries.ts'

// `npm run owner -- import` and the console's import (docs/decisions/list-import.md): the file
// is read twice, first whole to refuse a broken file before any row is stored, then in batches.

export type ImportOptions = {
  /** Each row's source; callers default it to the file's base name. */
  source: string
  send: 'none' | 'welcome' | 'confirmation'
  dryRun: boolean
  actor: string
  /** Spacing of the emails asked for, as invitations are spaced (INVITATION_INTERVAL_MS). */
  emailIntervalMs: number
}

/**
 * How long one batch's statement may hold the database. Each row runs the sign-up trigger (a
 * lock, the mailbox and suppression checks), whose cost depends on the machine, so the batch's
 * size follows the time the last one took; between batches the import waits a turn of the event
 * loop, so a public request that arrives meanwhile waits for one batch at most (PGlite serves one
 * statement at a time; bench/import.ts measures the worst wait).
 */
const IMPORT_BATCH_TARGET_MS = 40
const BATCH_ROWS = { first: 50, min: 5, max: 1000 }

/** A created date the file may give: an ISO 8601 day or time (UTC unless it says otherwise). */
const DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?\s*(Z|[+-]\d{2}:?\d{2}| UTC)?)?$/i
/** Before the first email was sent there were no sign-ups: anything earlier is a wrong column. */
const EARLIEST = Date.UTC(1995, 0, 1)

export function parseCreated(value: string, now = Date.now()): string | null {
  const v = value.trim()
  if (!DATE.test(v)) return null
  let iso = v.replace(' ', 'T').replace(/\s*UTC$/i, 'Z')
  if (iso.length === 10) iso += 'T00:00:00Z'
  else if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(iso)) iso += 'Z'
  const t = Date.parse(iso)
  if (!Number.isFinite(t) || t < EARLIEST || t > now) return null
  // Date.parse rolls 2026-02-30 over to March: a day that does not exist is no date.
  const [y, m, d] = v.slice(0, 10).split('-').map(Number) as [number, number, number]
  if (new Date(Date.UTC(y, m - 1, d)).getUTCDate() !== d) return null
  return new Date(t).toISOString()
}

/** A language of the site's, from `de`, `DE` or `de-AT`; null otherwise. */
export function parseLanguage(value: string): string | null {
  return value.trim() ? closestLocale(value) : null
}

/** The default source: the file's base name, as a source label allows it (1–64 characters, no @). */
export function sourceFromFileName(file: string | undefined): string {
  const base = (file ?? '').split(/[\\/]/).pop() ?? ''
  const name = base
    .replace(/\.(csv|txt|tsv)$/i, '')
    .replace(/@/g, '-')
    .trim()
    .slice(0, 64)
  return name || 'import'
}

export async function importCsv(db: Db, source: CsvSource, options: ImportOptions): Promise<ImportResult> {
  // Pass one: the whole file parses and has an email column, or nothing is stored.
  const check = await readCsv(source)
  for await (const _ of check.rows) void _
  // Pass two: the rows.
  const { columns, delimiter, rows } = await readCsv(source)
  const counts = {
    rows: 0,
    added: 0,
    duplicatesInFile: 0,
    alreadyListed: 0,
    suppressed: 0,
    invalid: 0,
    datesKept: 0,
    datesUnread: 0,
    emailsQueued: 0,
  }
  const invalidRows: ImportResult['invalidRows'] = []
  const unreadDates: ImportResult['unreadDates'] = []
  const preview: ImportResult['preview'] = []
  // The file's mailboxes seen so far: a duplicate within the file is counted, not sent to the
  // database. Bounded by the file (the console's upload limit; about 50 bytes a row).
  const seen = new Set<string>()
  let batch: ImportRow[] = []
  let batchRows = BATCH_ROWS.first

  async function flush() {
    if (!batch.length) return
    const rowsNow = batch
    batch = []
    const started = performance.now()
    const r = await db.transaction(async (tx) => {
      const result = await importBatch(tx, rowsNow, {
        source: options.source,
        unconfirmed: options.send === 'confirmation',
        dryRun: options.dryRun,
      })
      if (!options.dryRun && options.send !== 'none' && result.inserted.length) {
        const kind = options.send === 'welcome' ? welcome : confirmSignup
        const queued = await enqueue(
          tx,
          kind,
          result.inserted.map((email, i) => ({
            to: email,
            key: canonicalEmail(email),
            payload: null,
            delayMs: (counts.emailsQueued + i) * options.emailIntervalMs,
          })),
        )
        counts.emailsQueued += queued.length
      }
      return result
    })
    const took = Math.max(1, performance.now() - started)
    batchRows = Math.round(
      Math.min(BATCH_ROWS.max, Math.max(BATCH_ROWS.min, (rowsNow.length * IMPORT_BATCH_TARGET_MS) / took)),
    )
    const added = options.dryRun ? rowsNow.length - r.listed - r.suppressed : r.inserted.length
    counts.added += added
    counts.suppressed += r.suppressed
    // What the trigger dropped besides (a visitor signed the mailbox up in the same instant).
    counts.alreadyListed += rowsNow.length - added - r.suppressed
    if (options.dryRun) counts.datesKept += rowsNow.filter((x) => x.created_at).length
    else {
      const inserted = new Set(r.inserted)
      counts.datesKept += rowsNow.filter((x) => x.created_at && inserted.has(x.email)).length
    }
    // Public requests go first between batches (PGlite serves one statement at a time).
    await yieldToRequests()
  }

  for await (const row of rows) {
    counts.rows++
    const checked = emailAddress.safeParse(row.email)
    if (!checked.success) {
      counts.invalid++
      if (invalidRows.length < IMPORT_LISTED_INVALID)
        invalidRows.push({ row: row.row, reason: reasonFor(row, checked.error.issues[0]?.message) })
      continue
    }
    const email = checked.data
    const mailbox = canonicalEmail(email)
    if (seen.has(mailbox)) {
      counts.duplicatesInFile++
      continue
    }
    seen.add(mailbox)
    // With a request to confirm, the file's date is not kept (docs/decisions/list-import.md).
    const created = options.send === 'confirmation' ? null : parseCreated(row.created)
    if (options.send !== 'confirmation' && row.created.trim() && !created) {
      counts.datesUnread++
      if (unreadDates.length < IMPORT_LISTED_INVALID)
        unreadDates.push({ row: row.row, value: row.created.trim().slice(0, 100) })
    }
    const locale = parseLanguage(row.language)
    if (preview.length < IMPORT_PREVIEW_ROWS)
      preview.push({ row: row.row, email, name: row.name.slice(0, 100), createdAt: created, language: locale })
    batch.push({ email, created_at: created, locale })
    if (batch.length >= batchRows) await flush()
  }
  await flush()
  if (!options.dryRun)
    await audit(db, options.actor, 'signups.import', {
      source: options.source,
      send: options.send,
      columns,
      ...counts,
    })
  return {
    dryRun: options.dryRun,
    source: options.source,
    send: options.send,
    delimiter,
    columns,
    counts,
    invalidRows,
    unreadDates,
    preview,
  }
}

function reasonFor(row: CsvRow, message: string | undefined): string {
  return row.email.trim() ? (message ?? 'Not a valid email address.') : 'No email address.'
}
