import type { IncomingMessage } from 'node:http'
import type { Config } from './config.ts'
import type { Db } from './db/db.ts'
import type { AppDeps, Feature, FeatureBase, Ports } from './feature.ts'
import type { Logger } from './log.ts'
import { MAIL_PERSON_DATA } from './mail-person-data.ts'
import { mergeNotAboutAPerson, orderPersonData, type PersonSource } from './person-data.ts'
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
 * Person-data entries follow it too, where no `before` orders them (the downloaded file's tables).
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

/**
 * Every feature's person-data sources, then the mail infrastructure's (the queue, the suppression
 * list and its journal, which no feature owns), in erasure's order (src/server/person-data.ts).
 * Throws on an unknown table, a table declared twice or a cycle.
 */
export function personDataOf(features: readonly Feature[]): PersonSource[] {
  return orderPersonData([...features.flatMap((f) => f.personData ?? []), ...MAIL_PERSON_DATA])
}

/**
 * The one list "Download data" and erasure read (data-access gets it as the `personData` port;
 * the owner CLI's restore imports it). Made when this module loads: a wrong declaration stops the
 * server at start.
 */
export const PERSON_DATA: readonly PersonSource[] = personDataOf(FEATURES)

/** The tables the person-data guard test accepts outside PERSON_DATA, and why (the owners' own). */
export const NOT_ABOUT_A_PERSON = mergeNotAboutAPerson(
  FEATURES.map((f) => f.notAboutAPerson ?? {}),
  PERSON_DATA,
)

/** The ports every feature provides, by name; a missing one is a wiring bug, found at start. */
export function portsOf(base: FeatureBase, features: readonly Feature[] = FEATURES): Ports {
  // The composition root's own port: the person-data list it assembled from every feature.
  const ports = { personData: PERSON_DATA } as Ports
  for (const feature of features) Object.assign(ports, feature.provides?.(base, ports))
  return ports
}

/**
 * Each feature's `afterMigrate`, in the list's order: at start, right after the migrations and
 * before the owner secret is read (owner-auth writes OWNER_EMAILS to the database).
 */
export async function afterMigrate(db: Db, config: Config, features: readonly Feature[] = FEATURES): Promise<void> {
  for (const feature of features) await feature.afterMigrate?.(db, config)
}

/**
 * What the server says when PGlite cannot open its folder: the first feature's explanation that
 * does not fail itself (backups: the latest backup and the command that restores it), else the
 * error as it is.
 */
export async function explainOpenFailure(
  err: unknown,
  config: Config,
  features: readonly Feature[] = FEATURES,
): Promise<string> {
  for (const feature of features) {
    if (!feature.explainOpenFailure) continue
    try {
      return await feature.explainOpenFailure(err, config)
    } catch {
      // The next one, or the bare error: the owner still gets a line.
    }
  }
  return String(err)
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
 * leaves some out (`skip`: scheduled backups and the first sign-in link stay with the production server). `made` gains what
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
