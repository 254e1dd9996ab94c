import { defineFeature } from '../../feature.ts'
import { webhookConsoleRoutes } from './console-routes.ts'
import { createOutboundWorker } from './worker.ts'
import { OUTBOUND_PERSON_DATA } from './person-data.ts'

/**
 * Webhooks and chat messages out: deliveries the database's triggers queued with their facts
 * (docs/decisions/outbound-events.md), the sender, and the Integrations view's API.
 */
export const outboundEventsFeature = defineFeature({
  name: 'outbound-events',
  personData: OUTBOUND_PERSON_DATA,
  provides: ({ made }) => ({ wakeOutbound: made.wakeOutbound ?? (() => {}) }),
  services: ({ db, logger, config, wakeEmailQueue }) => {
    const outbound = createOutboundWorker({ db, logger, config, wakeEmailQueue })
    return { made: { wakeOutbound: outbound.wake }, start: () => outbound.start(), drain: () => outbound.stop() }
  },
  parts: ({ db, config, ports, made }) => ({
    console: [
      webhookConsoleRoutes({
        db,
        allowLoopback: config.OUTBOUND_ALLOW_LOOPBACK,
        wake: ports.wakeOutbound,
        ...(made.outboundResolve ? { resolve: made.outboundResolve } : {}),
      }),
    ],
  }),
})
