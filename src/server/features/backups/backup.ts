import { rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Db } from '../../db/db.ts'
import { writeDump, type DumpHeader } from './dump.ts'
import { writePrivateFile } from './files.ts'
import { copyLiveFolder, dumpFolderInChild } from './snapshot.ts'

export type BackupSource = {
  db: Db
  database: DumpHeader['database']
  /**
   * PGlite: the folder of a database this process serves requests from. Its dump is made from an
   * online copy in a child process, so requests never wait for it; without it (the CLI, which
   * holds the folder alone; PostgreSQL, where a repeatable-read transaction blocks nobody) the
   * dump reads the database directly.
   */
  liveFolder?: string
}

/** Writes one backup file at `path` (0600, complete or absent). */
export async function writeBackup(source: BackupSource, path: string): Promise<{ takenAt: string }> {
  if (source.database === 'pglite' && source.liveFolder) {
    // Before the copy starts: every write acknowledged before this moment is in the copy.
    const takenAt = new Date().toISOString()
    const copy = await copyLiveFolder(source.db, source.liveFolder, dirname(path))
    try {
      return await dumpFolderInChild(copy, path, takenAt)
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  }
  let header: DumpHeader | undefined
  await writePrivateFile(path, async (write) => {
    header = await writeDump(source.db, source.database, write)
  })
  return { takenAt: header!.takenAt }
}
