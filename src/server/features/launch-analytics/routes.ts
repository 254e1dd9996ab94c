import { existsSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { apiError } from '../../../shared/http/errors.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'
import type { Stores } from '../../../shared/content-types.ts'
import {
  ChannelName,
  EMAIL_SOURCE,
  type LaunchQuery,
  type LaunchReport,
  type LaunchSourceRow,
} from '../../../shared/launch-analytics.ts'
import { DEFAULT_LOCALE, localeOr, localeSegment, siteLocale, type Locale } from '../../../shared/locales.ts'
import { paths } from '../../../shared/paths.ts'
import { isTokenShaped } from '../../../mail-core/tokens.ts'
import type { Db } from '../../db/db.ts'
import type { PublicRoutes } from '../../http/public-routes.ts'
import type { Limits } from '../../http/rate-limit.ts'
import { clientAddress, clientIp } from '../../http/client-ip.ts'
import { endpointAnswer, endpointInput } from '../../http/console-endpoint.ts'
import type { OwnerEnv } from '../../owner/deps.ts'
import { audit } from '../../owner/audit.ts'
import { csvDownload } from '../../owner/csv.ts'
import { parseInput } from '../../owner/input.ts'
import { appDestination, platformOf } from './app-link.ts'
import { leftOutReason } from './classify.ts'
import type { LaunchCounter } from './counter.ts'
import type { DocumentRequest } from './document-request.ts'
import {
  buckets,
  deleteChannel,
  documentsSeen,
  findChannel,
  leftOutRows,
  listChannels,
  recordAppOpened,
  saveChannel,
  sourceRows,
} from './queries.ts'

// The public side (counting documents, share links) and the console's Launch API.
// docs/decisions/launch-analytics.md

/** The documents of the built page: `/`, `/index.html`, any `….html` or folder path, and extensionless pages. */
const DOCUMENT_PATH = /^\/(?:[^.]*|.*\.html?)$/
/**
 * The server's own pages and APIs: never the public page, wherever the counting is mounted (in
 * front of the built files today; in front of a fast path for them, if it answers earlier).
 */
const NOT_THE_PAGE =
  /^\/(?:admin|beta|confirm|unsubscribe|go|app|rest|functions|webhooks|healthz?|resend-email)(?:\/|$)/

type Hooks = {
  counter: LaunchCounter
  trustedHops: number
  /** The console session cookie's value on this request (owner-auth's reader, passed by app.ts). */
  ownerToken: (c: Context) => string | undefined
}

/** The counter's view of a Hono request: the address as client-ip.ts takes it, the owner's cookie. */
export function documentRequest(c: Context, hooks: Omit<Hooks, 'counter'>): DocumentRequest {
  return {
    url: new URL(c.req.url),
    header: (name) => c.req.header(name),
    ip: clientIp(c, hooks.trustedHops),
    ownerToken: hooks.ownerToken(c),
  }
}

/**
 * Counts a GET of a public page that was answered with the page (200, or 304 to a return visit).
 * The fast path for built files calls this with its own context; nothing is added to the answer.
 */
function countDocumentRequest(c: Context, hooks: Hooks): void {
  if (c.req.method !== 'GET' || !DOCUMENT_PATH.test(c.req.path) || NOT_THE_PAGE.test(c.req.path)) return
  const status = c.res.status
  const html = /^text\/html\b/i.test(c.res.headers.get('content-type') ?? '')
  if (!((status === 200 && html) || status === 304)) return
  hooks.counter.countDocument(documentRequest(c, hooks))
}

/** What the fast path's hook needs: the counter, the proxies to trust, the owner's cookie on a Node request. */
export type NodeHooks = Pick<Hooks, 'trustedHops'> & {
  counter: Pick<LaunchCounter, 'countDocument'>
  ownerToken: (req: IncomingMessage) => string | undefined
}

/**
 * The fast path's hook (http/fast-path.ts `onDocument`): a page it answers from memory never
 * reaches the app's middleware, so it is counted here, read from the Node request the way
 * `documentRequest` reads a Hono context (client address, owner cookie). No Request or Context is
 * built: that cost more than serving the page from memory (docs/BENCHMARKS.md, the launch-day
 * spike). Counting never fails the answer: a request whose address is no URL is left uncounted.
 */
export function countNodeDocument(req: IncomingMessage, hooks: NodeHooks): void {
  let url: URL
  try {
    url = new URL(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`)
  } catch {
    return
  }
  const header = (name: string) => {
    const value = req.headers[name]
    return Array.isArray(value) ? value.join(', ') : value
  }
  hooks.counter.countDocument({
    url,
    header,
    ip: clientAddress(req.socket.remoteAddress, header('x-forwarded-for'), hooks.trustedHops),
    ownerToken: hooks.ownerToken(req),
  })
}

/** The middleware app.ts mounts in front of the built files: the answer first, then the count. */
export function countDocuments(hooks: Hooks): MiddlewareHandler {
  return async (c, next) => {
    await next()
    countDocumentRequest(c, hooks)
  }
}

/**
 * Share links and the link for every phone. /go/<name> answers 302 to the page with the link's
 * source (utm_source, and utm_medium when it has one), keeping the rest of the query string; a
 * link whose target is "app" answers as /app does with that source. The visit that follows is
 * counted like any other, for that source; in-app browsers that drop the Referer keep it.
 *
 * /app (and /<lang>/app) sends an iPhone to the App Store, an Android phone to Play (when the app
 * is live there), anything else to the page's store section; each opening is counted per source
 * and platform. With `token`, a person's own link: its first opening is recorded once.
 * Openings are counted in memory with the visits, within per-address budgets (no write per
 * request); the redirect always works. docs/decisions/app-link.md
 */
export function shareLinkRoutes(deps: {
  db: Db
  /** Openings per client address: each reads the link (RATE_LIMIT_SHARE_LINK_*). */
  limits: Limits
  counter: Pick<LaunchCounter, 'countOpen' | 'countAppOpen'>
  trustedHops: number
  /** The content's store listings (content/site.yaml `stores`), passed by app.ts. */
  stores: Stores
  ownerToken?: (c: Context) => string | undefined
}): PublicRoutes {
  const { db, counter } = deps
  const app = new Hono()
  const hooks = { trustedHops: deps.trustedHops, ownerToken: deps.ownerToken ?? (() => undefined) }

  /** Counts the opening for the request's source, then answers with the phone's store or the page. */
  function toApp(c: Context, query: URLSearchParams, locale: Locale | undefined, hasToken: boolean) {
    const request = documentRequest(c, hooks)
    counter.countAppOpen({ ...request, url: withQuery(request.url, query) })
    const target = appDestination({ os: platformOf(c.req.header('user-agent')), stores: deps.stores, locale, query })
    noStore(c, hasToken)
    return c.redirect(target, 302)
  }

  app.get(paths.shareLink.pattern, async (c) => {
    const parsed = ChannelName.safeParse(c.req.param('name').toLowerCase())
    const channel = parsed.success ? await findChannel(db, parsed.data) : null
    if (!channel || !parsed.success) return c.text('No such link', 404)
    counter.countOpen(parsed.data, clientIp(c, deps.trustedHops))
    const query = new URL(c.req.url).searchParams
    query.set('utm_source', channel.source)
    if (channel.medium) query.set('utm_medium', channel.medium)
    if (channel.target === 'app') return toApp(c, query, undefined, false)
    noStore(c, false)
    return c.redirect(`/?${query.toString()}`, 302)
  })

  async function openApp(c: Context, locale: Locale | undefined) {
    const query = new URL(c.req.url).searchParams
    const token = query.get('token')
    if (token === null) return toApp(c, query, locale, false)
    // A person's own link: their first opening is recorded (bots and previews record nothing),
    // and they land in their own language. An unknown or malformed token still gets the link's
    // answer, recording nothing: it reveals nothing, and a person who left still reaches the app.
    const person =
      isTokenShaped(token) && !leftOutReason((n) => c.req.header(n), new URL(c.req.url).hostname)
        ? await recordAppOpened(db, token)
        : null
    if (!query.has('utm_source') && !query.has('source') && !query.has('ref')) query.set('utm_source', EMAIL_SOURCE)
    return toApp(c, query, locale ?? (person ? localeOr(person.locale) : undefined), true)
  }

  app.get(paths.app.pattern, (c) => openApp(c, undefined))
  app.get(paths.app.localePattern, async (c, next) => {
    const lang = siteLocale(c.req.param('lang'))
    if (!lang || lang === DEFAULT_LOCALE || c.req.param('lang') !== localeSegment(lang)) return next()
    return openApp(c, lang)
  })
  // A flood of openings would be a query each; past the budget the answer is busyPages' page.
  return {
    routes: app,
    limits: [{ group: 'share-link', method: 'GET', paths: [paths.shareLink.pattern], limits: deps.limits }],
  }
}

/** The last `days` days up to the next whole hour, starting on a whole `bucket`. */
function rangeOf(now: number, query: LaunchQuery): { from: string; to: string; bucket: LaunchQuery['bucket'] } {
  const step = query.bucket === 'hour' ? 3_600_000 : 86_400_000
  const to = new Date(Math.ceil((now + 1) / 3_600_000) * 3_600_000)
  const from = new Date(Math.floor((to.getTime() - query.days * 86_400_000) / step) * step)
  return { from: from.toISOString(), to: to.toISOString(), bucket: query.bucket }
}

/**
 * The Launch view's funnel per source over the last `days` (whole days), for the API's
 * GET /api/v1/stats (app.ts hands it to features/api-tokens): the same rows the view shows.
 */
export async function sourceFunnel(
  deps: { db: Db; counter: LaunchCounter; staticDir: string },
  days: number,
): Promise<{ from: string; to: string; visits_measured: boolean; sources: LaunchSourceRow[] }> {
  // What is in memory first, as the view does.
  await deps.counter.flush()
  const { from, to, bucket } = rangeOf(deps.counter.now(), { days, bucket: 'day' })
  const sources = await sourceRows(deps.db, { from, to, bucket })
  return { from, to, visits_measured: existsSync(join(deps.staticDir, 'index.html')), sources }
}

function noStore(c: Context, hasToken: boolean): void {
  c.header('Cache-Control', 'no-store')
  // A person's token stays out of Referer headers (the store's pages included).
  c.header('Referrer-Policy', hasToken ? 'no-referrer' : 'no-referrer-when-downgrade')
  if (hasToken) c.header('X-Robots-Tag', 'noindex')
}

function withQuery(url: URL, query: URLSearchParams): URL {
  const copy = new URL(url)
  copy.search = query.toString()
  return copy
}

/** The console's Launch API (behind the session and Origin checks of features/console/routes.ts). */
export function launchConsoleRoutes(deps: {
  db: Db
  counter: LaunchCounter
  /** Where the built page is: a server without it does not see the page's requests. */
  staticDir: string
}): Hono<OwnerEnv> {
  const { db, counter } = deps
  const now = counter.now
  const app = new Hono<OwnerEnv>()

  async function report(c: Context<OwnerEnv>): Promise<LaunchReport> {
    // The Launch view's and its CSV's input alike (both endpoints name LaunchQuery).
    const query = await endpointInput(c, 'launch')
    // What is in memory first, so that the view shows the last seconds too.
    await counter.flush()
    const range = rangeOf(now(), query)
    const [sources, series, leftOut, channels, seen] = [
      await sourceRows(db, range),
      await buckets(db, range),
      await leftOutRows(db, range),
      await listChannels(db),
      await documentsSeen(db),
    ]
    const sum = (xs: readonly { [k: string]: unknown }[], k: string) => xs.reduce((n, x) => n + Number(x[k] ?? 0), 0)
    return {
      ...range,
      visitsMeasured: existsSync(join(deps.staticDir, 'index.html')),
      documentsSeen: seen,
      joinSignups: counter.settings.joinSignups,
      totals: {
        visitors: sum(sources, 'visitors'),
        pageviews: sum(sources, 'pageviews'),
        signups: sum(sources, 'signups'),
        leftOut: sum(leftOut, 'requests'),
        appOpens: sum(sources, 'appOpens'),
      },
      sources,
      buckets: series,
      leftOut,
      channels,
    }
  }

  app.get(routePath(endpoints.launch), async (c) => endpointAnswer(c, 'launch', await report(c)))

  app.get(routePath(endpoints.launchExport), async (c) => {
    const r = await report(c)
    await audit(db, c.get('session').email, 'launch.export', { days: Number(c.req.query('days') ?? 2) })
    async function* rows() {
      yield r.sources
    }
    return csvDownload(
      'launch',
      [
        'source',
        'visitors',
        'page_views',
        'signups',
        'conversion',
        'confirmed',
        'invited',
        'opened_store_link',
        'feedback',
        'visitors_iphone',
        'visitors_android',
        'visitors_other',
        'visitors_mobile',
        'app_opens',
        'app_opens_iphone',
        'app_opens_android',
        'app_opens_other',
        'opened_store_link_after_launch',
      ],
      rows(),
      (s) => [
        s.source,
        String(s.visitors),
        String(s.pageviews),
        String(s.signups),
        s.conversion === null ? '' : s.conversion.toFixed(4),
        String(s.confirmed),
        String(s.invited),
        String(s.opened),
        String(s.feedback),
        String(s.ios),
        String(s.android),
        String(s.other),
        String(s.mobile),
        String(s.appOpens),
        String(s.appOpensIos),
        String(s.appOpensAndroid),
        String(s.appOpensOther),
        String(s.openedAfterLaunch),
      ],
    )
  })

  app.post(routePath(endpoints.saveChannel), async (c) => {
    const input = await endpointInput(c, 'saveChannel')
    const channel = { name: input.name, source: input.source!, medium: input.medium, target: input.target }
    const created = await saveChannel(db, channel)
    await audit(db, c.get('session').email, 'launch.channel', { ...channel, created })
    return endpointAnswer(c, 'saveChannel', { created }, created ? 201 : 200)
  })

  app.post(routePath(endpoints.deleteChannel), async (c) => {
    const name = parseInput(ChannelName, c.req.param('id'))
    if (!(await deleteChannel(db, name))) throw apiError(404, 'PGRST116', 'No such link')
    await audit(db, c.get('session').email, 'launch.channel-delete', { name })
    return c.body(null, 204)
  })

  return app
}
