import parsePrometheusTextFormat, { type Family, type Sample } from 'parse-prometheus-text-format'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { anonJson, DB_KINDS, testApp, testDb, truncateAll } from '../../test-app.ts'
import { MAX_SOURCES, NO_SOURCE, OTHER_SOURCE } from './queries.ts'
import { UNMATCHED_ROUTE } from './request-latency.ts'

// GET /metrics: Prometheus' text format, read by a Prometheus text parser; counts from the
// database after known sign-ups, emails and deliveries; no address anywhere; 404 and 401.

const TOKEN = 'metrics-test-token-0123456789abcdef'
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })

function family(families: Family[], name: string): Family {
  const f = families.find((x) => x.name === name)
  if (!f) throw new Error(`no ${name} in ${families.map((x) => x.name).join(', ')}`)
  return f
}
function value(f: Family, labels: Record<string, string>): number | undefined {
  const s = f.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
  return s && 'value' in s ? Number(s.value) : undefined
}
/**
 * A labelled histogram's series, by their `_count` lines. The parser checks the whole answer, but
 * folds a histogram's labelled series into one (it reads unlabelled histograms only), so the
 * `_count` lines are parsed again on their own, as untyped samples with their labels.
 */
function histogramCounts(text: string, name: string): { labels: Record<string, string>; count: number }[] {
  const lines = text.split('\n').filter((l) => l.startsWith(`${name}_count{`))
  const [counts] = parsePrometheusTextFormat(`${lines.join('\n')}\n`)
  return (counts?.metrics ?? []).map((m: Sample) => ({
    labels: m.labels ?? {},
    count: 'value' in m ? Number(m.value) : NaN,
  }))
}

describe.each(DB_KINDS)('GET /metrics on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateAll(db)
    await db.exec('truncate app_private.outbound_endpoints, app_private.outbound_events restart identity cascade')
  })

  const app = () => testApp(db, { config: { METRICS_TOKEN: TOKEN } })
  async function scrape(a = app()) {
    const res = await a.request('/metrics', bearer(TOKEN))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await res.text()
    return { text, families: parsePrometheusTextFormat(text) }
  }

  test('404 without METRICS_TOKEN, as any unknown path; 401 without the token or with a wrong one', async () => {
    const off = testApp(db)
    const unset = await off.request('/metrics', bearer(TOKEN))
    const unknown = await off.request('/no-such-page', bearer(TOKEN))
    expect(unset.status).toBe(404)
    expect(await unset.text()).toBe(await unknown.text())
    const on = app()
    for (const init of [
      {},
      bearer(`${TOKEN}x`),
      bearer(TOKEN.slice(0, -1)),
      bearer(''),
      { headers: { authorization: `Basic ${TOKEN}` } },
      { headers: { authorization: TOKEN } },
    ]) {
      const res = await on.request('/metrics', init)
      expect(res.status, JSON.stringify(init)).toBe(401)
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(await res.text()).not.toContain('launch_page_')
    }
    expect((await on.request('/metrics', bearer(TOKEN))).status).toBe(200)
  })

  test('counts sign-ups by source, emails by kind and status, deliveries and both queues, from the database', async () => {
    const a = app()
    // An endpoint for sign-ups: each one below queues a delivery (the trigger).
    await db.query(
      `insert into app_private.outbound_endpoints (url, events, secret)
       values ('https://hooks.example/in', '{signup.created}', 'whsec_' || repeat('A', 43) || '=')`,
    )
    for (const email of ['ann@example.com', 'bob@example.com'])
      expect((await a.request('/rest/v1/beta_signups', anonJson({ email }))).status).toBe(201)
    for (const [email, source] of [
      ['cat@example.com', 'newsletter'],
      ['dan@example.com', 'newsletter'],
      ['eve@example.com', 'producthunt'],
    ])
      await db.query('insert into public.beta_signups (email, source) values ($1, $2)', [email, source])
    // Emails: one sent, one failed, two waiting (one due ten minutes ago, one due tomorrow).
    await db.query(
      `insert into app_private.email_queue (kind, to_email, dedupe_key, status, next_attempt_at, sent_at) values
         ('welcome', 'ann@example.com', 'm1', 'sent', now(), now()),
         ('welcome', 'bob@example.com', 'm2', 'failed', now(), null),
         ('welcome', 'cat@example.com', 'm3', 'pending', now() - interval '10 minutes', null),
         ('owner-sign-in', 'owner@example.com', 'm4', 'pending', now() + interval '1 day', null)`,
    )
    // Five sign-ups, five deliveries: the first done, the rest waiting.
    await db.query(`update app_private.outbound_deliveries set status = 'delivered' where id = 1`)
    await db.query(`update app_private.outbound_deliveries set next_attempt_at = now() - interval '2 minutes'`)

    const { text, families } = await scrape(a)
    const signups = family(families, 'launch_page_signups')
    expect(signups.type).toBe('GAUGE')
    expect(value(signups, { source: 'newsletter' })).toBe(2)
    expect(value(signups, { source: 'producthunt' })).toBe(1)
    expect(value(signups, { source: NO_SOURCE })).toBe(2)
    const emails = family(families, 'launch_page_emails')
    expect(value(emails, { kind: 'welcome', status: 'sent' })).toBe(1)
    expect(value(emails, { kind: 'welcome', status: 'failed' })).toBe(1)
    expect(value(emails, { kind: 'welcome', status: 'pending' })).toBe(1)
    expect(value(emails, { kind: 'owner-sign-in', status: 'pending' })).toBe(1)
    const deliveries = family(families, 'launch_page_webhook_deliveries')
    expect(value(deliveries, { destination: 'webhook', outcome: 'delivered' })).toBe(1)
    expect(value(deliveries, { destination: 'webhook', outcome: 'pending' })).toBe(4)
    const depth = family(families, 'launch_page_queue_depth')
    expect(value(depth, { queue: 'email' })).toBe(2)
    expect(value(depth, { queue: 'outbound' })).toBe(4)
    const oldest = family(families, 'launch_page_queue_oldest_due_age_seconds')
    expect(value(oldest, { queue: 'email' })).toBeGreaterThanOrEqual(600)
    expect(value(oldest, { queue: 'email' })).toBeLessThan(3600)
    expect(value(oldest, { queue: 'outbound' })).toBeGreaterThanOrEqual(120)
    expect(value(oldest, { queue: 'outbound' })).toBeLessThan(3600)
    // No address of any kind, anywhere in the answer.
    expect(text).not.toContain('@')

    // A paused endpoint's deliveries wait for the owner: not due, not in the depth.
    await db.query('update app_private.outbound_endpoints set enabled = false')
    const paused = (await scrape(a)).families
    expect(value(family(paused, 'launch_page_queue_depth'), { queue: 'outbound' })).toBe(0)
    expect(value(family(paused, 'launch_page_queue_oldest_due_age_seconds'), { queue: 'outbound' })).toBe(0)
  })

  test('sources past the first thirty are summed as one label', async () => {
    for (let i = 0; i < MAX_SOURCES + 3; i++)
      await db.query('insert into public.beta_signups (email, source) values ($1, $2)', [
        `p${i}@example.com`,
        `src${String(i).padStart(2, '0')}`,
      ])
    const signups = family((await scrape()).families, 'launch_page_signups')
    expect(signups.metrics).toHaveLength(MAX_SOURCES + 1)
    expect(value(signups, { source: OTHER_SOURCE })).toBe(3)
  })

  test('request latency by route template: never the raw path, never an address', async () => {
    const a = app()
    expect((await a.request('/rest/v1/beta_signups', anonJson({ email: 'zed@example.com' }))).status).toBe(201)
    await a.request('/wp-login.php?user=admin@example.com')
    await a.request('/zed@example.com/nowhere')
    await a.request('/beta/play?answer=joined&token=zed@example.com')
    await a.request('/unsubscribe?token=zed%40example.com')
    const { text, families } = await scrape(a)
    expect(text).not.toContain('@')
    expect(text).not.toContain('%40')
    expect(text).not.toContain('wp-login')
    expect(text).not.toContain('nowhere')
    const name = 'launch_page_http_request_duration_seconds'
    expect(family(families, name).type).toBe('HISTOGRAM')
    const series = histogramCounts(text, name)
    const routes = new Set(series.map((m) => m.labels.route))
    expect(routes).toContain(UNMATCHED_ROUTE)
    expect(routes).toContain('/beta/play')
    // The sign-up, under its route's template, with its answer's status.
    const signup = series.filter((m) => m.labels.method === 'POST' && m.labels.status === '201')
    expect(signup).toHaveLength(1)
    expect(signup[0]!.labels.route).toMatch(/^\/rest\/v1\//)
    expect(signup[0]!.count).toBe(1)
    // The two unknown paths share one label.
    const unmatched = series.filter((m) => m.labels.route === UNMATCHED_ROUTE && m.labels.method === 'GET')
    expect(unmatched.reduce((n, m) => n + m.count, 0)).toBe(2)
    for (const m of series) expect(m.labels.route).toMatch(/^(\/[\w\-/:*.]*|\([a-z]+\))$/)
  })
})
