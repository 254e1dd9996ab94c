import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from '../../db/db.ts'
import { PRIVATE_DIR_MODE } from '../../private-files.ts'

/**
 * A consistent copy of a PGlite folder the server is using, while it keeps answering:
 * PostgreSQL's own online base backup (pg_backup_start, copy the files, pg_backup_stop, the WAL
 * written meanwhile, backup_label). Queries wait only for the two calls (a checkpoint and a WAL
 * switch, tens of milliseconds), not for the copy; the copy's torn pages are repaired from the
 * WAL when it is opened, as after a crash. docs/decisions/backups.md.
 */
export async function copyLiveFolder(db: Db, dataDir: string, into: string): Promise<string> {
  const copy = join(into, `.snapshot-${randomBytes(6).toString('hex')}`)
  await mkdir(copy, { recursive: true, mode: PRIVATE_DIR_MODE })
  try {
    await db.query(`select pg_backup_start('launch-page backup', true)`)
    let stop: { labelfile: string; spcmapfile: string | null; walfile: string }
    try {
      await copyTree(dataDir, copy)
    } finally {
      // Always ends the backup mode this session opened, also when the copy failed.
      const r = await db.query<{ labelfile: string; spcmapfile: string | null; walfile: string }>(
        `select labelfile, spcmapfile, pg_walfile_name(lsn) as walfile from pg_backup_stop(false)`,
      )
      stop = r.rows[0]!
    }
    const first = /\(file ([0-9A-F]{24})\)/.exec(stop.labelfile)?.[1]
    if (!first) throw new Error('pg_backup_stop gave no start WAL file')
    // The WAL from the backup's start to its end; later files are recycled ones or the future.
    const walDir = join(dataDir, 'pg_wal')
    const segments = (await readdir(walDir)).filter((n) => /^[0-9A-F]{24}$/.test(n) && n >= first && n <= stop.walfile)
    if (!segments.includes(first) || !segments.includes(stop.walfile))
      throw new Error(`the WAL between ${first} and ${stop.walfile} is no longer in ${walDir}`)
    for (const name of segments) await copyFile(join(walDir, name), join(copy, 'pg_wal', name))
    await writeFile(join(copy, 'backup_label'), stop.labelfile, { mode: 0o600 })
    if (stop.spcmapfile) await writeFile(join(copy, 'tablespace_map'), stop.spcmapfile, { mode: 0o600 })
    return copy
  } catch (err) {
    await rm(copy, { recursive: true, force: true })
    throw err
  }
}

/** What a base backup leaves out (PostgreSQL's documentation, "Backing Up the Data Directory"). */
const EMPTY_DIRS = new Set([
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
  'pg_replslot',
])
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map'])

async function copyTree(from: string, to: string, top = true): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const src = join(from, entry.name)
    const dst = join(to, entry.name)
    if (entry.isDirectory()) {
      await mkdir(dst, { mode: PRIVATE_DIR_MODE })
      if (top && EMPTY_DIRS.has(entry.name)) {
        if (entry.name === 'pg_wal') await mkdir(join(dst, 'archive_status'), { mode: PRIVATE_DIR_MODE })
        continue
      }
      await copyTree(src, dst, false)
    } else if (entry.isFile()) {
      if (top && SKIPPED_FILES.has(entry.name)) continue
      // A file PostgreSQL dropped while we listed the folder is not part of the snapshot.
      await copyFile(src, dst).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err
      })
    }
  }
}

/**
 * Dumps a copied folder in a child process: opening it replays the WAL, and the dump's reads and
 * PGlite's memory stay out of the server, whose event loop keeps serving. Writes `out` (0600,
 * temp name, rename) and prints the header as JSON.
 */
export async function dumpFolderInChild(copy: string, out: string, takenAt: string): Promise<{ takenAt: string }> {
  const self = fileURLToPath(import.meta.url)
  const child = join(self, '..', `dump-child${extname(self)}`)
  // Under tsx (development, tests) the child needs the same loader; the built server runs .js.
  const args = extname(self) === '.ts' ? ['--import', 'tsx', child, copy, out, takenAt] : [child, copy, out, takenAt]
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const code = await new Promise<number | null>((resolve, reject) => {
    proc.once('error', reject)
    proc.once('exit', resolve)
  })
  if (code !== 0) throw new Error(`the backup's dump failed (exit ${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`)
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { takenAt: string }
}
