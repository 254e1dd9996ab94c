import { lstatSync, realpathSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'

/**
 * The real path of a data folder, resolved once at start: a PGLITE_DIR that is, or lies
 * under, a symbolic link (a data disk mounted elsewhere) becomes the folder it points to, so the
 * lock, the secret file and PGlite all use one path (PGlite could not create or open a folder
 * through a link: ErrnoError 44, and two lock folders could exist for one database). A folder that
 * does not exist yet resolves through its nearest existing parent. `memory://` stays as it is.
 */
export function realDataDir(dir: string): string {
  if (dir.startsWith('memory://')) return dir
  const rest: string[] = []
  let at = resolve(dir)
  for (;;) {
    try {
      return join(realpathSync(at), ...rest.reverse())
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) throw err
      if (isLink(at)) throw new Error(`PGLITE_DIR: ${at} is a symbolic link to a folder that does not exist`)
      rest.push(basename(at))
      at = dirname(at)
    }
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}
