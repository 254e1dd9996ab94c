import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { paths } from '../shared/paths.ts'
import { MAX_BODY_BYTES, tooLarge } from '../shared/http/json-body.ts'
import { watchOutages } from './db/outage.ts'
import type { AppDeps, FeatureParts } from './feature.ts'
import { FEATURES, portsOf } from './features.ts'
import { createAfterAnswer } from './http/after-answer.ts'
import { fastBodyLimit } from './http/body-limit.ts'
import { busyPages } from './http/busy-pages.tsx'
import { clientIp, rateLimitKey } from './http/client-ip.ts'
import { errorAnswer } from './http/error-answer.ts'
import { healthRoutes } from './http/health.ts'
import { requireApiKey } from './http/postgrest/api-key.ts'
import { supabaseCors } from './http/postgrest/gateway.ts'
import { restRoutes } from './http/postgrest/routes.ts'
import type { RouteLimit } from './http/public-routes.ts'
import { rateLimit, type Limits } from './http/rate-limit.ts'
import { securityHeaders } from './http/security-headers.ts'
import { staticRoutes } from './http/static.ts'
import { forgiveTrailingPunctuation } from './http/token-links.ts'
import { ownerDeps } from './owner/deps.ts'

/** The links people open from emails: a token link a mail client extended with a full stop still works. */
const TOKEN_LINKS = [paths.beta.pattern, paths.unsubscribe.pattern, paths.confirm.pattern, paths.ownerSignIn.pattern]
/** The pages a person's links open: a rate limit's 429 and an outage's 503 are pages too, not JSON. */
const PERSON_PAGES = [paths.beta.pattern, paths.unsubscribe.pattern, paths.confirm.pattern, paths.shareLink.prefix]

/**
 * The whole HTTP surface; no I/O until a request arrives. Every feature is one entry of FEATURES
 * (features.ts); this file orders what they declare around the server's own middleware, and the
 * ORDER is behaviour (docs/decisions/feature-modules.md).
 */
export function createApp(deps: AppDeps): Hono {
  const { logger, config } = deps
  const db = watchOutages(deps.db, logger)
  const wakeEmailQueue = deps.wakeEmailQueue ?? (() => {})
  const base = { db, logger, config, wakeEmailQueue, made: deps }
  const ports = portsOf(base)
  const afterAnswer = deps.afterAnswer ?? createAfterAnswer()
  const owner = ownerDeps({ db, logger, config, wakeEmailQueue, transport: deps.transport, afterAnswer })
  const parts: FeatureParts[] = FEATURES.map((f) => f.parts?.({ ...base, ports, owner }) ?? {})
  const all = <K extends keyof FeatureParts>(key: K) => parts.flatMap((p) => (p[key] === undefined ? [] : [p[key]!]))
  const app = new Hono()

  for (const first of all('first')) app.use('*', first)
  const headers = {
    trustedHops: config.TRUST_PROXY,
    extraConnect: config.CSP_CONNECT_SRC,
    staticDir: config.STATIC_DIR,
  }
  app.use('*', securityHeaders(headers))
  // Dynamic text answers over 1 KB (built files come precompressed, see http/static.ts).
  app.use('*', compress())
  // CORS first, so a browser can read a 429 too; the limit before the key check, so wrong keys count.
  app.use(paths.rest.pattern, supabaseCors)
  app.use(paths.functions.pattern, supabaseCors)
  for (const path of [...TOKEN_LINKS, paths.app.pattern]) app.use(path, forgiveTrailingPunctuation())
  // Ahead of every budget below, in the person's language (http/busy-pages.tsx).
  for (const path of [...PERSON_PAGES, paths.app.pattern, paths.app.localePattern]) app.use(path, busyPages())
  // Each feature's budgets (http/public-routes.ts); rules that name one group share its budget.
  const budgets = new Map<string, MiddlewareHandler>()
  const keyOf = (c: Context) => rateLimitKey(clientIp(c, config.TRUST_PROXY))
  const budget = (group: string, limits: Limits) =>
    budgets.get(group) ?? budgets.set(group, rateLimit(group, limits, keyOf)).get(group)!
  for (const rule of all('public').flatMap((p) => p.limits ?? [])) useLimit(app, rule, budget(rule.group, rule.limits))
  // Events are written by triggers with the facts (docs/decisions/outbound-events.md): any
  // successful write may have queued a delivery, so the sender looks now rather than at its poll.
  app.use('*', async (c, next) => {
    await next()
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.status < 400) ports.wakeOutbound()
  })
  // Every route, not only the JSON ones: the one-click unsubscribe POST carries a form body too.
  const uploads = new Set(all('uploadPaths').flatMap((s) => [...s]))
  const bodyLimit = fastBodyLimit(MAX_BODY_BYTES, () => Promise.reject(tooLarge()))
  app.use('*', (c, next) => (c.req.method === 'POST' && uploads.has(c.req.path) ? next() : bodyLimit(c, next)))
  app.use(paths.rest.pattern, requireApiKey(config.ANON_KEY))
  app.use(paths.functions.pattern, requireApiKey(config.ANON_KEY))
  app.route(paths.rest.prefix, restRoutes(db, all('tables').flat()))
  app.route('/', healthRoutes(db))
  for (const { routes } of all('public')) if (routes) app.route('/', routes)
  // The console: each feature's console API behind owner-auth's Origin and session checks.
  const [shell] = all('consoleShell')
  const [gate] = all('consoleGate')
  if (shell && gate) app.route(paths.console.prefix, shell(all('console').flat(), gate))
  // After the answer (the document counter); the fast path counts its own (index.ts).
  for (const after of all('afterAnswer')) app.on('GET', '*', after)
  app.route('/', staticRoutes(config.STATIC_DIR, deps.publicSite))

  app.notFound((c) => {
    for (const seen of all('onNotFound')) seen(c)
    return c.text('Not found', 404)
  })
  app.onError(errorAnswer(logger))
  return app
}

/** One budget rule in front of its paths: a page's 429 where people read it, a check first if any. */
function useLimit(app: Hono, rule: RouteLimit, limiter: MiddlewareHandler): void {
  const limited: MiddlewareHandler = rule.when ? (c, next) => (rule.when!(c) ? limiter(c, next) : next()) : limiter
  const chain = [...(rule.before ? [rule.before] : []), ...(rule.answer === 'page' ? [busyPages()] : []), limited]
  for (const path of rule.paths) {
    if (rule.method) app.on(rule.method, [path], ...chain)
    else app.use(path, ...chain)
  }
}
