import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { isDatabaseUnavailable } from '../../../shared/http/errors.ts'
import type { Db } from '../../db/db.ts'
import type { Logger } from '../../log.ts'
import { rateLimitKey } from '../../http/client-ip.ts'
import {
  attribute,
  deviceOf,
  DIRECT,
  OTHER_SOURCE,
  type LeftOutReason,
  type SignupSource,
  type System,
} from '../../../shared/launch-analytics.ts'
import { createBudgets, DEFAULT_CAPS, type Caps } from './budgets.ts'
import { leftOutReason } from './classify.ts'
import { visitorLabels, writeBatch, type Batch, type Labels, type VisitorBatchRow } from './queries.ts'
import { createSaltStore, dayBefore, utcDay } from './salts.ts'

// Counting visits from the page's document requests, in memory first. A request costs
// a header check and an HMAC; the counts go to the database every few seconds in one transaction.
// No timer runs while nobody visits: the flush timer starts with the first counted request and
// stops when the buffer is empty. docs/decisions/launch-analytics.md

/** What the counter reads of a document request; the fast path for built files can build it too. */
export type DocumentRequest = {
  url: URL
  /** A request header by lower-case name. */
  header: (name: string) => string | undefined
  /** The client's address as src/server/http/client-ip.ts takes it (trusted proxies only). */
  ip: string
  /** The console session cookie's value, when the request carries one: the owner's visits are left out. */
  ownerToken?: string | undefined
}

type AnalyticsSettings = Caps & {
  /** ANALYTICS_JOIN_SIGNUPS: false keeps aggregates only, and a sign-up takes no source. */
  joinSignups: boolean
  /** How long counts wait in memory at most (a crash loses at most this much). */
  flushMs: number
}

const ANALYTICS_DEFAULTS: AnalyticsSettings = { joinSignups: true, flushMs: 5_000, ...DEFAULT_CAPS }

/** Owner visits waiting for their session check; past this many, they count as a flood. */
const MAX_HELD = 10_000
/**
 * Distinct session-shaped cookies checked against the database per flush: the owner has a few
 * browsers; anything beyond is someone sending made-up cookies, and counts as a flood.
 */
const MAX_TOKENS_PER_FLUSH = 4
/** Distinct visitors held in memory between two flushes; past this many, the rest are a flood. */
const MAX_BUFFERED = 100_000
/** Batches kept for a retry while the database is away (a minute of a flood, hours of a launch). */
const MAX_UNSENT = 2_000
/**
 * Rows per transaction: a flood's flush is written in small transactions with a turn of the event
 * loop between them, so the page's answers never wait long behind it (PGlite runs in this process).
 */
const ROWS_PER_BATCH = 100

/** `visitor` and `address` are per-process HMACs: the budgets tell clients apart without keeping them. */
type Visit = Labels & { at: number; key: string; visitor: string; address: string; joinable: boolean }
type Buffered = Labels & {
  day: string
  hour: string
  key: string | null
  visitor: string | null
  previous: string | null
  joinable: boolean
  pageviews: number
}

/** The sign-up's source columns: all null when nothing is known or the join is off. */
type SignupColumns = {
  source: string | null
  source_medium: string | null
  source_campaign: string | null
  source_device: SignupSource['source_device'] | null
  source_os: SignupSource['source_os'] | null
}
const NO_SOURCE: SignupColumns = {
  source: null,
  source_medium: null,
  source_campaign: null,
  source_device: null,
  source_os: null,
}

export type LaunchCounter = ReturnType<typeof createLaunchCounter>

export function createLaunchCounter(deps: {
  db: Db
  logger: Logger
  settings?: Partial<AnalyticsSettings>
  /**
   * The owner's session check that app.ts passes in (owner-auth's): a cookie is looked up only if
   * it has a session token's shape, and at most MAX_TOKENS_PER_FLUSH distinct ones per flush.
   */
  ownerSession?: { looksLike: (token: string) => boolean; isLive: (token: string) => Promise<boolean> }
  /** The clock, injected by tests (48 simulated hours). */
  now?: () => number
}) {
  const { db, logger } = deps
  const settings = { ...ANALYTICS_DEFAULTS, ...deps.settings }
  const now = deps.now ?? Date.now
  const salts = createSaltStore(db)
  // A per-process key: visitors are told apart in memory (floods, the buffer) without keeping
  // what identifies them; it is never written anywhere.
  const processKey = randomBytes(32)
  /** Today's and yesterday's salts, once a flush has loaded them: the request path hashes at once. */
  const pairs = new Map<string, { salt: Buffer; previous: Buffer | null }>()

  let visitors = new Map<string, Buffered>()
  // Visitors taken out of the buffer by a flush and not yet written: a sign-up in that window
  // still finds its visit (neither the buffer nor the database has it then).
  let writing: Map<string, Buffered>[] = []
  let views = new Map<string, Labels & { hour: string; pageviews: number }>()
  let leftOut = new Map<string, { hour: string; reason: LeftOutReason; requests: number }>()
  let held: { token: string; visit: Visit }[] = []
  let heldTokens = new Set<string>()
  let opens = new Map<string, number>()
  let appOpens = new Map<string, { hour: string; source: string; os: System; opens: number }>()
  const unsent: Batch[] = []
  const budgets = createBudgets(settings)
  let timer: NodeJS.Timeout | undefined
  let flushing: Promise<void> | undefined
  let purgedDay: string | undefined
  let purgeTimer: NodeJS.Timeout | undefined
  let closed = false

  const hourOf = (ms: number) => new Date(Math.floor(ms / 3_600_000) * 3_600_000).toISOString()
  const memo = (key: string) => createHmac('sha256', processKey).update(key).digest('hex').slice(0, 32)
  const hash = (salt: Buffer, key: string) => createHmac('sha256', salt).update(key).digest('hex').slice(0, 32)
  const identity = (ip: string, ua: string, host: string) => `${ip}\u0000${ua}\u0000${host}`

  function pending(): boolean {
    return (
      visitors.size > 0 ||
      views.size > 0 ||
      leftOut.size > 0 ||
      held.length > 0 ||
      opens.size > 0 ||
      appOpens.size > 0 ||
      unsent.length > 0
    )
  }

  function schedule(): void {
    if (timer || closed) return
    timer = setTimeout(() => {
      timer = undefined
      void flush()
    }, settings.flushMs)
    timer.unref()
  }

  function leave(reason: LeftOutReason, at: number): void {
    const hour = hourOf(at)
    const k = `${hour}|${reason}`
    const row = leftOut.get(k) ?? { hour, reason, requests: 0 }
    row.requests += 1
    leftOut.set(k, row)
    schedule()
  }

  /** Buffers a visit that passed the flood rule (and the owner's check): its source within the caps. */
  function record(visit: Visit): void {
    const day = utcDay(visit.at)
    const hour = hourOf(visit.at)
    const m = visit.visitor
    const k = `${day}|${m}`
    let v = visitors.get(k)
    if (!v && visitors.size >= MAX_BUFFERED) return leave('flood', visit.at)
    // Past the caps on new sources the visit still counts, under "other"; the ledger says how often.
    if (!budgets.admits(visit, m, visit.address, visit.at)) {
      leave('source-cap', visit.at)
      visit = { ...visit, source: OTHER_SOURCE, medium: '', campaign: '' }
    }
    if (!v) {
      const pair = pairs.get(day)
      v = {
        day,
        hour,
        source: visit.source,
        medium: visit.medium,
        campaign: visit.campaign,
        device: visit.device,
        os: visit.os,
        joinable: visit.joinable,
        pageviews: 0,
        // Hashed now when the day's salt is loaded; else the key waits in memory for the flush.
        key: pair ? null : visit.key,
        visitor: pair ? hash(pair.salt, visit.key) : null,
        previous: pair?.previous ? hash(pair.previous, visit.key) : null,
      }
      visitors.set(k, v)
    } else if (visit.source !== DIRECT) {
      // The latest named source wins over "direct" for the sign-up's join (last click).
      Object.assign(v, { source: visit.source, medium: visit.medium, campaign: visit.campaign })
    }
    v.joinable &&= visit.joinable
    v.pageviews += 1
    const labels = [hour, visit.source, visit.medium, visit.campaign, visit.device, visit.os]
    const vk = labels.join('|')
    const row = views.get(vk) ?? {
      hour,
      source: visit.source,
      medium: visit.medium,
      campaign: visit.campaign,
      device: visit.device,
      os: visit.os,
      pageviews: 0,
    }
    row.pageviews += 1
    views.set(vk, row)
    schedule()
  }

  /**
   * Counts one GET of a public page (200 or 304): a visit, or a left-out request with its reason.
   * Synchronous and never throws: the page's answer never waits for it.
   */
  function countDocument(req: DocumentRequest): void {
    if (closed) return
    try {
      const at = now()
      const host = req.url.host.toLowerCase()
      const reason = leftOutReason(req.header, req.url.hostname.toLowerCase())
      if (reason) return leave(reason, at)
      const ua = req.header('user-agent')!.trim()
      const { source, medium, campaign } = attribute(req.url.searchParams, req.header('referer'), req.url.hostname)
      const key = identity(req.ip, ua, host)
      const visit: Visit = {
        at,
        key,
        visitor: memo(key),
        address: memo(`address\u0000${rateLimitKey(req.ip)}`),
        source,
        medium: medium ?? '',
        campaign: campaign ?? '',
        ...deviceOf(ua),
        joinable: settings.joinSignups && req.header('sec-gpc') !== '1',
      }
      // The flood rule first: a flood costs no session check and holds nothing.
      if (budgets.flooded(visit.visitor, visit.address, at)) return leave('flood', at)
      const token = req.ownerToken
      if (token && deps.ownerSession?.looksLike(token)) {
        if (held.length >= MAX_HELD) return leave('flood', at)
        if (!heldTokens.has(token)) {
          if (heldTokens.size >= MAX_TOKENS_PER_FLUSH) return leave('flood', at)
          heldTokens.add(token)
        }
        held.push({ token, visit })
        return schedule()
      }
      record(visit)
    } catch (err) {
      logger.warn({ err, event: 'analytics.count_failed' }, 'a visit could not be counted')
    }
  }

  /**
   * Counts one opening of a share link, in memory with the visits, within the client address's
   * budget (an open past it is not counted; the redirect is the route's). Never throws.
   */
  function countOpen(name: string, ip: string): void {
    if (closed) return
    try {
      if (!budgets.open(memo(`address\u0000${rateLimitKey(ip)}`), now())) return
      opens.set(name, (opens.get(name) ?? 0) + 1)
      schedule()
    } catch (err) {
      logger.warn({ err, event: 'analytics.count_failed' }, 'a share-link open could not be counted')
    }
  }

  /**
   * Counts one opening of /app for its source and the phone's platform, in memory, within the
   * client address's budget of app opens and the caps on new sources (past them: OTHER_SOURCE).
   * Bots, prefetches and link previews are not counted (the redirect is the route's). Never throws.
   */
  function countAppOpen(req: DocumentRequest): void {
    if (closed) return
    try {
      const at = now()
      if (leftOutReason(req.header, req.url.hostname.toLowerCase())) return
      const ua = req.header('user-agent')!.trim()
      const address = memo(`address\u0000${rateLimitKey(req.ip)}`)
      if (!budgets.appOpen(address, at)) return
      let { source } = attribute(req.url.searchParams, req.header('referer'), req.url.hostname)
      const labels = { source, medium: '', campaign: '' }
      if (!budgets.admits(labels, memo(identity(req.ip, ua, req.url.host.toLowerCase())), address, at))
        source = OTHER_SOURCE
      const { os } = deviceOf(ua)
      const hour = hourOf(at)
      const k = `${hour}|${source}|${os}`
      const row = appOpens.get(k) ?? { hour, source, os, opens: 0 }
      row.opens += 1
      appOpens.set(k, row)
      schedule()
    } catch (err) {
      logger.warn({ err, event: 'analytics.count_failed' }, 'an app-link open could not be counted')
    }
  }

  async function pairFor(day: string): Promise<{ salt: Buffer; previous: Buffer | null }> {
    const known = pairs.get(day)
    if (known) return known
    const pair = { salt: await salts.ensure(day), previous: (await salts.find(dayBefore(day))) ?? null }
    pairs.set(day, pair)
    for (const d of pairs.keys()) if (d < dayBefore(day)) pairs.delete(d)
    return pair
  }

  async function takeBatches(): Promise<Batch[]> {
    // The owner's visits: a live session leaves them out, anything else is a visitor. At most
    // MAX_TOKENS_PER_FLUSH distinct tokens were held, so this is at most that many queries.
    const waiting = held
    held = []
    heldTokens = new Set()
    const verdicts = new Map<string, Promise<boolean>>()
    for (const { token, visit } of waiting) {
      if (!verdicts.has(token))
        verdicts.set(
          token,
          deps.ownerSession!.isLive(token).catch(() => false),
        )
      if (await verdicts.get(token)!) leave('owner', visit.at)
      else record(visit)
    }
    if (!visitors.size && !views.size && !leftOut.size && !opens.size && !appOpens.size) return []
    // Salts first: a database that is away leaves the buffer as it was, for the next try.
    for (const v of visitors.values()) if (v.key !== null) await pairFor(v.day)
    const batchVisitors = visitors
    writing.push(batchVisitors)
    const batchViews = views
    const batchLeft = leftOut
    const batchOpens = opens
    const batchAppOpens = appOpens
    visitors = new Map()
    views = new Map()
    leftOut = new Map()
    opens = new Map()
    appOpens = new Map()
    const rows: VisitorBatchRow[] = []
    for (const v of batchVisitors.values()) {
      // Hashing a flood's keys takes a while: let the page's answers go in between.
      if (rows.length % 2_000 === 1_999) await turn()
      const pair = pairs.get(v.day)
      if (v.key !== null && pair) {
        v.visitor = hash(pair.salt, v.key)
        v.previous = pair.previous ? hash(pair.previous, v.key) : null
        v.key = null
      }
      rows.push({
        day: v.day,
        visitor: v.visitor!,
        previous: v.previous,
        hour: v.hour,
        source: v.source,
        medium: v.medium,
        campaign: v.campaign,
        device: v.device,
        os: v.os,
        joinable: v.joinable,
        pageviews: v.pageviews,
      })
    }
    // Yesterday's visitors first: a visit across midnight finds its first half already written.
    rows.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
    const viewRows = [...batchViews.values()]
    const batches: Batch[] = []
    for (let i = 0; i === 0 || i < Math.max(rows.length, viewRows.length); i += ROWS_PER_BATCH) {
      batches.push({
        id: randomUUID(),
        visitors: rows.slice(i, i + ROWS_PER_BATCH),
        views: viewRows.slice(i, i + ROWS_PER_BATCH),
        leftOut: i === 0 ? [...batchLeft.values()] : [],
        opens: i === 0 ? [...batchOpens].map(([name, n]) => ({ name, opens: n })) : [],
        appOpens: i === 0 ? [...batchAppOpens.values()] : [],
      })
    }
    return batches
  }

  /** Writes what is buffered; a failed batch is kept and retried with the same id (never twice). */
  function flush(): Promise<void> {
    flushing ??= (async () => {
      clearTimeout(timer)
      timer = undefined
      try {
        try {
          unsent.push(...(await takeBatches()))
        } catch (err) {
          logger.warn({ err, event: 'analytics.flush_failed' }, 'visits could not be prepared; retrying')
        }
        while (unsent.length) {
          try {
            await writeBatch(db, unsent[0]!)
            unsent.shift()
            // One small transaction at a time, the event loop free in between.
            if (unsent.length) await turn()
          } catch (err) {
            // A database that is away: keep the batch and try again. Anything else would fail the
            // same way every time: log it and let the batch go rather than retry it forever.
            if (!isDatabaseUnavailable(err)) {
              logger.error({ err, event: 'analytics.batch_dropped' }, 'counted visits could not be written')
              unsent.shift()
              continue
            }
            logger.warn({ err, event: 'analytics.flush_failed' }, 'visits could not be written; retrying')
            if (unsent.length > MAX_UNSENT) unsent.splice(0, unsent.length - MAX_UNSENT)
            break
          }
        }
        if (!unsent.length) {
          writing = []
          await purgeIfDue()
        }
      } finally {
        flushing = undefined
        if (pending()) schedule()
      }
    })()
    return flushing
  }

  /** Deletes the salts (and visitor rows) 48 hours after their day began; once per UTC day per process. */
  async function purge(): Promise<void> {
    const today = utcDay(now())
    const gone = await salts.purgeBefore(today)
    if (gone) logger.info({ event: 'analytics.purged', salts: gone }, 'expired visitor salts deleted')
    for (const d of pairs.keys()) if (d < dayBefore(today)) pairs.delete(d)
    purgedDay = today
    // While this process holds salts, one timer at the next midnight deletes the one that expires
    // then; with none left (two days without a visit) nothing is scheduled.
    clearTimeout(purgeTimer)
    purgeTimer = undefined
    if (pairs.size && !closed) {
      const next = (Math.floor(now() / 86_400_000) + 1) * 86_400_000
      purgeTimer = setTimeout(() => void purge().catch(() => {}), next - now() + 1_000)
      purgeTimer.unref()
    }
  }

  /**
   * The day's purge, when not yet done. It never fails its caller (a flush that runs unawaited, a
   * sign-up, the console): a failure is logged, and the next call tries again.
   */
  async function purgeIfDue(): Promise<void> {
    if (purgedDay === utcDay(now())) return
    try {
      await purge()
    } catch (err) {
      logger.warn({ err, event: 'analytics.purge_failed' }, 'old salts could not be deleted yet; trying again later')
    }
  }

  /**
   * A sign-up's source: the same visitor's visit today or yesterday (in memory or in the
   * database), then the POST's Referer, then what the page sent, else nothing. Sec-GPC: 1 or
   * ANALYTICS_JOIN_SIGNUPS=false: nothing, whatever the page sent.
   */
  async function signupSource(req: DocumentRequest, sent: Partial<SignupSource>): Promise<SignupColumns> {
    if (!settings.joinSignups || req.header('sec-gpc') === '1') return NO_SOURCE
    await purgeIfDue()
    const at = now()
    const ua = req.header('user-agent')?.trim() ?? ''
    const key = identity(req.ip, ua, req.url.host.toLowerCase())
    const today = utcDay(at)
    const days = [today, dayBefore(today)]
    const m = memo(key)
    let found: (Labels & { joinable: boolean }) | null = null
    for (const d of days) {
      found ??= visitors.get(`${d}|${m}`) ?? null
      for (const batch of writing) found ??= batch.get(`${d}|${m}`) ?? null
    }
    if (!found) {
      const keys: { day: string; visitor: string }[] = []
      for (const d of days) {
        const salt = await salts.find(d)
        if (salt) keys.push({ day: d, visitor: hash(salt, key) })
      }
      found = await visitorLabels(db, keys)
    }
    if (found) {
      if (!found.joinable) return NO_SOURCE
      return {
        source: found.source,
        source_medium: found.medium || null,
        source_campaign: found.campaign || null,
        source_device: found.device,
        source_os: found.os,
      }
    }
    const device = ua ? deviceOf(ua) : null
    const withDevice = (a: { source: string; medium: string | null; campaign: string | null }): SignupColumns => ({
      source: a.source,
      source_medium: a.medium,
      source_campaign: a.campaign,
      source_device: device?.device ?? null,
      source_os: device?.os ?? null,
    })
    const fromReferer = refererAttribution(req.header('referer'), req.url.host)
    if (fromReferer && fromReferer.source !== DIRECT) return withDevice(fromReferer)
    if (sent.source) {
      return {
        source: sent.source,
        source_medium: sent.source_medium ?? null,
        source_campaign: sent.source_campaign ?? null,
        source_device: sent.source_device ?? device?.device ?? null,
        source_os: sent.source_os ?? device?.os ?? null,
      }
    }
    return fromReferer ? withDevice(fromReferer) : NO_SOURCE
  }

  return {
    settings,
    now,
    countDocument,
    countOpen,
    countAppOpen,
    signupSource,
    flush,
    purge,
    /**
     * At start: deletes what expired while no process ran (salts past 48 hours, counts past 25
     * months), once; the server's start path calls it when the database is ready. Never throws.
     */
    purgeAtStart: () => purgeIfDue(),
    /** Whether a flush timer is armed (tests: idle is free). */
    get armed() {
      return timer !== undefined
    },
    /** Stops counting and writes what is buffered (shutdown). */
    async close(): Promise<void> {
      await flush()
      closed = true
      clearTimeout(timer)
      clearTimeout(purgeTimer)
      timer = purgeTimer = undefined
    },
  }
}

/** One turn of the event loop: the I/O that waits (page requests) goes first. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The POST's own Referer, when it is our page: its address carries the query (the source
 * parameters). A page on another origin (a static host in front of this API) sends only its
 * origin, which says nothing about where the visitor came from: then the page's own reading counts.
 */
function refererAttribution(referer: string | undefined, ownHostAndPort: string) {
  if (!referer) return null
  let url: URL
  try {
    url = new URL(referer)
  } catch {
    return null
  }
  return url.host.toLowerCase() === ownHostAndPort.toLowerCase()
    ? attribute(url.searchParams, null, url.hostname)
    : null
}
