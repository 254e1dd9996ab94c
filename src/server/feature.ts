import type { IncomingMessage } from 'node:http'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import type { ReactNode } from 'react'
import type { Stores } from '../shared/content-types.ts'
import type { signupEmailStep } from '../mail-core/resend-email-handler.ts'
import type { Config } from './config.ts'
import type { Db } from './db/db.ts'
import type { AfterAnswer } from './http/after-answer.ts'
import type { RestRegistration } from './http/postgrest/tables.ts'
import type { PublicRoutes } from './http/public-routes.ts'
import type { PublicSite } from './http/public-site.ts'
import type { Logger } from './log.ts'
import type { PersonSource } from './person-data.ts'
import type { Transport } from './mail-transports/transport.ts'
import type { OwnerDeps, OwnerEnv } from './owner/deps.ts'
import type { ApiDeps } from './features/api-tokens/api-routes.ts'
import type { Backups } from './features/backups/service.ts'
import type { AndroidTesting } from './features/invitations/routes.ts'
import type { TestflightWatch } from './features/invitations/testflight-watch.ts'
import type { LaunchCounter } from './features/launch-analytics/counter.ts'
import type { TxtLookup } from './features/launch-analytics/sending-domain.ts'
import type { Resolver } from './features/outbound-events/targets.ts'
import type { PlayThresholdWatch } from './features/play-testing/threshold-watch.ts'

/**
 * What one feature folder is to the server (docs/decisions/feature-modules.md): each folder's
 * `feature.ts` exports one `defineFeature({...})`, and `features.ts` lists them. app.ts and
 * index.ts loop over that list; a feature reaches another only through the named ports below,
 * so no feature imports another.
 */
export type Feature = {
  name: string
  /**
   * The ports this feature offers the others (cheap: no I/O, no timer). `ports` is the whole set,
   * complete once every feature's are in: read it inside the functions returned, not here.
   */
  provides?: (base: FeatureBase, ports: Ports) => Partial<Ports>
  /** Its long-lived parts in the server process (index.ts): watchers, workers, schedules. */
  services?: (base: ServiceBase) => FeatureServices
  /** Its HTTP surface: public routes and budgets, console routes, tables, middleware. */
  parts?: (ctx: FeatureContext) => FeatureParts
  /**
   * The tables where it keeps a person's data, for "Download data" and erasure
   * (src/server/person-data.ts); features.ts orders every feature's into one list.
   */
  personData?: readonly PersonSource[]
  /** Its tables with an address or a person's reference that are about no person of the list, and why. */
  notAboutAPerson?: Readonly<Record<string, string>>
  /**
   * Right after the migrations at start, before the owner secret is read and before any service
   * (index.ts, scripts/dev-boot.ts): what the database must hold from the config.
   */
  afterMigrate?: (db: Db, config: Config) => Promise<void>
  /**
   * What to tell the owner when PGlite cannot open its folder (index.ts), instead of the bare
   * error: the first answer that does not fail is used, else the error as it is.
   */
  explainOpenFailure?: (err: unknown, config: Config) => Promise<string>
}

export const defineFeature = (feature: Feature): Feature => feature

/** What every feature is built from. */
export type FeatureBase = {
  /** The database, its outages logged once (db/outage.ts). */
  db: Db
  logger: Logger
  config: Config
  wakeEmailQueue: () => void
  /** What the caller of createApp made or chose (index.ts: the services; tests: stand-ins). */
  made: Partial<AppDeps>
}

type ServiceBase = Omit<FeatureBase, 'made'> & {
  /** The deferred database as index.ts opens it (not wrapped: some watchers wrap it themselves). */
  rawDb: Db
  ports: Ports
  /** What features earlier in the list made (the list's order is the services' order). */
  made: Partial<AppDeps>
}

type FeatureServices = {
  /** What createApp receives from this feature (merged into AppDeps). */
  made?: Partial<AppDeps>
  /** After the database is open and migrated. */
  start?: (opened: Db) => void | Promise<void>
  /** At shutdown, before the server stops taking requests. */
  stop?: () => void | Promise<void>
  /** After the last request and before the database closes (the visits in memory are written). */
  drain?: () => Promise<void>
  /** The fast path's document counter (launch analytics), for the built files it answers. */
  onDocument?: (req: IncomingMessage) => void
}

type FeatureContext = FeatureBase & {
  ports: Ports
  /** The console routes' common toolkit (src/server/owner/deps.ts). */
  owner: OwnerDeps
}

export type FeatureParts = {
  /** Tables the PostgREST emulation serves at /rest/v1 (http/postgrest/). */
  tables?: readonly RestRegistration[]
  /** Public routes, mounted at the root, and the budgets in front of them. */
  public?: PublicRoutes
  /** Console API routes, mounted under /admin/api behind the session and Origin checks. */
  console?: readonly Hono<OwnerEnv>[]
  /** owner-auth: the console's Origin and session checks and its sign-in routes. */
  consoleGate?: ConsoleGate
  /** The /admin mount itself, given every feature's console routes and the gate (features/console). */
  consoleShell?: (api: Hono<OwnerEnv>[], gate: ConsoleGate) => Hono
  /** First of all middleware (request latency, which must see every answer). */
  first?: MiddlewareHandler
  /** Runs on GET requests after the answer, before static files (the document counter). */
  afterAnswer?: MiddlewareHandler
  /** Called on the app's 404 (request latency's route label). */
  onNotFound?: (c: Context) => void
  /** POST paths that read their body under a limit of their own (a spooled file, a page's form), not the JSON one. */
  uploadPaths?: ReadonlySet<string>
}

type ConsoleGate = { originCheck: MiddlewareHandler; sessionCheck: MiddlewareHandler<OwnerEnv>; auth: Hono }

/**
 * The named ports between features: who provides each is said on it. A port is typed here,
 * once, instead of each consumer restating a shape.
 */
export type Ports = {
  /** launch-analytics: the source columns of a sign-up, from the request and what was sent. */
  signupSource: (c: Context, sent: Record<string, unknown>) => Promise<Record<string, unknown>>
  /** owner-auth: whether a cookie is a live owner session (launch analytics leaves owners out). */
  ownerSession: {
    looksLike: (token: string) => boolean
    isLive: (token: string) => Promise<boolean>
    cookie: (c: Context) => string | undefined
    nodeCookie: (req: IncomingMessage) => string | undefined
  }
  /** play-testing: an Android phone choice's Google account and the "did you join?" email. */
  androidTesting: AndroidTesting
  /** invitations: the page a link that is unknown or used opens. */
  notValidPage: () => ReactNode
  /** signups: the sign-up's insert (the page's rule); contact: the contact message's. */
  signupTable: RestRegistration
  contactTable: RestRegistration
  /** signup-proof: a sign-up's step two (the edge function's, the forms without JavaScript's). */
  signupEmailStep: ReturnType<typeof signupEmailStep>
  /** launch-analytics: the funnel per source (the owner's API). */
  funnel: ApiDeps['funnel']
  /** play-testing: the Play card's progress (the owner's API). */
  playProgress: ApiDeps['play']
  /** outbound-events: the webhook sender looks now rather than at its next poll. */
  wakeOutbound: () => void
  /** launch-analytics: the visit counter (the fast path counts the built documents with it). */
  launchCounter: LaunchCounter
  /**
   * The composition root (features.ts): every feature's person-data sources, in erasure's order
   * (data-access's download and erasure read them).
   */
  personData: readonly PersonSource[]
}

/** What createApp is given; everything but config, db and logger has a default or is optional. */
export type AppDeps = {
  /** The whole config, as loadConfig makes it (tests: testConfig(overrides) from test-config.ts). */
  config: Config
  db: Db
  logger: Logger
  /** Called after an email was queued, so the worker sends it now rather than at its next poll. */
  wakeEmailQueue?: () => void
  /** The email transport, whose kept copies erasure deletes (the outbox's files). */
  transport?: Pick<Transport, 'forget'>
  /** Work that runs after an answer has left; index.ts passes its own so that shutdown can wait for it. */
  afterAnswer?: AfterAnswer
  /** The visit counter; index.ts passes its own so that shutdown writes what it holds. */
  launchCounter?: LaunchCounter
  /** Reads the TestFlight link before each invitation batch (index.ts starts it; absent: not checked). */
  testflight?: TestflightWatch
  /** The server's backups (index.ts): the CLI's backup requests go through them. */
  backups?: Backups
  /** Wakes the webhook sender (features/outbound-events/worker.ts) after a request that may have written an event. */
  wakeOutbound?: () => void
  /** How webhook URLs are resolved when saved (tests play DNS with their own). */
  outboundResolve?: Resolver
  /** How the readiness card reads the sending domain's TXT records (tests play DNS with their own). */
  dnsTxt?: TxtLookup
  /** Counts the Play test again after a tester's answer (play-testing/threshold-watch.ts; index.ts starts it). */
  playThreshold?: Pick<PlayThresholdWatch, 'poke'>
  /** The store listings /app sends phones to (default: content/site.yaml's `stores`; tests pass their own). */
  stores?: Stores
  /** The built documents made for PUBLIC_URL at start (http/public-site.ts; absent: the folder as built). */
  publicSite?: PublicSite
}
