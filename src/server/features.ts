import type { IncomingMessage } from 'node:http'
import type { Config } from './config.ts'
import type { Db } from './db/db.ts'
import type { AppDeps, Feature, FeatureBase, Ports } from './feature.ts'
import type { Logger } from './log.ts'
import { apiTokensFeature } from './features/api-tokens/feature.ts'
import { backupsFeature } from './features/backups/feature.ts'
import { consoleFeature } from './features/console/feature.ts'
import { contactFeature } from './features/contact/feature.ts'
import { dataAccessFeature } from './features/data-access/feature.ts'
import { feedbackFeature } from './features/feedback/feature.ts'
import { invitationsFeature } from './features/invitations/feature.ts'
import type { LaunchCounter } from './features/launch-analytics/counter.ts'
import { countBuiltDocument as countWith, launchAnalyticsFeature } from './features/launch-analytics/feature.ts'
import { metricsFeature } from './features/metrics/feature.ts'
import { outboundEventsFeature } from './features/outbound-events/feature.ts'
import { nodeSessionCookie } from './features/owner-auth/cookie.ts'
import { ownerAuthFeature } from './features/owner-auth/feature.ts'
import { pageFormsFeature } from './features/page-forms/feature.ts'
import { playTestingFeature } from './features/play-testing/feature.ts'
import { signupProofFeature } from './features/signup-proof/feature.ts'
import { signupsFeature } from './features/signups/feature.ts'
import { testerMessagesFeature } from './features/tester-messages/feature.ts'

/**
 * Every feature of the server, the one list app.ts and index.ts loop over
 * (docs/decisions/feature-modules.md). The order is behaviour in three places: services start
 * and stop in it (outbound-events makes the wake play-testing's watch uses; launch analytics'
 * visits are written before the sender stops), budgets on the same path apply in it (each /beta
 * page's own before the shared one, which invitations declares), and console routes mount in it.
 */
export const FEATURES: readonly Feature[] = [
  metricsFeature,
  ownerAuthFeature,
  signupsFeature,
  signupProofFeature,
  contactFeature,
  pageFormsFeature,
  launchAnalyticsFeature,
  outboundEventsFeature,
  playTestingFeature,
  feedbackFeature,
  invitationsFeature,
  testerMessagesFeature,
  dataAccessFeature,
  backupsFeature,
  apiTokensFeature,
  consoleFeature,
]

/** The ports every feature provides, by name; a missing one is a wiring bug, found at start. */
export function portsOf(base: FeatureBase, features: readonly Feature[] = FEATURES): Ports {
  const ports = {} as Ports
  for (const feature of features) Object.assign(ports, feature.provides?.(base, ports))
  return ports
}

/** The visit counter as the server makes it, for tools and tests that pass their own to createApp. */
export function launchCounterFor(deps: { db: Db; logger: Logger; config: Config }): LaunchCounter {
  const base = { ...deps, wakeEmailQueue: () => {}, made: {} }
  return portsOf(base, [ownerAuthFeature, launchAnalyticsFeature]).launchCounter
}

/** The fast path's `onDocument` for a counter made outside index.ts (tests, benchmarks). */
export function countBuiltDocument(
  config: Pick<Config, 'TRUST_PROXY' | 'PUBLIC_URL'>,
  counter: LaunchCounter,
): (req: IncomingMessage) => void {
  return countWith(config.TRUST_PROXY, counter, (req) => nodeSessionCookie(req, config))
}

/**
 * Each feature's long-lived parts, made in the list's order (watchers, workers, schedules, the
 * visit counter), for the server process (index.ts) and the dev server (scripts/dev-app.ts), which
 * leaves some out (`skip`: scheduled backups stay with the production server). `made` gains what
 * they made, for createApp.
 */
export function featureServices(input: {
  base: Omit<FeatureBase, 'made'>
  /** The database as opened (not wrapped: some watchers wrap it themselves). */
  rawDb: Db
  made: AppDeps
  skip?: readonly string[]
}) {
  const { base, rawDb, made } = input
  const ports = portsOf({ ...base, made: {} })
  const services = FEATURES.filter((f) => !input.skip?.includes(f.name)).map((feature) => {
    const running = feature.services?.({ ...base, rawDb, ports, made }) ?? {}
    Object.assign(made, running.made)
    return running
  })
  return {
    /** After the database is open and migrated; one feature's failure is logged, not the others'. */
    start: (opened: Db) =>
      Promise.all(
        services.map(async (s) => {
          try {
            await s.start?.(opened)
          } catch (err) {
            base.logger.error({ err }, 'a feature failed to start')
          }
        }),
      ),
    /** At shutdown, before the server stops taking requests, in the list's order. */
    stop: async () => {
      for (const s of services) await s.stop?.()
    },
    /** After the last request and before the database closes (the visits in memory are written). */
    drain: async () => {
      for (const s of services) await s.drain?.()
    },
    /** The fast path's document counter, for the built files it answers. */
    onDocument: (req: IncomingMessage) => services.forEach((s) => s.onDocument?.(req)),
  }
}
