import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { PRIVATE_DIR_MODE } from '../../private-files.ts'

/** How scheduled backups are named: `backup-20261126T033000Z.sql`, so names sort by time. */
const SCHEDULED = /^backup-\d{8}T\d{6}Z\.sql$/

/** Bytes gathered before a write: few system calls, little memory. */
const FLUSH_BYTES = 1 << 20

/**
 * A file written as a backup must be: readable by this user only (0600), under a temporary name
 * until complete, synced, then renamed over the final name and its folder synced, so a crash
 * leaves either the old file or the whole new one, never half of one.
 */
export async function writePrivateFile(path: string, fill: (write: (line: string) => Promise<void>) => Promise<void>) {
  const target = resolve(path)
  await mkdir(dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE })
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.tmp`)
  const file = await open(temp, 'wx', 0o600)
  let pending: string[] = []
  let size = 0
  const flush = async (fh: FileHandle) => {
    if (!pending.length) return
    await fh.write(pending.join(''))
    pending = []
    size = 0
  }
  try {
    await fill(async (line) => {
      pending.push(line, '\n')
      size += line.length + 1
      if (size >= FLUSH_BYTES) await flush(file)
    })
    await flush(file)
    await file.sync()
    await file.close()
  } catch (err) {
    await file.close().catch(() => {})
    await rm(temp, { force: true })
    throw err
  }
  await rename(temp, target)
  await syncDir(dirname(target))
}

/** Makes a rename durable: the folder's entry is data too. */
async function syncDir(dir: string): Promise<void> {
  const d = await open(dir, 'r')
  try {
    await d.sync()
  } finally {
    await d.close()
  }
}

/** The name a scheduled backup taken at `at` gets. */
export function scheduledName(at: Date): string {
  return `backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.sql`
}

/** The backups in `dir` (scheduled or not: any `*.sql` file), newest first by modification time. */
export async function listBackups(dir: string): Promise<{ path: string; mtime: Date }[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return []
  }
  const found: { path: string; mtime: Date }[] = []
  for (const name of names) {
    if (!name.endsWith('.sql') || name.startsWith('.')) continue
    const path = join(resolve(dir), name)
    const s = await stat(path).catch(() => null)
    if (s?.isFile()) found.push({ path, mtime: s.mtime })
  }
  return found.sort((a, b) => b.mtime.getTime() - a.mtime.getTime())
}

/** Deletes the oldest scheduled backups beyond `keep`; files named by hand stay. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => SCHEDULED.test(n)).sort()
  const old = names.slice(0, Math.max(0, names.length - keep))
  for (const name of old) await rm(join(dir, name), { force: true })
  return old
}

/** A file's lines, one at a time (a backup may be larger than memory should hold). */
export function readLines(path: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity })
}
