import { mkdir, open, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import type { Db, Tx } from '../../db/db.ts'
import { PRIVATE_DIR_MODE } from '../../private-files.ts'

/**
 * The suppression journal's copy outside the database (docs/decisions/backups.md): one JSON line
 * per change to the suppression list or erasure, as app_private.suppression_journal holds it
 * (a keyed hash, never an address). It lives beside the backups, so a restore can re-apply what
 * happened after a backup even when the database it happened in is lost.
 */
const JOURNAL_FILE = 'suppression-journal.jsonl'

export type JournalEntry = {
  id: number
  at: string
  /** HMAC of the canonical mailbox under the database's own key (hex). */
  hmac: string
  event: 'suppressed' | 'lifted' | 'erased'
  reason: string | null
}

/** Rows copied per read: the file grows in bounded steps. */
const BATCH = 1000

function journalPath(dir: string): string {
  return join(dir, JOURNAL_FILE)
}

/** Every entry of a journal file, in order; none when there is no file. */
export async function readJournal(dir: string): Promise<JournalEntry[]> {
  let text: string
  try {
    text = await readFile(journalPath(dir), 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  const entries: JournalEntry[] = []
  for (const line of text.split('\n')) {
    if (!line.trim()) continue
    try {
      entries.push(JSON.parse(line) as JournalEntry)
    } catch {
      // A line cut short by a crash while appending: the entries before it are whole.
    }
  }
  return entries
}

/**
 * Appends the database's entries the file lacks. Safe to call at any time and from one process
 * only (the server, or the CLI that holds the folder); calls made while one runs are folded
 * into one more run.
 */
export function journalMirror(db: Db, dir: string, logger?: Pick<Logger, 'error'>) {
  let last: number | null = null
  let running: Promise<void> | null = null
  let again = false

  async function copyNew(): Promise<void> {
    if (last === null) last = Math.max(0, ...(await readJournal(dir)).map((e) => e.id))
    for (;;) {
      const rows = await newEntries(db, last)
      if (rows.length === 0) return
      // The first change can come before the first backup made BACKUP_DIR.
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
      const fh = await open(journalPath(dir), 'a', 0o600)
      try {
        await fh.write(rows.map((e) => JSON.stringify(e) + '\n').join(''))
        await fh.sync()
      } finally {
        await fh.close()
      }
      last = rows.at(-1)!.id
      if (rows.length < BATCH) return
    }
  }

  function sync(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        do {
          again = false
          await copyNew()
        } while (again)
      } finally {
        running = null
      }
    })()
    return running
  }

  return {
    sync,
    /** For a notification: errors are logged, the next change or backup tries again. */
    poke: () => {
      sync().catch((err: unknown) =>
        logger?.error({ err, event: 'backup.journal_failed' }, 'suppression journal not copied'),
      )
    },
  }
}

async function newEntries(db: Db | Tx, after: number): Promise<JournalEntry[]> {
  // A database of a version before the journal (a backup taken before an upgrade): nothing to copy.
  const exists = await db.query<{ t: string | null }>(
    `select to_regclass('app_private.suppression_journal')::text as t`,
  )
  if (!exists.rows[0]?.t) return []
  const r = await db.query<{
    id: string | number
    at: Date | string
    hmac: string
    event: JournalEntry['event']
    reason: string | null
  }>(
    `select id, at, encode(mailbox_hmac, 'hex') as hmac, event, reason from app_private.suppression_journal
     where id > $1 order by id limit ${BATCH}`,
    [after],
  )
  return r.rows.map((e) => ({ ...e, id: Number(e.id), at: new Date(e.at).toISOString() }))
}
