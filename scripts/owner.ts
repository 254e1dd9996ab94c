// `npm run owner -- link EMAIL`: prints a one-time sign-in URL for the console (15 minutes, single
// use) as the last line. The first-run and recovery path: it needs no working email.
// `npm run owner -- backup [FILE]` and `restore FILE`: scripts/owner/backup.ts; `export`: scripts/owner/export.ts;
// `import FILE.csv`: scripts/owner/import.ts.
// Run it with the server's environment (OWNER_EMAILS, PUBLIC_URL, DATABASE_URL or PGLITE_DIR).
// It never opens a PGlite folder a server may be using: see docs/decisions/data-folder-ownership.md.
import { loadConfig, type Config } from '../src/server/config.ts'
import { realDataDir } from '../src/server/db/real-path.ts'
import { describeHolder, FolderInUseError, lockFolder, type FolderLock } from '../src/server/db/folder-lock.ts'
import { migrateOverSession } from '../src/server/db/pooler.ts'
import { openDb } from '../src/server/db/open.ts'
import { ownerSecret, readSecretFile, secretFilePath, writeSecretFile } from '../src/server/owner/keys.ts'
import { LINK_TTL_MS, signInUrl, signLinkToken } from '../src/server/features/owner-auth/link-token.ts'
import { restrictUmask } from '../src/server/private-files.ts'
import { normaliseEmail } from '../src/shared/email-address.ts'
import { RestoreRefused } from '../src/server/features/backups/restore.ts'
import { backupCommand, restoreCommand } from './owner/backup.ts'
import { exportCommand } from './owner/export.ts'
import { importCommand, IMPORT_USAGE } from './owner/import.ts'
import { serverIsReady } from './owner/server-call.ts'

/** How long to wait for a starting server to leave the secret file (a first start creates the database). */
const WAIT_FOR_SERVER_MS = 30_000

const USAGE = `usage: npm run owner -- link EMAIL
       npm run owner -- backup [FILE]
       npm run owner -- restore FILE
       npm run owner -- export [--json] [FILE]
       ${IMPORT_USAGE}`

async function main(argv: string[]): Promise<number> {
  // The secret file and any folder we create: this user's only.
  restrictUmask()
  const [command, address, ...rest] = argv
  const known =
    (command === 'link' && address && !rest.length) ||
    (command === 'backup' && !rest.length) ||
    (command === 'restore' && address && !rest.length) ||
    (command === 'export' && rest.length <= 1) ||
    (command === 'import' && address)
  if (!known) {
    console.error(USAGE)
    return 2
  }
  let config: Config
  try {
    config = loadConfig(process.env)
    // As the server does: the folder's real path, so both take the same lock.
    if (!config.DATABASE_URL) config.PGLITE_DIR = realDataDir(config.PGLITE_DIR)
  } catch (err) {
    console.error((err as Error).message)
    return 1
  }
  if (command === 'backup') return backupCommand(config, address)
  if (command === 'export') return exportCommand(config, argv.slice(1))
  if (command === 'import') return importCommand(config, argv.slice(1))
  if (command === 'restore') {
    try {
      return await restoreCommand(config, address!)
    } catch (err) {
      if (!(err instanceof RestoreRefused)) throw err
      console.error(err.message)
      return 1
    }
  }
  if (!address) return 2
  const email = normaliseEmail(address)
  if (!config.OWNER_EMAILS.includes(email)) {
    console.error(
      `${address} is not in OWNER_EMAILS (${config.OWNER_EMAILS.join(', ') || 'empty'}); add it and restart the server.`,
    )
    return 1
  }
  const secret = await findSecret(config)
  const url = signInUrl(config.PUBLIC_URL, signLinkToken(secret, email))
  console.log(`One-time sign-in link for ${email}, valid ${LINK_TTL_MS / 60_000} minutes:`)
  console.log(url)
  return 0
}

/**
 * PostgreSQL: read the secret from the database, which any number of processes may open.
 * PGlite, one rule: whoever holds the folder's lock is the only one to open it. A server that
 * holds it writes the secret file once it has opened the folder (and deleted any older copy when
 * it took the lock), so we wait for that file. When nobody holds it, we take the lock and open
 * the folder ourselves for the few seconds we need.
 */
async function findSecret(config: Config): Promise<Buffer> {
  if (config.DATABASE_URL) return readFromDatabase(config)
  const file = secretFilePath(config.PGLITE_DIR)
  if (!file) throw new Error('PGLITE_DIR=memory:// keeps nothing another process could use')
  const deadline = Date.now() + WAIT_FOR_SERVER_MS
  for (;;) {
    let lock: FolderLock
    try {
      lock = await lockFolder(config.PGLITE_DIR, 'owner-cli')
    } catch (err) {
      if (!(err instanceof FolderInUseError)) throw err
      // Only a server's copy: another `npm run owner` holding the folder is done in seconds.
      const saved = err.holder?.role === 'server' ? await readSecretFile(file) : null
      if (saved) return saved
      // A server that is up wrote the file before it said so: the file was deleted since.
      if (err.holder?.role === 'server' && (await serverIsReady(config))) throw new Error(deleted(err, file))
      if (Date.now() > deadline) throw new Error(gaveUp(err, file))
      await new Promise((r) => setTimeout(r, 200))
      continue
    }
    return readFromDatabase(config, lock, file)
  }
}

async function readFromDatabase(config: Config, lock?: FolderLock, file?: string): Promise<Buffer> {
  const db = await openDb(config, {
    ...(lock ? { lock } : {}),
    onNotPrivate: (problems) => console.error(`warning: could not make private: ${problems.join('; ')}`),
  })
  try {
    await migrateOverSession(db, config)
    const secret = await ownerSecret(db)
    if (file) await writeSecretFile(file, secret)
    return secret
  } finally {
    await db.close()
  }
}

function gaveUp(err: FolderInUseError, file: string): string {
  const holder = err.holder ? describeHolder(err.holder) : 'another process'
  return `${err.dir} is held by ${holder}, which has not written ${file} within ${WAIT_FOR_SERVER_MS / 1000} s; the folder was not opened. Try again once the server answers /healthz, or restart the server if the file was deleted.`
}

function deleted(err: FolderInUseError, file: string): string {
  const holder = err.holder ? describeHolder(err.holder) : 'a server'
  return `${err.dir} is held by ${holder}, which is running but whose ${file} is missing (deleted?); the folder was not opened. Restart the server: it writes the file again.`
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err)
    process.exit(1)
  },
)
