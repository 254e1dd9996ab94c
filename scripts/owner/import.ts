// `npm run owner -- import FILE.csv [--source NAME] [--send welcome|confirmation] [--dry-run]`:
// a list exported by another tool, onto the beta list (docs/decisions/list-import.md). Reaches
// the database as `backup` does: PostgreSQL directly; PGlite through the running server that
// holds the folder, or by taking the folder's lock when no server runs.
import { createReadStream } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { ImportResult } from '../../src/shared/backups.ts'
import type { IMPORT_SEND } from '../../src/shared/list-import.ts'
import type { Config } from '../../src/server/config.ts'
import type { Db } from '../../src/server/db/db.ts'
import { FolderInUseError, lockFolder } from '../../src/server/db/folder-lock.ts'
import { migrateOverSession } from '../../src/server/db/pooler.ts'
import { openDb } from '../../src/server/db/open.ts'
import { ApiError } from '../../src/shared/http/errors.ts'
import { importCsv, sourceFromFileName } from '../../src/server/features/backups/import.ts'
import { postFileToServer } from './server-call.ts'

export const IMPORT_USAGE = 'npm run owner -- import FILE.csv [--source NAME] [--send welcome|confirmation] [--dry-run]'

type Args = { file: string; source: string; send: (typeof IMPORT_SEND)[number]; dryRun: boolean }

/** The command's arguments, or a line saying what is wrong with them. */
export function parseImportArgs(args: readonly string[]): Args | string {
  let file: string | undefined
  let source: string | undefined
  let send: Args['send'] = 'none'
  let dryRun = false
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === '--dry-run') dryRun = true
    else if (a === '--source' || a === '--send') {
      const v = args[++i]
      if (v === undefined) return `${a} needs a value`
      if (a === '--source') source = v
      else if (v === 'welcome' || v === 'confirmation') send = v
      else return `--send is welcome or confirmation, not ${v}`
    } else if (a.startsWith('--')) return `unknown option ${a}`
    else if (file === undefined) file = a
    else return `one file at a time (${file}, ${a})`
  }
  if (!file) return 'which file?'
  source = (source ?? sourceFromFileName(file)).trim()
  if (!source || source.length > 64 || source.includes('@')) return '--source is 1 to 64 characters, without @'
  return { file, source, send, dryRun }
}

export async function importCommand(config: Config, argv: readonly string[]): Promise<number> {
  const args = parseImportArgs(argv)
  if (typeof args === 'string') {
    console.error(`${args}\nusage: ${IMPORT_USAGE}`)
    return 2
  }
  const path = resolve(args.file)
  try {
    await access(path)
  } catch {
    console.error(`${path}: no such file`)
    return 1
  }
  try {
    if (config.DATABASE_URL) return report(await importHere(await openDb(config), config, path, args))
    if (config.PGLITE_DIR.startsWith('memory://')) throw new Error('PGLITE_DIR=memory:// would lose the import at exit')
    let lock
    try {
      lock = await lockFolder(config.PGLITE_DIR, 'owner-cli')
    } catch (err) {
      if (!(err instanceof FolderInUseError) || err.holder?.role !== 'server') throw err
      return report(await importThroughServer(config, path, args))
    }
    return report(await importHere(await openDb(config, { lock }), config, path, args))
  } catch (err) {
    if (!(err instanceof ApiError)) throw err
    console.error([err.body.message, err.body.details, err.body.hint].filter(Boolean).join('. '))
    return 1
  }
}

async function importHere(db: Db, config: Config, path: string, args: Args): Promise<ImportResult> {
  try {
    await migrateOverSession(db, config)
    return await importCsv(db, () => createReadStream(path), {
      source: args.source,
      send: args.send,
      dryRun: args.dryRun,
      actor: 'owner-cli',
      emailIntervalMs: config.INVITATION_INTERVAL_MS,
    })
  } finally {
    await db.close()
  }
}

async function importThroughServer(config: Config, path: string, args: Args): Promise<ImportResult> {
  const query = new URLSearchParams({ source: args.source, send: args.send, dryRun: args.dryRun ? '1' : '0' })
  const { status, text, url } = await postFileToServer(
    config,
    'import',
    `/admin/cli/import?${query}`,
    createReadStream(path),
    'text/csv',
    (await stat(path)).size,
  )
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: reported below with the status.
  }
  if (status >= 400 && status < 500 && body && typeof body === 'object' && 'message' in body)
    throw new ApiError(status, body as ApiError['body'])
  if (status !== 200) throw new Error(`the server at ${url} refused the import: ${status} ${text.slice(0, 500)}`)
  return ImportResult.parse(body)
}

function report(r: ImportResult): number {
  const c = r.counts
  const verb = r.dryRun ? 'Would add' : 'Added'
  console.log(`${verb} ${c.added} of ${c.rows} rows with source "${r.source}" (columns: ${describe(r)}).`)
  console.log(
    `Skipped: ${c.duplicatesInFile} duplicate(s) in the file, ${c.alreadyListed} already on the list, ${c.suppressed} suppressed (unsubscribed or erased), ${c.invalid} invalid.`,
  )
  for (const bad of r.invalidRows) console.log(`  row ${bad.row}: ${bad.reason}`)
  if (c.invalid > r.invalidRows.length) console.log(`  … and ${c.invalid - r.invalidRows.length} more invalid rows`)
  if (c.datesUnread)
    console.log(`${c.datesUnread} date(s) not read (YYYY-MM-DD expected): those rows get the import's time.`)
  for (const d of r.unreadDates) console.log(`  row ${d.row}: "${d.value}"`)
  if (c.datesUnread > r.unreadDates.length) console.log(`  … and ${c.datesUnread - r.unreadDates.length} more`)
  if (!r.dryRun)
    console.log(
      r.send === 'none' ? 'No email was queued.' : `${c.emailsQueued} ${r.send} email(s) queued, sent one at a time.`,
    )
  else console.log('Dry run: nothing was stored.')
  return 0
}

function describe(r: ImportResult): string {
  const { email, name, created, source, language } = r.columns
  return Object.entries({ email, name, created, source, language })
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}="${v}"`)
    .join(', ')
}
