import { chmod, lstat, readdir } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The data folder, the owner secret and the outbox hold every address and the key to the console:
 * readable by the server's user only (docs/deploy.md "Who can read the data").
 */
export const PRIVATE_DIR_MODE = 0o700
const PRIVATE_FILE_MODE = 0o600

/**
 * New files and folders get no group or other bits whatever the shell's umask. PGlite still
 * writes most of its files 0666 (it sets the mode itself), hence makePrivate() below.
 */
export function restrictUmask(): void {
  process.umask(0o077)
}

/**
 * Sets every path under each of `paths` (missing ones are skipped) to 0700 (folders) or 0600
 * (files), without following symbolic links. Returns a line per path it could not fix.
 */
export async function makePrivate(paths: string[]): Promise<string[]> {
  const problems: string[] = []
  for (const path of paths) await fixTree(path, problems)
  return problems
}

async function fixTree(path: string, problems: string[]): Promise<void> {
  let info
  try {
    info = await lstat(path)
  } catch (err) {
    // Missing: nothing to protect yet. Gone meanwhile: PostgreSQL removes its temp files.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') problems.push(`${path}: ${(err as Error).message}`)
    return
  }
  if (info.isSymbolicLink()) return
  const wanted = info.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE
  if ((info.mode & 0o777) !== wanted) {
    try {
      await chmod(path, wanted)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') problems.push(`${path}: ${(err as Error).message}`)
    }
  }
  if (!info.isDirectory()) return
  let names: string[]
  try {
    names = await readdir(path)
  } catch (err) {
    problems.push(`${path}: ${(err as Error).message}`)
    return
  }
  for (const name of names) await fixTree(join(path, name), problems)
}
