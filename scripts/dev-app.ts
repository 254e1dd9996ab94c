// The part of `npm run dev` that reloads (docs/decisions/dev-server.md): the app, the email worker
// and every feature's long-lived parts (the webhook sender, the digest, the TestFlight and Play
// threshold watches, the visit counter), made by the same loop as src/server/index.ts's
// (featureServices), but for scheduled backups, which stay with the production server, and the
// first sign-in link in the log, which each reload would print again (`npm run owner -- link`
// works beside `npm run dev`).
// scripts/dev-server.ts loads this module through Vite's SSR module runner, so after an edit to
// server code (or to the content the server's pages and emails speak) the next request gets a new
// part, made over the same open database: the process holds PGlite's folder once, for its whole life.
import type { Logger } from '../src/server/log.ts'
import type { Config } from '../src/server/config.ts'
import type { Db } from '../src/server/db/db.ts'
import type { AppDeps } from '../src/server/feature.ts'
import { createApp } from '../src/server/app.ts'
import { featureServices } from '../src/server/features.ts'
import { watchOutages } from '../src/server/db/outage.ts'
import { createEmailQueue } from '../src/mail-core/queue.ts'
import { createTransport } from '../src/server/mail-transports/transport.ts'
import { createAfterAnswer } from '../src/server/http/after-answer.ts'
import { ownerSecret } from '../src/server/owner/keys.ts'
import { keyAddressHashes } from '../src/server/log-redact.ts'

export type ServerPart = {
  fetch: (request: Request, env: unknown) => Response | Promise<Response>
  /** Stops the worker and the features' parts (the counter writes the visits it holds); the database stays open. */
  stop(): Promise<void>
}

export async function startServerPart(deps: { config: Config; db: Db; logger: Logger }): Promise<ServerPart> {
  const { config, db, logger } = deps
  // This module's copy of the log redaction is keyed as the process's (src/server/index.ts).
  keyAddressHashes(await ownerSecret(db))
  const transport = createTransport(config)
  const watched = watchOutages(db, logger)
  const queue = createEmailQueue({ db: watched, transport, logger, config })
  const afterAnswer = createAfterAnswer()
  const made: AppDeps = { config, db, logger, wakeEmailQueue: queue.wake, transport, afterAnswer }
  const services = featureServices({
    base: { db: watched, logger, config, wakeEmailQueue: queue.wake },
    rawDb: db,
    made,
    skip: ['backups', 'owner-auth'],
  })
  const app = createApp(made)
  queue.start()
  await services.start(db)
  return {
    fetch: app.fetch,
    async stop() {
      await services.stop()
      await afterAnswer.settled()
      await services.drain()
      await queue.stop()
      await transport.close()
    },
  }
}
