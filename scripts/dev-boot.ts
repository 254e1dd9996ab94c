// What `npm run dev` does once per process, as src/server/index.ts does at start: configuration,
// the data folder's claim, the database and its migrations. Then the dev server (dev-server.ts).
import { loadConfig } from '../src/server/config.ts'
import { claimDataFolder } from '../src/server/db/claim-folder.ts'
import { migrateOverSession } from '../src/server/db/pooler.ts'
import { openDb } from '../src/server/db/open.ts'
import { realDataDir } from '../src/server/db/real-path.ts'
import { afterMigrate } from '../src/server/features.ts'
import { createLogger } from '../src/server/log.ts'
import { keyAddressHashes } from '../src/server/log-redact.ts'
import { ownerSecret, secretFilePath, writeSecretFile } from '../src/server/owner/keys.ts'
import { makePrivate, restrictUmask } from '../src/server/private-files.ts'
import { startDevServer } from './dev-server.ts'

export async function runDev(): Promise<void> {
  restrictUmask()
  let config
  try {
    // No build to serve: the page comes from the source. A folder that cannot exist keeps a stale
    // dist/client out of the answers. This machine only, unless HOST says otherwise: a dev server
    // is not hardened for a network (Vite's own binds localhost for that reason).
    config = loadConfig({
      ...process.env,
      HOST: process.env.HOST || '127.0.0.1',
      STATIC_DIR: 'node_modules/.cache/dev-no-build',
    })
    if (!config.DATABASE_URL) config.PGLITE_DIR = realDataDir(config.PGLITE_DIR)
  } catch (err) {
    console.error((err as Error).message)
    process.exit(1)
  }
  const logger = createLogger(config.LOG_LEVEL)
  const secretFile = config.DATABASE_URL ? null : secretFilePath(config.PGLITE_DIR)
  let lock
  if (secretFile) {
    try {
      lock = await claimDataFolder(config.PGLITE_DIR, secretFile, logger)
    } catch (err) {
      logger.fatal({ event: 'db.folder_in_use' }, (err as Error).message)
      process.exit(1)
    }
    process.once('exit', () => lock!.release())
  }
  await makePrivate([secretFile, config.OUTBOX_DIR].filter((p): p is string => p !== null))
  const db = await openDb(config, lock ? { lock } : {})
  const applied = await migrateOverSession(db, config)
  if (applied.length) logger.info({ event: 'db.migrated', applied }, 'migrations applied')
  // Each feature's step after the migrations (owner-auth: OWNER_EMAILS), as index.ts does.
  await afterMigrate(db, config)
  const secret = await ownerSecret(db)
  keyAddressHashes(secret)
  // `npm run owner -- link` signs with this copy while we hold the folder, as with `npm start`.
  if (secretFile) await writeSecretFile(secretFile, secret)

  const dev = await startDevServer({ config, db, logger })
  logger.info(
    { event: 'dev.listening', db: config.DATABASE_URL ? 'postgres' : 'pglite', email: config.EMAIL_TRANSPORT },
    `dev server on ${dev.url} (console: ${dev.url}/admin)`,
  )
  if (!isLoopback(dev.address))
    logger.warn(
      { event: 'dev.listening_beyond', host: config.HOST },
      `HOST=${config.HOST}: the dev server listens ${['0.0.0.0', '::'].includes(dev.address) ? 'on all interfaces' : `on ${dev.address}`}, so this network can reach it; leave HOST unset to keep it on this machine`,
    )
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await dev.close()
    await db.close()
    process.exit(0)
  }
  process.once('SIGTERM', () => void stop())
  process.once('SIGINT', () => void stop())
}

const isLoopback = (address: string) => address === '::1' || /^(::ffff:)?127\./.test(address)
