import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { Gauge, Registry } from 'prom-client'
import type { Db } from '../../db/db.ts'
import type { CapacitySettings } from '../../../mail-core/email-capacity.ts'
import { readMetrics, type MetricsSnapshot } from './queries.ts'
import type { RequestLatency } from './request-latency.ts'

// GET /metrics, Prometheus' text format, for a scraper holding METRICS_TOKEN. Unset, the route
// does not exist (the app's own 404). docs/decisions/metrics.md

export function metricsRoutes(deps: {
  db: Db
  token: string | undefined
  latency: RequestLatency
  capacity: CapacitySettings
}): Hono {
  const app = new Hono()
  const { token } = deps
  if (token === undefined) return app
  const expected = digest(token)
  app.get('/metrics', async (c) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1]
    if (bearer === undefined || !timingSafeEqual(digest(bearer), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"')
      c.header('Cache-Control', 'no-store')
      return c.text('Unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n', 401)
    }
    const figures = snapshotRegistry(await readMetrics(deps.db, deps.capacity))
    const text = (await figures.metrics()) + (await deps.latency.registry.metrics())
    c.header('Cache-Control', 'no-store')
    return c.body(text, 200, { 'Content-Type': figures.contentType })
  })
  return app
}

// Equal-length digests: timingSafeEqual then compares tokens of any length in constant time.
function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest()
}

/** A registry of its own per scrape: two scrapes at once never see each other's half-set gauges. */
function snapshotRegistry(s: MetricsSnapshot): Registry {
  const registry = new Registry()
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge<L>({ name: `launch_page_${name}`, help, labelNames, registers: [registry] })

  const signups = gauge('signups', 'People on the list, by the source of their visit ("(none)": unknown).', ['source'])
  for (const r of s.signups) signups.set({ source: r.source }, r.count)
  const emails = gauge('emails', 'Emails in the queue, by kind and status (sent, failed, pending...).', [
    'kind',
    'status',
  ])
  for (const r of s.emails) emails.set({ kind: r.kind, status: r.status }, r.count)
  const deliveries = gauge(
    'webhook_deliveries',
    'Outbound event deliveries, by destination kind and outcome (delivered, failed, pending, sending).',
    ['destination', 'outcome'],
  )
  for (const r of s.deliveries) deliveries.set({ destination: r.destination, outcome: r.outcome }, r.count)
  const depth = gauge('queue_depth', 'Items waiting to be sent (due or scheduled), by queue.', ['queue'])
  const oldest = gauge(
    'queue_oldest_due_age_seconds',
    'How long the oldest item that is due has waited, by queue (0 when none is due).',
    ['queue'],
  )
  for (const queue of ['email', 'outbound'] as const) {
    depth.set({ queue }, s.queues[queue].depth)
    oldest.set({ queue }, Math.max(0, s.queues[queue].oldestDueSeconds))
  }
  emailCapacityGauges(s.emailCapacity, gauge)
  return registry
}

type GaugeOf = <L extends string>(name: string, help: string, labelNames: readonly L[]) => Gauge<L>

/** The email queue against the plan (docs/decisions/email-capacity.md); a limit not set is left out. */
function emailCapacityGauges(c: MetricsSnapshot['emailCapacity'], gauge: GaugeOf): void {
  const waiting = gauge('email_waiting', 'Emails waiting to be sent (pending or being sent), by kind.', ['kind'])
  for (const w of c.waiting) waiting.set({ kind: w.kind }, w.count)
  gauge('email_pace_per_second', 'Emails sent in the last minute, per second, by every process.', []).set(
    c.pacePerSecond,
  )
  gauge('email_sent_today', 'Emails handed to the provider today (UTC), by every process.', []).set(c.sentToday)
  gauge('email_fits_today', "1 when what waits fits in the day's remaining quota, else 0.", []).set(c.fitsToday ? 1 : 0)
  if (c.drainSeconds !== null)
    gauge('email_drain_seconds', 'About how long until no email waits (0: none waits).', []).set(c.drainSeconds)
  if (c.ratePerSecond !== null)
    gauge('email_rate_limit_per_second', 'EMAIL_RATE_PER_SECOND: the most every process together sends.', []).set(
      c.ratePerSecond,
    )
  if (c.dailyLimit !== null)
    gauge('email_daily_limit', "EMAIL_DAILY_LIMIT: the plan's emails per UTC day.", []).set(c.dailyLimit)
  if (c.remainingToday !== null)
    gauge('email_daily_remaining', "What the day's quota can still send today.", []).set(c.remainingToday)
}
