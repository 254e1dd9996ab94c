import type { Db } from '../../db/db.ts'
import type { Logger } from '../../log.ts'
import { attribute, deviceOf, OTHER_SOURCE } from '../../../shared/launch-analytics.ts'
import type { DocumentRequest } from './document-request.ts'
import { createBudgets, DEFAULT_CAPS, type Caps } from './budgets.ts'
import { leftOutReason } from './classify.ts'
import { createFlusher } from './flush.ts'
import { createOwnerVisits, type OwnerSession } from './owner-visits.ts'
import { createSaltDays } from './salt-days.ts'
import { createSignupSource } from './signup-source.ts'
import { createVisitBuffer, type Visit } from './visit-buffer.ts'
import { createProcessKeys, identity } from './visitor-keys.ts'

// Counting visits from the page's document requests, in memory first. A request costs
// a header check and an HMAC; the counts go to the database every few seconds in one transaction.
// No timer runs while nobody visits: the flush timer starts with the first counted request and
// stops when the buffer is empty. docs/decisions/launch-analytics.md
//
// This file is the request path and the wiring; each job has its module: the buffer and its
// batches (visit-buffer.ts), the flush (flush.ts), what one client may cost (budgets.ts), the
// owner's visits (owner-visits.ts), the day salts and their purge (salt-days.ts), the sign-up's
// source (signup-source.ts), the visitor keys (visitor-keys.ts).

type AnalyticsSettings = Caps & {
  /** ANALYTICS_JOIN_SIGNUPS: false keeps aggregates only, and a sign-up takes no source. */
  joinSignups: boolean
  /** How long counts wait in memory at most (a crash loses at most this much). */
  flushMs: number
}

const ANALYTICS_DEFAULTS: AnalyticsSettings = { joinSignups: true, flushMs: 5_000, ...DEFAULT_CAPS }

export type LaunchCounter = ReturnType<typeof createLaunchCounter>

export function createLaunchCounter(deps: {
  db: Db
  logger: Logger
  settings?: Partial<AnalyticsSettings>
  /**
   * The owner's session check that app.ts passes in (owner-auth's): a cookie is looked up only if
   * it has a session token's shape, and at most a few distinct ones per flush (owner-visits.ts).
   */
  ownerSession?: OwnerSession
  /** The clock, injected by tests (48 simulated hours). */
  now?: () => number
}) {
  const { db, logger } = deps
  const settings = { ...ANALYTICS_DEFAULTS, ...deps.settings }
  const now = deps.now ?? Date.now
  let closed = false
  const keys = createProcessKeys()
  const budgets = createBudgets(settings)
  const owners = createOwnerVisits(deps.ownerSession)
  const days = createSaltDays({ db, logger, now, closed: () => closed })
  const buffer = createVisitBuffer({ budgets, days, schedule: () => flusher.schedule() })
  const flusher = createFlusher({
    db,
    logger,
    flushMs: settings.flushMs,
    async take() {
      await owners.settle(
        (visit) => buffer.leave('owner', visit.at),
        (visit) => buffer.record(visit),
      )
      return buffer.take()
    },
    buffered: () => !buffer.empty() || owners.waiting,
    async written() {
      buffer.written()
      await days.purgeIfDue()
    },
  })

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
      if (reason) return buffer.leave(reason, at)
      const ua = req.header('user-agent')!.trim()
      const { source, medium, campaign } = attribute(req.url.searchParams, req.header('referer'), req.url.hostname)
      const key = identity(req.ip, ua, host)
      const visit: Visit = {
        at,
        key,
        visitor: keys.memo(key),
        address: keys.address(req.ip),
        source,
        medium: medium ?? '',
        campaign: campaign ?? '',
        ...deviceOf(ua),
        joinable: settings.joinSignups && req.header('sec-gpc') !== '1',
      }
      // The flood rule first: a flood costs no session check and holds nothing.
      if (budgets.flooded(visit.visitor, visit.address, at)) return buffer.leave('flood', at)
      const token = req.ownerToken
      if (owners.mayBeOwner(token)) {
        if (!owners.hold(token, visit)) return buffer.leave('flood', at)
        return flusher.schedule()
      }
      buffer.record(visit)
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
      if (!budgets.open(keys.address(ip), now())) return
      buffer.open(name)
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
      const address = keys.address(req.ip)
      if (!budgets.appOpen(address, at)) return
      let { source } = attribute(req.url.searchParams, req.header('referer'), req.url.hostname)
      const labels = { source, medium: '', campaign: '' }
      if (!budgets.admits(labels, keys.memo(identity(req.ip, ua, req.url.host.toLowerCase())), address, at))
        source = OTHER_SOURCE
      buffer.appOpen(at, source, deviceOf(ua).os)
    } catch (err) {
      logger.warn({ err, event: 'analytics.count_failed' }, 'an app-link open could not be counted')
    }
  }

  return {
    settings,
    now,
    countDocument,
    countOpen,
    countAppOpen,
    signupSource: createSignupSource({ db, joinSignups: settings.joinSignups, now, memo: keys.memo, days, buffer }),
    flush: flusher.flush,
    purge: days.purge,
    /**
     * At start: deletes what expired while no process ran (salts past 48 hours, counts past 25
     * months), once; the server's start path calls it when the database is ready. Never throws.
     */
    purgeAtStart: () => days.purgeIfDue(),
    /** Whether a flush timer is armed (tests: idle is free). */
    get armed() {
      return flusher.armed
    },
    /** Stops counting and writes what is buffered (shutdown). */
    async close(): Promise<void> {
      await flusher.flush()
      closed = true
      flusher.stop()
      days.stop()
    },
  }
}
