import { resolve } from 'node:path'
import { listBackups } from './files.ts'

/**
 * What the server says when PGlite cannot open its folder (a damaged folder: a crash during a
 * write on a disk that lied about it, a copy taken while running, a full disk): the folder, the
 * error in one line, the newest backup in BACKUP_DIR and the one command that restores it. No
 * stack trace: the owner needs the next step, not PGlite's insides.
 */
export async function openFailureMessage(dir: string, backupDir: string, err: unknown): Promise<string> {
  const error = oneLine(err)
  const latest = (await listBackups(backupDir))[0]
  const aside = `${dir}.damaged-${new Date().toISOString().slice(0, 10)}`
  const lines = [`The database in ${dir} could not be opened: ${error}`]
  if (latest) {
    lines.push(
      `The latest backup is ${latest.path} (written ${latest.mtime.toISOString()}).`,
      'To restore it, keep the damaged folder aside and restore into a new one (the server stopped):',
      `  mv ${shellQuote(dir)} ${shellQuote(aside)} && npm run owner -- restore ${shellQuote(latest.path)}`,
    )
  } else {
    lines.push(
      `No backup was found in ${resolve(backupDir)} (BACKUP_DIR). Keep the folder as it is, and copy it before any repair attempt.`,
    )
  }
  return lines.join('\n')
}

function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err)
  const first = message.split('\n')[0]!.trim()
  // PGlite's WebAssembly stops with "Aborted()" when PostgreSQL hits a PANIC reading its files.
  if (/^Aborted\(\)/.test(first))
    return 'PostgreSQL stopped while reading its files (Aborted()); the folder is damaged or incomplete'
  return first || 'unknown error'
}

function shellQuote(s: string): string {
  return /^[\w./:@%+=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}
