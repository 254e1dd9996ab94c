import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { createApp } from './app.ts'
import { loadConfig } from './config.ts'
import { deferredDb } from './db/deferred.ts'
import { migrate } from './db/migrate.ts'
import { openDb } from './db/open.ts'
import { createEmailQueue } from './email/queue.ts'
import { createTransport } from './email/transport.ts'
import { plainErrorHeaders } from './http/client-error.ts'
import { fileDescriptorLimit } from './http/connection-limits.ts'
import { createNodeServer } from './http/node-server.ts'
import { createLogger } from './log.ts'
import { createSignupDigest } from './owner/digest.ts'
import { ownerSecret, secretFilePath, writeSecretFile } from './owner/keys.ts'
import { syncOwnerEmails } from './owner/owners.ts'
import { shutdown } from './shutdown.ts'

// The one place with side effects: configuration, database, email worker, HTTP server.
const config = loadConfigOrExit()
const logger = createLogger(config.LOG_LEVEL)

const ready = openDb(config).then(async (db) => {
  const applied = await migrate(db)
  if (applied.length) logger.info({ event: 'db.migrated', applied }, 'migrations applied')
  await syncOwnerEmails(db, config.OWNER_EMAILS, config.OWNER_NOTIFY_MAX_PER_HOUR)
  // PGlite: `npm run owner` cannot open the folder while we hold it, so it signs links with this copy.
  const secretFile = config.DATABASE_URL ? null : secretFilePath(config.PGLITE_DIR)
  if (secretFile) await writeSecretFile(secretFile, await ownerSecret(db))
  return db
})
ready.catch((err: unknown) => {
  logger.fatal({ err }, 'database could not be opened')
  process.exit(1)
})
const db = deferredDb(ready)
const transport = createTransport(config)
const queue = createEmailQueue({ db, transport, logger, config })

const app = createApp({
  config: { ...config, STATIC_DIR: resolve(config.STATIC_DIR) },
  db,
  logger,
  wakeEmailQueue: queue.wake,
})
const server = createNodeServer(app.fetch, {
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
      ...server.limits,
    },
    `listening on http://${host}:${info.port}`,
  )
})
const digest = createSignupDigest({ db, logger, config, wakeEmailQueue: queue.wake })
void ready.then(() => {
  queue.start()
  digest.start()
})

let stopping = false
async function stop(signal: string): Promise<void> {
  if (stopping) return
  stopping = true
  logger.info({ event: 'server.stopping', signal }, 'stopping')
  digest.stop()
  await shutdown({ server, queue, transport, db, logger })
  logger.info({ event: 'server.stopped' }, 'stopped')
  process.exit(0)
}
process.once('SIGTERM', () => void stop('SIGTERM'))
process.once('SIGINT', () => void stop('SIGINT'))

function loadConfigOrExit() {
  try {
    return loadConfig(process.env)
  } catch (err) {
    console.error((err as Error).message)
    process.exit(1)
  }
}
