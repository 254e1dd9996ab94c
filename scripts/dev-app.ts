// The part of `npm run dev` that reloads (docs/decisions/dev-server.md): the app, the email worker,
// the webhook sender, the digest, the TestFlight and Play threshold watches and the visit counter, as src/server/index.ts
// makes them (scheduled backups stay with the production server). scripts/dev-server.ts loads
// this module through Vite's SSR module runner, so after an edit to server code (or to the content
// the server's pages and emails speak) the next request gets a new part, made over the same open
// database: the process holds PGlite's folder once, for its whole life.
import type { Logger } from '../src/server/log.ts'
import type { Config } from '../src/server/config.ts'
import type { Db } from '../src/server/db/db.ts'
import { createApp } from '../src/server/app.ts'
import { launchCounterFor } from '../src/server/features.ts'
import { watchOutages } from '../src/server/db/outage.ts'
import { createEmailQueue } from '../src/mail-core/queue.ts'
import { createTransport } from '../src/server/mail-transports/transport.ts'
import { createAfterAnswer } from '../src/server/http/after-answer.ts'
import { createSignupDigest } from '../src/server/features/signups/digest.ts'
import { createOutboundWorker } from '../src/server/features/outbound-events/worker.ts'
import { createTestflightWatch } from '../src/server/features/invitations/testflight-watch.ts'
import { createPlayThresholdWatch } from '../src/server/features/play-testing/threshold-watch.ts'
import { ownerSecret } from '../src/server/owner/keys.ts'
import { keyAddressHashes } from '../src/server/log-redact.ts'

export type ServerPart = {
  fetch: (request: Request, env: unknown) => Response | Promise<Response>
  /** Stops the worker, the digest and the counter (writing the visits it holds); the database stays open. */
  stop(): Promise<void>
}

export async function startServerPart(deps: { config: Config; db: Db; logger: Logger }): Promise<ServerPart> {
  const { config, db, logger } = deps
  // This module's copy of the log redaction is keyed as the process's (src/server/index.ts).
  keyAddressHashes(await ownerSecret(db))
  const transport = createTransport(config)
  const queue = createEmailQueue({ db: watchOutages(db, logger), transport, logger, config })
  const afterAnswer = createAfterAnswer()
  const launchCounter = launchCounterFor({ db: watchOutages(db, logger), logger, config })
  const outbound = createOutboundWorker({ db: watchOutages(db, logger), logger, config, wakeEmailQueue: queue.wake })
  const testflight = createTestflightWatch({ db, logger, config, wakeEmailQueue: queue.wake })
  const playThreshold = createPlayThresholdWatch({
    db: watchOutages(db, logger),
    logger,
    config,
    wakeOutbound: outbound.wake,
  })
  const app = createApp({
    launchCounter,
    testflight,
    config,
    db,
    logger,
    wakeEmailQueue: queue.wake,
    wakeOutbound: outbound.wake,
    playThreshold,
    transport,
    afterAnswer,
  })
  const digest = createSignupDigest({ db, logger, config, wakeEmailQueue: queue.wake })
  queue.start()
  outbound.start()
  digest.start()
  testflight.start()
  playThreshold.start()
  return {
    fetch: app.fetch,
    async stop() {
      digest.stop()
      testflight.stop()
      playThreshold.stop()
      await afterAnswer.settled()
      await launchCounter.close()
      await Promise.all([queue.stop(), outbound.stop()])
      await transport.close()
    },
  }
}
