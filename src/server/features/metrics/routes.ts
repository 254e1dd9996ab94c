import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { Gauge, Registry } from 'prom-client'
import type { Db } from '../../db/db.ts'
import { readMetrics, type MetricsSnapshot } from './queries.ts'
import type { RequestLatency } from './request-latency.ts'

// GET /metrics, Prometheus' text format, for a scraper holding METRICS_TOKEN. Unset, the route
// does not exist (the app's own 404). docs/decisions/metrics.md

export function metricsRoutes(deps: { db: Db; token: string | undefined; latency: RequestLatency }): Hono {
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
    const figures = snapshotRegistry(await readMetrics(deps.db))
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
  return registry
}
