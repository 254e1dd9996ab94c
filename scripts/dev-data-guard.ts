// What `npm run dev` never serves (docs/decisions/dev-server.md): the server's data folders. Vite
// serves the repository's files, and the data is usually inside it (./data): the database, the
// owner secret beside it, the emails (sign-in links among them), the backups. Two locks, each
// enough alone: Vite's own `server.fs.deny` (denyGlobs), and a guard in front of Vite
// (namesDataFile) that keeps any request whose path, however spelled, reaches those folders
// away from Vite's file serving, so a bypass of Vite's checks (queries, letter case, encodings
// have each been one) still opens nothing.
import { realpathSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { Config } from '../src/server/config.ts'

/** A folder never served; `beside`: nor the files named after it (PGLITE_DIR's `.owner-secret`, `.lock`). */
export type DataFolder = { dir: string; beside: boolean }

/**
 * The configured folders, whatever their names and wherever they are, each as written and as its
 * real path (a link followed), and ./data, the defaults' home, which may hold an earlier run's
 * database while these point elsewhere. Relative paths are the server's: from the working folder.
 */
export function dataFolders(config: Pick<Config, 'PGLITE_DIR' | 'OUTBOX_DIR' | 'BACKUP_DIR'>): DataFolder[] {
  const folders = [
    { dir: config.PGLITE_DIR, beside: true },
    { dir: config.OUTBOX_DIR, beside: false },
    { dir: config.BACKUP_DIR, beside: false },
    { dir: 'data', beside: true },
  ].filter(({ dir }) => !dir.startsWith('memory://'))
  return folders.flatMap(({ dir, beside }) => [
    { dir: resolve(dir), beside },
    { dir: realPath(resolve(dir)), beside },
  ])
}

/** The folders as `server.fs.deny` globs (absolute, so Vite matches them as they are; it ignores case). */
export function denyGlobs(folders: DataFolder[]): string[] {
  return folders.flatMap(({ dir, beside }) => {
    const d = dir.replace(/[\\*?[\]{}()!+@|^$]/g, '\\$&')
    return [d, `${d}/**`, ...(beside ? [`${d}.*`] : [])]
  })
}

/**
 * True when `url` (a request's target as sent) could name a file in the folders: decoded as many
 * times as it decodes, with or without its query, slashes doubled or backslashed, with Vite's
 * prefixes (`/@fs/`, `/@id/`) taken off, from the root or as an absolute path, through links,
 * in any letter case. Errs towards yes: a yes only means Vite does not see the request.
 */
export function namesDataFile(url: string, root: string, folders: DataFolder[]): boolean {
  return filesNamed(url, root).some((file) => folders.some((f) => inside(file, f) || inside(realPath(file), f)))
}

function inside(file: string, { dir, beside }: DataFolder): boolean {
  const f = file.toLowerCase()
  const d = dir.toLowerCase()
  return f === d || f.startsWith(`${d}/`) || (beside && f.startsWith(`${d}.`))
}

function filesNamed(url: string, root: string): string[] {
  const spelled = new Set<string>()
  // An absolute-form target (`GET http://host/path`) names the same path.
  let at = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '')
  for (let round = 0; round < 8; round++) {
    for (const form of [at, at.split(/[?#]/)[0]!]) {
      spelled.add(form)
      spelled.add(form.replaceAll('\\', '/'))
    }
    const decoded = decode(at)
    if (decoded === at) break
    at = decoded
  }
  const files = new Set<string>()
  for (const form of spelled) {
    const segments = form.split('/').filter(Boolean)
    // Each of Vite's prefixes taken off in turn: /@fs/<absolute>, /@id/<id>, /@id/__x00__<id>.
    for (let skip = 0; skip <= segments.length; skip++) {
      const path = `/${segments.slice(skip).join('/')}`
      files.add(resolve(root, `.${path}`))
      files.add(resolve(path))
      const next = segments[skip]
      if (next === undefined || !(next.startsWith('@') || next.startsWith('__x00__'))) break
    }
  }
  return [...files]
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text.replace(/%([\da-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  }
}

/** The path with every link on it followed; the part that does not exist yet kept as written. */
function realPath(path: string): string {
  const rest: string[] = []
  for (let at = path; ; at = dirname(at)) {
    try {
      return join(realpathSync(at), ...rest.reverse())
    } catch {
      if (dirname(at) === at) return path
      rest.push(basename(at))
    }
  }
}
