// `npm run owner -- backup [FILE]` and `npm run owner -- restore FILE` (docs/decisions/backups.md).
import { join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import type { Config } from '../../src/server/config.ts'
import type { Db } from '../../src/server/db/db.ts'
import { FolderInUseError, lockFolder } from '../../src/server/db/folder-lock.ts'
import { migrateOverSession } from '../../src/server/db/pooler.ts'
import { openDb } from '../../src/server/db/open.ts'
import { audit } from '../../src/server/owner/audit.ts'
import { writeBackup } from '../../src/server/features/backups/backup.ts'
import { writePrivateFile } from '../../src/server/features/backups/files.ts'
import { journalMirror, readJournal } from '../../src/server/features/backups/journal.ts'
import { readHeader, restoreBackup, RestoreRefused } from '../../src/server/features/backups/restore.ts'
import { personEraser } from '../../src/server/features/data-access/erase.ts'
import { callServer } from './server-call.ts'

const ACTOR = 'owner-cli'

/** A file name for a backup taken by hand: beside the daily ones, never pruned with them. */
function defaultFile(config: Config): string {
  return join(
    resolve(config.BACKUP_DIR),
    `manual-${new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}.sql`,
  )
}

export async function backupCommand(config: Config, file: string | undefined): Promise<number> {
  const path = resolve(file ?? defaultFile(config))
  if (config.DATABASE_URL) {
    // Any number of processes may open PostgreSQL; a repeatable-read read-only dump blocks nobody.
    const db = await openDb(config)
    try {
      await dumpHere(db, config, 'postgres', path)
    } finally {
      await db.close()
    }
    return 0
  }
  if (config.PGLITE_DIR.startsWith('memory://')) throw new Error('PGLITE_DIR=memory:// keeps nothing to back up')
  let lock
  try {
    lock = await lockFolder(config.PGLITE_DIR, 'owner-cli')
  } catch (err) {
    if (!(err instanceof FolderInUseError) || err.holder?.role !== 'server') throw err
    return backupThroughServer(config, path)
  }
  // Nobody serves this folder: we hold it alone for the few seconds the dump takes.
  const db = await openDb(config, { lock })
  try {
    await dumpHere(db, config, 'pglite', path)
  } finally {
    await db.close()
  }
  return 0
}

async function dumpHere(db: Db, config: Config, database: 'pglite' | 'postgres', path: string) {
  // As `link` and the server's start do: a restore needs the schema the file names.
  await migrateOverSession(db, config)
  await journalMirror(db, resolve(config.BACKUP_DIR)).sync()
  const { takenAt } = await writeBackup({ db, database }, path)
  await audit(db, ACTOR, 'backup.create', { file: path, takenAt })
  console.log(`Backup written to ${path} (taken at ${takenAt}).`)
}

/** The server holds the folder: it makes the dump (from an online copy) and streams it to us. */
async function backupThroughServer(config: Config, path: string): Promise<number> {
  const { res, url } = await callServer(config, 'backup', '/admin/cli/backup')
  if (!res.ok || !res.body)
    throw new Error(`the server at ${url} refused the backup: ${res.status} ${await res.text()}`)
  const takenAt = res.headers.get('x-backup-taken-at') ?? ''
  await writePrivateFile(path, async (write) => {
    // Lines as they arrive: the whole dump is never in memory.
    let rest = ''
    for await (const chunk of Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>)) {
      rest += Buffer.from(chunk as Uint8Array).toString('utf8')
      const lines = rest.split('\n')
      rest = lines.pop()!
      for (const line of lines) await write(line)
    }
    if (rest) await write(rest)
  })
  console.log(`Backup written to ${path} by the running server (taken at ${takenAt}).`)
  return 0
}

export async function restoreCommand(config: Config, file: string): Promise<number> {
  const path = resolve(file)
  const header = await readHeader(path)
  let db: Db
  if (config.DATABASE_URL) db = await openDb(config)
  else {
    if (config.PGLITE_DIR.startsWith('memory://'))
      throw new Error('PGLITE_DIR=memory:// would lose the restore at exit')
    let lock
    try {
      lock = await lockFolder(config.PGLITE_DIR, 'owner-cli')
    } catch (err) {
      if (err instanceof FolderInUseError)
        throw new RestoreRefused(
          `${config.PGLITE_DIR} is in use (${err.message.split('\n')[0]}); stop the server, then restore.`,
        )
      throw err
    }
    db = await openDb(config, { lock })
  }
  try {
    await migrateOverSession(db, config)
    const dir = resolve(config.BACKUP_DIR)
    // Erasure reads every feature's person-data sources, assembled by the features' list; only a
    // restore needs them, so the other commands do not load every feature.
    const erasePerson = personEraser((await import('../../src/server/features.ts')).PERSON_DATA)
    const { rows, counts } = await restoreBackup(db, path, {
      journal: () => readJournal(dir),
      erase: (tx, secret, address) => erasePerson(tx, secret, `${ACTOR} restore`, address),
      actor: ACTOR,
    })
    await journalMirror(db, dir).sync()
    console.log(`Restored ${rows} rows from ${path} (taken at ${header.takenAt}, ${header.database}).`)
    console.log(
      `Re-applied since the backup: ${counts.erased} erasure(s), ${counts.suppressed} suppression(s) (${counts.removedSignups} sign-up(s) removed), ${counts.lifted} lifted.`,
    )
    return 0
  } finally {
    await db.close()
  }
}
