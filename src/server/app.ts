import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { cors } from 'hono/cors'
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status'
import type { Config } from './config.ts'
import type { Db } from './db/db.ts'
import { STORES } from '../shared/content.ts'
import type { Stores } from '../shared/content-types.ts'
import { CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS, CORS_MAX_AGE_SECONDS } from '../mail-core/cors.ts'
import { MAX_BODY_BYTES, tooLarge } from '../mail-core/json-body.ts'
import { functionPath, resendEmailRoutes, signupEmailStep } from '../mail-core/resend-email-handler.ts'
import {
  ApiError,
  dataException,
  databaseUnavailable,
  INTERNAL_ERROR,
  isDatabaseUnavailable,
  OUTAGE_RETRY_AFTER_S,
} from '../mail-core/errors.ts'
import { watchOutages } from './db/outage.ts'
import { launchDayRoutes, signupChallengeSettings } from './features/launch-day/routes.ts'
import { clientAborted } from './http/aborted.ts'
import { createAfterAnswer, type AfterAnswer } from './http/after-answer.ts'
import { fastBodyLimit } from './http/body-limit.ts'
import { clientIp, rateLimitKey } from './http/client-ip.ts'
import { rateLimit, type Limits } from './http/rate-limit.ts'
import { forgiveTrailingPunctuation } from './http/token-links.ts'
import { securityHeaders } from './http/security-headers.ts'
import type { PublicRoutes } from './http/public-routes.ts'
import type { Transport } from './mail-transports/transport.ts'
import type { Logger } from './log.ts'
import { requireApiKey } from './features/rest/api-key.ts'
import { betaRoutes } from './features/invitations/routes.ts'
import { adminInvitationRoutes } from './features/invitations/console-routes.ts'
import { betaLinkNotValidPage } from './features/invitations/pages.tsx'
import type { TestflightWatch } from './features/invitations/testflight-watch.ts'
import { healthRoutes } from './http/health.ts'
import { adminRoutes } from './features/console/routes.ts'
import { adminDataRoutes } from './features/console/data-routes.ts'
import { contactConsoleRoutes } from './features/contact/console-routes.ts'
import { adminDataAccessRoutes } from './features/data-access/routes.ts'
import { testerMessageRoutes } from './features/tester-messages/routes.ts'
import { adminAccountRoutes } from './features/owner-auth/console-routes.ts'
import { sameOrigin } from './features/owner-auth/origin.ts'
import { adminAuthRoutes } from './features/owner-auth/routes.ts'
import { sessionCheck } from './features/owner-auth/session-check.ts'
import { ownerDeps } from './owner/deps.ts'
import { restRoutes, storeRow, type RestHooks } from './features/rest/routes.ts'
import { formRefusals, pageFormRoutes } from './features/page-forms/routes.ts'
import { staticRoutes } from './http/static.ts'
import { unsubscribeRoutes } from './features/signups/routes.ts'
import { busyPages } from './http/busy-pages.tsx'
import { feedbackConsoleRoutes, feedbackPageRoutes } from './features/feedback/routes.ts'
import { adminPlayTestingRoutes, androidTesting, playAnswerRoutes } from './features/play-testing/routes.ts'
import { paths } from '../shared/paths.ts'
import { createLaunchCounter, type LaunchCounter } from './features/launch-analytics/counter.ts'
import type { IncomingMessage } from 'node:http'
import {
  countDocuments,
  countNodeDocument,
  documentRequest,
  launchConsoleRoutes,
  shareLinkRoutes,
  sourceFunnel,
} from './features/launch-analytics/routes.ts'
import { nodeSessionCookie, sessionCookie } from './features/owner-auth/cookie.ts'
import { looksLikeSessionToken, readSession } from './features/owner-auth/sessions.ts'
import { adminBackupRoutes, backupCliRoutes } from './features/backups/routes.ts'
import { adminImportRoutes, importCliRoutes, IMPORT_UPLOAD_PATHS } from './features/backups/import-routes.ts'
import type { Backups } from './features/backups/service.ts'
import { webhookConsoleRoutes } from './features/outbound-events/console-routes.ts'
import type { Resolver } from './features/outbound-events/targets.ts'
import { metricsRoutes } from './features/metrics/routes.ts'
import { createRequestLatency } from './features/metrics/request-latency.ts'
import type { PlayThresholdWatch } from './features/play-testing/threshold-watch.ts'
import { apiRoutes } from './features/api-tokens/api-routes.ts'
import { apiTokenConsoleRoutes } from './features/api-tokens/console-routes.ts'
import { playTestingSummary } from './features/play-testing/queries.ts'

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
  /** Counts the Play test again after a tester's answer (play-testing/threshold-watch.ts; index.ts starts it). */
  playThreshold?: Pick<PlayThresholdWatch, 'poke'>
  /** The store listings /app sends phones to (default: content/site.yaml's `stores`; tests pass their own). */
  stores?: Stores
}

// What Supabase's API gateway allows (the list the edge function answers with too), so
// supabase-js and the page's clients work cross-origin.
const supabaseCors = cors({
  origin: '*',
  allowMethods: CORS_ALLOW_METHODS,
  allowHeaders: CORS_ALLOW_HEADERS,
  exposeHeaders: ['Content-Range', 'Preference-Applied'],
  maxAge: CORS_MAX_AGE_SECONDS,
})

/** How a document request is read for counting: the client address and the owner's cookie. */
function documentHooks(config: Pick<Config, 'TRUST_PROXY' | 'PUBLIC_URL'>) {
  return { trustedHops: config.TRUST_PROXY, ownerToken: (c: Context) => sessionCookie(c, config) }
}

/** The fast path's `onDocument`: the pages it answers from memory are counted as the app counts them. */
export function countBuiltDocument(
  config: Pick<Config, 'TRUST_PROXY' | 'PUBLIC_URL'>,
  counter: LaunchCounter,
): (req: IncomingMessage) => void {
  const hooks = {
    counter,
    trustedHops: config.TRUST_PROXY,
    ownerToken: (req: IncomingMessage) => nodeSessionCookie(req, config),
  }
  return (req) => countNodeDocument(req, hooks)
}

/**
 * The visit counter with this config and owner-auth's session check: a cookie that has a session
 * token's shape is looked up (at most a few per flush); anything else is a visitor.
 */
export function launchCounterFor(deps: {
  db: Db
  logger: Logger
  config: Pick<
    Config,
    | 'ANALYTICS_JOIN_SIGNUPS'
    | 'ANALYTICS_FLUSH_MS'
    | 'OWNER_EMAILS'
    | 'OWNER_SESSION_IDLE_MINUTES'
    | 'OWNER_SESSION_ABSOLUTE_HOURS'
  >
}): LaunchCounter {
  const { db, config } = deps
  return createLaunchCounter({
    db,
    logger: deps.logger,
    settings: { joinSignups: config.ANALYTICS_JOIN_SIGNUPS, flushMs: config.ANALYTICS_FLUSH_MS },
    ownerSession: {
      looksLike: looksLikeSessionToken,
      isLive: async (token) => (await readSession(db, token, config.OWNER_EMAILS, config)) !== null,
    },
  })
}

/** The whole HTTP surface; no I/O until a request arrives. */
export function createApp(deps: AppDeps): Hono {
  const { logger } = deps
  const db = watchOutages(deps.db, logger)
  const { config } = deps
  const app = new Hono()

  // First, so that every answer is timed, a 429 or a refused key too (features/metrics).
  const latency = createRequestLatency()
  app.use('*', latency.middleware)
  app.use(
    '*',
    securityHeaders({
      trustedHops: config.TRUST_PROXY,
      extraConnect: config.CSP_CONNECT_SRC,
      staticDir: config.STATIC_DIR,
    }),
  )
  // Dynamic text answers over 1 KB (built files come precompressed, see http/static.ts).
  app.use('*', compress())
  for (const prefix of ['/rest/v1', '/functions/v1']) app.use(prefix, supabaseCors, requireApiKey(config.ANON_KEY))
  // CORS first, so a browser can read a 429 too; the limit before the key check, so wrong keys count.
  app.use('/rest/v1/*', supabaseCors)
  app.use('/functions/v1/*', supabaseCors)
  const keyOf = (c: Context) => rateLimitKey(clientIp(c, config.TRUST_PROXY))
  const limited = (group: string, limits: Limits) => rateLimit(group, limits, keyOf)
  const signupLimit = limited('beta_signups', {
    perMinute: config.RATE_LIMIT_SIGNUP_PER_MINUTE,
    perHour: config.RATE_LIMIT_SIGNUP_PER_HOUR,
  })
  const contactLimit = limited('contact_messages', {
    perMinute: config.RATE_LIMIT_CONTACT_PER_MINUTE,
    perHour: config.RATE_LIMIT_CONTACT_PER_HOUR,
  })
  app.use('/rest/v1/beta_signups', signupLimit)
  app.use('/rest/v1/contact_messages', contactLimit)
  // By the handler's own reading of the path (functionPath), so every spelling that reaches it
  // (a trailing slash too) is limited. The challenge has a budget of its own.
  const emailLimit = limited('resend-email', {
    perMinute: config.RATE_LIMIT_EMAIL_PER_MINUTE,
    perHour: config.RATE_LIMIT_EMAIL_PER_HOUR,
  })
  const challengeLimit = limited('resend-email-challenge', {
    perMinute: config.RATE_LIMIT_CHALLENGE_PER_MINUTE,
    perHour: config.RATE_LIMIT_CHALLENGE_PER_HOUR,
  })
  app.use('/functions/v1/*', async (c, next) => {
    const path = functionPath(new URL(c.req.url))
    if (path === '/resend-email') return emailLimit(c, next)
    if (path === '/resend-email/challenge') return challengeLimit(c, next)
    return next()
  })
  // The forms posted without JavaScript spend the same budgets as the calls they stand for: a
  // sign-up both the insert's and the email's, a contact message the insert's (features/page-forms).
  app.on('POST', paths.join.pattern, formRefusals('join'), signupLimit, emailLimit)
  app.on('POST', paths.contact.pattern, formRefusals('contact'), contactLimit)
  // A token link that a mail client extended with the sentence's full stop still works.
  for (const path of ['/beta/*', '/unsubscribe', '/confirm', '/admin/sign-in', paths.app.pattern])
    app.use(path, forgiveTrailingPunctuation())
  // The pages a person's links open: a rate limit's 429 and an outage's 503 are pages too, in
  // their language, not the API's JSON (http/busy-pages.tsx). Ahead of every budget below.
  for (const path of [
    paths.beta.pattern,
    paths.unsubscribe.pattern,
    paths.confirm.pattern,
    paths.shareLink.prefix,
    paths.app.pattern,
    paths.app.localePattern,
  ])
    app.use(path, busyPages())
  // Each feature's public routes and the budgets it declares in front of them (http/public-routes.ts);
  // where one feature needs another's part, app.ts hands it over.
  const wakeEmailQueue = deps.wakeEmailQueue ?? (() => {})
  // Visits counted from the page's document requests (and share-link opens), and the source a
  // sign-up takes. The features never import each other: app.ts hands each what it needs of the others.
  const launch = deps.launchCounter ?? launchCounterFor({ db, logger, config })
  const publicRoutes: PublicRoutes[] = [
    launchDayRoutes({ db, logger, config }),
    unsubscribeRoutes({ db, logger, config, wakeEmailQueue }),
    playAnswerRoutes({
      db,
      logger,
      wakeEmailQueue,
      notValidPage: betaLinkNotValidPage,
      ...(deps.playThreshold ? { onAnswer: deps.playThreshold.poke } : {}),
    }),
    betaRoutes({ db, logger, config, wakeEmailQueue, android: androidTesting({ db, config }) }),
    feedbackPageRoutes({ db, logger, config }),
    shareLinkRoutes({ db, counter: launch, trustedHops: config.TRUST_PROXY, stores: deps.stores ?? STORES }),
  ]
  for (const rule of publicRoutes.flatMap((p) => p.limits ?? [])) {
    const chain: MiddlewareHandler[] = [
      ...(rule.answer === 'page' ? [busyPages()] : []),
      limited(rule.group, rule.limits),
    ]
    for (const path of rule.paths) {
      if (rule.method) app.on(rule.method, [path], ...chain)
      else app.use(path, ...chain)
    }
  }
  // Every /beta page (invitations, play testing, feedback) shares one budget besides.
  app.use(
    paths.beta.pattern,
    limited('beta', { perMinute: config.RATE_LIMIT_BETA_PER_MINUTE, perHour: config.RATE_LIMIT_BETA_PER_HOUR }),
  )
  // The console's routes that work without a session, and its API before the session lookup:
  // a 429 here costs no database work.
  const adminSignIn = limited('admin-sign-in', {
    perMinute: config.RATE_LIMIT_SIGN_IN_PER_MINUTE,
    perHour: config.RATE_LIMIT_SIGN_IN_PER_HOUR,
  })
  app.on('POST', '/admin/auth/*', adminSignIn)
  app.get(paths.ownerSignIn.pattern, adminSignIn)
  app.use(
    '/admin/api/*',
    limited('admin-api', {
      perMinute: config.RATE_LIMIT_CONSOLE_PER_MINUTE,
      perHour: config.RATE_LIMIT_CONSOLE_PER_HOUR,
    }),
  )
  // Events are written by triggers with the facts (docs/decisions/outbound-events.md): any
  // successful write may have queued a delivery, so the sender looks now rather than at its poll.
  const wakeOutbound = deps.wakeOutbound ?? (() => {})
  app.use('*', async (c, next) => {
    await next()
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.status < 400) wakeOutbound()
  })
  // Every route, not only the JSON ones: the one-click unsubscribe POST carries a form body too.
  // The list import's upload is a file: its routes spool it under a limit of their own.
  const bodyLimit = fastBodyLimit(MAX_BODY_BYTES, () => Promise.reject(tooLarge()))
  app.use('*', (c, next) =>
    c.req.method === 'POST' && IMPORT_UPLOAD_PATHS.has(c.req.path) ? next() : bodyLimit(c, next),
  )
  app.use('/rest/v1/*', requireApiKey(config.ANON_KEY))
  app.use('/functions/v1/*', requireApiKey(config.ANON_KEY))
  const launchHooks = documentHooks(config)
  const restHooks: RestHooks = {
    signupSource: (c, sent) => launch.signupSource(documentRequest(c, launchHooks), sent),
  }
  app.route('/rest/v1', restRoutes(db, restHooks))
  // The edge function's own routes (src/mail-core), on Hono's raw request: its errors reach onError.
  // Their step two is the forms' too: one over-budget log, one rule.
  const signupEmails = {
    db,
    logger,
    signupConfirmation: config.SIGNUP_CONFIRMATION,
    sendQueued: async () => wakeEmailQueue(),
    challenge: signupChallengeSettings(db, config),
  }
  const emailStep = signupEmailStep(signupEmails)
  const resendEmail = resendEmailRoutes({ ...signupEmails, emailStep })
  app.all('/functions/v1/*', (c) => resendEmail(c.req.raw))
  app.route(
    '/',
    pageFormRoutes({
      logger,
      store: (c, table, row) => storeRow(c, db, table, row, restHooks),
      emailStep,
    }).routes,
  )
  app.route('/', healthRoutes(db))
  // Absent (the app's 404) unless METRICS_TOKEN is set.
  app.route('/', metricsRoutes({ db, token: config.METRICS_TOKEN, latency }))
  // The owner's API for their own tools (features/api-tokens): a token stands in for the proof of
  // work, so its sign-ups queue their email as a proven call does, and its own per-token budget
  // replaces the page's per-address one. Everything else is the page's: the insert's rule, the
  // sign-up's source unless the caller names one, suppression, double opt-in.
  const playRule = { required: config.PLAY_REQUIRED_TESTERS, days: config.PLAY_REQUIRED_DAYS }
  const apiEmail = signupEmailStep({
    db,
    logger,
    signupConfirmation: config.SIGNUP_CONFIRMATION,
    sendQueued: async () => wakeEmailQueue(),
  })
  app.route(
    '/api/v1',
    apiRoutes({
      db,
      perMinute: config.RATE_LIMIT_API_TOKEN_PER_MINUTE,
      funnel: (days) => sourceFunnel({ db, counter: launch, staticDir: config.STATIC_DIR }, days),
      play: async () => {
        const p = (await playTestingSummary(db, playRule, new Date())).progress
        return {
          required: p.required,
          days: p.days,
          counting: p.counting,
          required_since: p.requiredSince,
          apply_on: p.applyOn,
          reached: p.reached,
        }
      },
      addSignup: (c, row) => storeRow(c, db, 'beta_signups', row),
      emailStep: (email) => apiEmail(email, null),
    }),
  )
  for (const { routes } of publicRoutes) app.route('/', routes)
  // The console: each feature's console API behind the owner's session and the Origin check.
  const owner = ownerDeps({
    db,
    logger,
    config,
    wakeEmailQueue,
    transport: deps.transport,
    afterAnswer: deps.afterAnswer ?? createAfterAnswer(),
  })
  // `npm run owner -- backup` while this server holds the database: its signed token, no session.
  if (deps.backups) app.route('/', backupCliRoutes(owner, deps.backups))
  // `npm run owner -- import` likewise (the CLI opens the database itself when no server holds it).
  app.route('/', importCliRoutes(owner))
  app.route(
    '/admin',
    adminRoutes(config.STATIC_DIR, {
      originCheck: sameOrigin(config.PUBLIC_URL, config.TRUST_PROXY),
      sessionCheck: sessionCheck(owner),
      auth: adminAuthRoutes(owner),
      api: [
        adminAccountRoutes(owner),
        adminDataRoutes(owner),
        contactConsoleRoutes(owner),
        adminInvitationRoutes({ ...owner, ...(deps.testflight ? { testflight: deps.testflight } : {}) }),
        testerMessageRoutes(owner),
        feedbackConsoleRoutes(owner),
        adminPlayTestingRoutes(owner),
        adminDataAccessRoutes(owner),
        launchConsoleRoutes({ db, counter: launch, staticDir: config.STATIC_DIR }),
        adminBackupRoutes(owner, config),
        apiTokenConsoleRoutes({ db }),
        adminImportRoutes(owner),
        webhookConsoleRoutes({
          db,
          allowLoopback: config.OUTBOUND_ALLOW_LOOPBACK,
          wake: wakeOutbound,
          ...(deps.outboundResolve ? { resolve: deps.outboundResolve } : {}),
        }),
      ],
    }),
  )
  // The built page's documents are counted after their answer (no byte added to it).
  // The fast path for built files counts its own answers (countBuiltDocument, from index.ts).
  app.on('GET', '*', countDocuments({ counter: launch, ...launchHooks }))
  app.route('/', staticRoutes(config.STATIC_DIR))

  app.notFound((c) => {
    latency.markNotFound(c)
    return c.text('Not found', 404)
  })
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body, err.status as ContentfulStatusCode)
    // First: a client that left mid-body fails its read with a socket error (ECONNRESET), which
    // is not the database's.
    if (clientAborted(c)) {
      logger.debug({ event: 'request.aborted', method: c.req.method, path: c.req.path }, 'client left mid-request')
      // nginx's "client closed request": never sent, and never counted as a server error.
      return c.body(null, 499 as StatusCode)
    }
    if (isDatabaseUnavailable(err)) {
      // Logged once per outage by watchOutages, not per request.
      c.header('Retry-After', String(OUTAGE_RETRY_AFTER_S))
      return c.json(databaseUnavailable().body, 503)
    }
    const badData = dataException(err)
    if (badData) return c.json(badData.body, 400)
    logger.error({ err, method: c.req.method, path: c.req.path }, 'request failed')
    return c.json(INTERNAL_ERROR, 500)
  })
  return app
}
