import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { createApp } from './app.ts'
import { loadConfig } from './config.ts'
import { claimDataFolder } from './db/claim-folder.ts'
import { deferredDb, withRetryAfterWhileStarting } from './db/deferred.ts'
import type { FolderLock } from './db/folder-lock.ts'
import { openDb } from './db/open.ts'
import { watchOutages } from './db/outage.ts'
import {
  checkConnectionBudget,
  ConnectionBudgetError,
  migrateOverSession,
  poolerWithoutDirectUrl,
} from './db/pooler.ts'
import type { AppDeps } from './feature.ts'
import { afterMigrate, explainOpenFailure, featureServices } from './features.ts'
import { createEmailQueue } from '../mail-core/queue.ts'
import { createTransport } from './mail-transports/transport.ts'
import { createAfterAnswer } from './http/after-answer.ts'
import { plainErrorHeaders } from './http/client-error.ts'
import { fileDescriptorLimit } from './http/connection-limits.ts'
import { loadFastPath } from './http/fast-path.ts'
import { createNodeServer } from './http/node-server.ts'
import { loadPublicSite } from './http/public-site.ts'
import { createLogger } from './log.ts'
import { keyAddressHashes } from './log-redact.ts'
import { ownerSecret, secretFilePath, writeSecretFile } from './owner/keys.ts'
import { realDataDir } from './db/real-path.ts'
import { makePrivate, restrictUmask } from './private-files.ts'
import { shutdown } from './shutdown.ts'

// The one place with side effects: configuration, database, email worker, HTTP server.
// Before anything is written: files we create are the server user's alone.
restrictUmask()
const config = loadConfigOrExit()
// The lock, the secret file and PGlite all use the folder's real path.
if (!config.DATABASE_URL) config.PGLITE_DIR = realDataDirOrExit(config.PGLITE_DIR)
const logger = createLogger(config.LOG_LEVEL)
// The documents that name the site's address, made for PUBLIC_URL (the build wrote its own):
// started now, so their compression runs on libuv's pool while the database opens; awaited
// before the app is made. A built file changed since the build stops the start, naming it.
const siteMade = loadPublicSite(resolve(config.STATIC_DIR), config.PUBLIC_ORIGIN).catch((err: unknown) => {
  logger.fatal({ event: 'site.public_origin_failed' }, (err as Error).message)
  process.exit(1)
})

// PGlite: the folder is ours before we listen or open anything, or we stop here.
const secretFile = config.DATABASE_URL ? null : secretFilePath(config.PGLITE_DIR)
const lock = secretFile ? await claimFolderOrExit(config.PGLITE_DIR, secretFile) : null
const reportNotPrivate = (problems: string[]) =>
  logger.error(
    { event: 'files.not_private', problems: problems.slice(0, 20), count: problems.length },
    `${problems.length} data path(s) could not be made readable by this user only (0700/0600); fix their owner or mode`,
  )
const privatePaths = [secretFile, config.OUTBOX_DIR].filter((p): p is string => p !== null)
const notPrivate = await makePrivate(privatePaths)
if (notPrivate.length) reportNotPrivate(notPrivate)

// Behind a transaction pooler without a direct URL: one line, what will not work and the fix.
const poolerNote = poolerWithoutDirectUrl(config)
if (poolerNote) logger.warn({ event: 'db.no_direct_url' }, poolerNote)

const ready = openDb(config, { ...(lock ? { lock } : {}), onNotPrivate: reportNotPrivate }).then(async (db) => {
  await checkConnectionBudget(db, config)
  const applied = await migrateOverSession(db, config)
  if (applied.length) logger.info({ event: 'db.migrated', applied }, 'migrations applied')
  // Each feature's step after the migrations (owner-auth: OWNER_EMAILS), before the secret is read.
  await afterMigrate(db, config)
  const secret = await ownerSecret(db)
  // Logs hash addresses under a key of the owner secret, as the audit log does; every
  // request that could log one waits for this database anyway.
  keyAddressHashes(secret)
  // PGlite: `npm run owner` cannot open the folder while we hold it, so it signs links with this copy.
  if (secretFile) await writeSecretFile(secretFile, secret)
  logger.info({ event: 'db.ready' }, 'database ready')
  return db
})
ready.catch(async (err: unknown) => {
  if (err instanceof ConnectionBudgetError) {
    logger.fatal({ event: 'db.connection_budget' }, err.message)
    process.exit(1)
  }
  if (config.DATABASE_URL) {
    logger.fatal({ err }, 'database could not be opened')
    process.exit(1)
  }
  // PGlite: the folder, the error, the latest backup and the command that restores it (issue 42:
  // backups' explanation), or the error as it is.
  const message = await explainOpenFailure(err, config)
  logger.fatal({ event: 'db.open_failed', dir: config.PGLITE_DIR }, message)
  console.error(message)
  process.exit(1)
})
const db = deferredDb(ready)
const transport = createTransport(config)
const watched = watchOutages(db, logger)
const queue = createEmailQueue({ db: watched, transport, logger, config })
const afterAnswer = createAfterAnswer()

// Each feature's long-lived parts (features.ts, in its order): backups, the outbound sender, the
// Play threshold and TestFlight watches, the digest, the visit counter (made here, once, so that
// shutdown writes the visits it holds). createApp receives what they made.
const made: AppDeps = { config, db, logger, wakeEmailQueue: queue.wake, transport, afterAnswer }
const services = featureServices({
  base: { db: watched, logger, config, wakeEmailQueue: queue.wake },
  rawDb: db,
  made,
})
const site = await siteMade
logger.info(
  { event: 'site.public_origin', ...site.note },
  site.note.documents
    ? `${site.note.documents} built files made for ${site.note.to} in ${site.note.ms} ms`
    : `the built files keep their address${site.note.reason ? ` (${site.note.reason})` : ''}`,
)
const app = createApp({
  ...made,
  config: { ...config, STATIC_DIR: resolve(config.STATIC_DIR) },
  publicSite: site.files,
})
// The built page from memory, ahead of the app; read once: a rebuild needs a restart.
const builtFiles = await loadFastPath(app, {
  dir: resolve(config.STATIC_DIR),
  site: site.files,
  trustedHops: config.TRUST_PROXY,
  extraConnect: config.CSP_CONNECT_SRC,
  onDocument: services.onDocument,
})
const server = createNodeServer(withRetryAfterWhileStarting(app.fetch, db.isReady), {
  fastPath: builtFiles.answer,
  settings: config,
  logger,
  errorHeaders: await plainErrorHeaders(config.CSP_CONNECT_SRC),
  fileLimit: fileDescriptorLimit(),
})
server.listen(config.PORT, config.HOST, () => {
  const info = server.address() as AddressInfo
  const host = info.address === '0.0.0.0' || info.address === '::' ? 'localhost' : info.address
  logger.info(
    {
      event: 'server.listening',
      port: info.port,
      db: config.DATABASE_URL ? 'postgres' : 'pglite',
      email: transport.name,
      builtFiles: builtFiles.files,
      ...server.limits,
    },
    `listening on http://${host}:${info.port}`,
  )
})
void ready.then(
  async (opened) => {
    queue.start()
    await services.start(opened)
  },
  // A database that failed to open is reported once, by ready.catch above.
  () => {},
)

let stopping = false
async function stop(signal: string): Promise<void> {
  if (stopping) return
  stopping = true
  logger.info({ event: 'server.stopping', signal }, 'stopping')
  await services.stop()
  // After the last request and before the database closes: each feature's drain (the visits in
  // memory are written), then the email queue.
  const stopQueue = {
    stop: async () => {
      await services.drain()
      await queue.stop()
    },
  }
  await shutdown({ server, afterAnswer, queue: stopQueue, transport, db, logger })
  logger.info({ event: 'server.stopped' }, 'stopped')
  process.exit(0)
}
process.once('SIGTERM', () => void stop('SIGTERM'))
process.once('SIGINT', () => void stop('SIGINT'))

async function claimFolderOrExit(dir: string, secret: string): Promise<FolderLock> {
  try {
    const held = await claimDataFolder(dir, secret, logger)
    // Also on a fatal exit; a SIGKILL leaves the claim behind, and the next start finds it stale.
    process.once('exit', () => held.release())
    return held
  } catch (err) {
    // One line that names the folder and its holder; the folder was not opened.
    logger.fatal({ event: 'db.folder_in_use' }, (err as Error).message)
    process.exit(1)
  }
}

function realDataDirOrExit(dir: string): string {
  try {
    return realDataDir(dir)
  } catch (err) {
    console.error((err as Error).message)
    process.exit(1)
  }
}

function loadConfigOrExit() {
  try {
    return loadConfig(process.env)
  } catch (err) {
    console.error((err as Error).message)
    process.exit(1)
  }
}
