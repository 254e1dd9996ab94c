import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { STORES } from '../../../shared/content.ts'
import { defineFeature, type FeatureBase, type Ports } from '../../feature.ts'
import { createLaunchCounter, type LaunchCounter } from './counter.ts'
import { emailQueueConsoleRoutes } from './email-queue-routes.ts'
import { readinessConsoleRoutes } from './readiness-routes.ts'
import { systemTxtLookup } from './sending-domain.ts'
import {
  countDocuments,
  countNodeDocument,
  documentRequest,
  launchConsoleRoutes,
  shareLinkRoutes,
  sourceFunnel,
} from './routes.ts'

/**
 * The visit counter with this config and owner-auth's session check (the ownerSession port): a
 * cookie that has a session token's shape is looked up (at most a few per flush); anything else
 * is a visitor.
 */
function launchCounterFor({ db, logger, config }: Omit<FeatureBase, 'made' | 'wakeEmailQueue'>, ports: Ports) {
  return createLaunchCounter({
    db,
    logger,
    settings: { joinSignups: config.ANALYTICS_JOIN_SIGNUPS, flushMs: config.ANALYTICS_FLUSH_MS },
    ownerSession: {
      looksLike: (token) => ports.ownerSession.looksLike(token),
      isLive: (token) => ports.ownerSession.isLive(token),
    },
  })
}

/** How a document request is read for counting: the client address and the owner's cookie. */
const documentHooks = (trustedHops: number, ports: Ports) => ({
  trustedHops,
  ownerToken: (c: Context) => ports.ownerSession.cookie(c),
})

/** The fast path's `onDocument`: the pages it answers from memory are counted as the app counts them. */
export function countBuiltDocument(
  trustedHops: number,
  counter: LaunchCounter,
  ownerToken: Ports['ownerSession']['nodeCookie'],
): (req: IncomingMessage) => void {
  const hooks = { counter, trustedHops, ownerToken }
  return (req) => countNodeDocument(req, hooks)
}

/**
 * Launch analytics: visits counted from the page's document requests (after their answer), the
 * source a sign-up takes, share links and /app, the Launch view's API and the owner API's funnel.
 */
export const launchAnalyticsFeature = defineFeature({
  name: 'launch-analytics',
  // Built once per process: index.ts's services make it and createApp receives it (made).
  provides: (base, ports) => {
    const counter = base.made.launchCounter ?? launchCounterFor(base, ports)
    const hooks = documentHooks(base.config.TRUST_PROXY, ports)
    return {
      launchCounter: counter,
      signupSource: (c, sent) => counter.signupSource(documentRequest(c, hooks), sent),
      funnel: (days) => sourceFunnel({ db: base.db, counter, staticDir: base.config.STATIC_DIR }, days),
    }
  },
  services: ({ config, ports }) => ({
    made: { launchCounter: ports.launchCounter },
    // What expired while no process ran (salts past 48 hours, counts past 25 months) goes at
    // start, not only after the next visit, sign-up or console read.
    start: () => ports.launchCounter.purgeAtStart(),
    // The visits in memory are written after the last request and before the database closes.
    drain: () => ports.launchCounter.close(),
    onDocument: countBuiltDocument(config.TRUST_PROXY, ports.launchCounter, (req) =>
      ports.ownerSession.nodeCookie(req),
    ),
  }),
  parts: ({ db, config, ports, made }) => {
    const counter = ports.launchCounter
    return {
      public: shareLinkRoutes({
        db,
        counter,
        trustedHops: config.TRUST_PROXY,
        stores: made.stores ?? STORES,
        limits: { perMinute: config.RATE_LIMIT_SHARE_LINK_PER_MINUTE, perHour: config.RATE_LIMIT_SHARE_LINK_PER_HOUR },
      }),
      console: [
        launchConsoleRoutes({ db, counter, staticDir: config.STATIC_DIR }),
        emailQueueConsoleRoutes({ db, capacity: config }),
        readinessConsoleRoutes({ db, settings: config, dns: made.dnsTxt ?? systemTxtLookup() }),
      ],
      // The built page's documents are counted after their answer (no byte added to it).
      afterAnswer: countDocuments({ counter, ...documentHooks(config.TRUST_PROXY, ports) }),
    }
  },
})
