import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { LaunchReport } from '../../../shared/launch-analytics.ts'
import type { Db } from '../../db/db.ts'
import { anonJson, count, DB_KINDS, fromAddress, silentLogger, testApp, testDb, truncateAll } from '../../test-app.ts'
import { asOwner, ORIGIN, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { Hono } from 'hono'
import { createLaunchCounter } from './counter.ts'
import { writeBatch } from './queries.ts'
import { countDocuments } from './routes.ts'
import { ANDROID, browserHeaders, builtPage, DESKTOP, IPHONE, testClock } from './test-support.ts'
import { SESSION_COOKIE } from '../owner-auth/cookie.ts'

// Counting the page's visits on the server, the ledger of what was left out, sources,
// the sign-up's source, share links, the Launch API, and what is kept after 48 hours.

const PAGE = builtPage()
const IOS_STORE = 'https://testflight.apple.com/join/abc'

async function emptyAnalytics(db: Db) {
  await db.exec(
    `truncate app_private.analytics_salts, app_private.analytics_visitors, app_private.analytics_hourly,
       app_private.analytics_left_out, app_private.analytics_flushes, app_private.analytics_channels cascade`,
  )
}

describe.each(DB_KINDS)('launch analytics on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateAll(db)
    await truncateOwner(db)
    await emptyAnalytics(db)
  })

  function setup(
    options: { config?: Record<string, unknown>; clock?: ReturnType<typeof testClock>; counterDb?: Db } = {},
  ) {
    const clock = options.clock ?? testClock()
    const config: Record<string, unknown> = { PUBLIC_URL: ORIGIN, ...options.config }
    const counter = createLaunchCounter({
      db: options.counterDb ?? db,
      logger: silentLogger,
      now: clock.now,
      settings: { flushMs: 60_000, joinSignups: config.ANALYTICS_JOIN_SIGNUPS !== false },
    })
    const app = testApp(db, { staticDir: PAGE, config, launchCounter: counter })
    const visit = (path: string, ip: string, headers: Record<string, string>) =>
      app.request(`${ORIGIN}${path}`, { headers }, fromAddress(ip))
    const signUp = (email: string, ip: string, ua: string, extra: Record<string, string> = {}, body = {}) =>
      app.request(
        `${ORIGIN}/rest/v1/beta_signups`,
        anonJson({ email, ...body }, { headers: { 'user-agent': ua, ...extra } }),
        fromAddress(ip),
      )
    return { app, counter, clock, visit, signUp }
  }

  const hourly = async () =>
    (
      await db.query<{ source: string; visitors: number; pageviews: number }>(
        `select source, sum(visitors)::int as visitors, sum(pageviews)::int as pageviews
         from app_private.analytics_hourly group by source order by source`,
      )
    ).rows
  const ledger = async () =>
    Object.fromEntries(
      (
        await db.query<{ reason: string; n: number }>(
          'select reason, sum(requests)::int as n from app_private.analytics_left_out group by reason',
        )
      ).rows.map((r) => [r.reason, r.n]),
    )
  const sourceOf = async (email: string) =>
    (
      await db.query<Record<string, string | null>>(
        'select source, source_medium, source_campaign, source_device, source_os from public.beta_signups where email = $1',
        [email],
      )
    ).rows[0]

  test('a counted page is the built file to the byte: no cookie, no script added', async () => {
    const { visit, counter } = setup()
    const res = await visit('/?utm_source=newsletter', '198.51.100.1', browserHeaders(IPHONE))
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await res.text()).toBe(readFileSync(join(PAGE, 'index.html'), 'utf8'))
    await counter.flush()
    expect(await hourly()).toEqual([{ source: 'newsletter', visitors: 1, pageviews: 1 }])
  })

  test('sources: utm_source, then source, then ref, then the Referer, then direct; a return visit counts once', async () => {
    const { visit, counter } = setup()
    const h = (ua: string, extra: Record<string, string> = {}) => browserHeaders(ua, extra)
    await visit(
      '/?utm_source=Launch%20Mail&source=x&ref=y&utm_medium=email&utm_campaign=day1',
      '198.51.100.1',
      h(IPHONE),
    )
    await visit('/?source=BetaList&ref=y', '198.51.100.2', h(IPHONE))
    await visit('/?ref=producthunt', '198.51.100.3', h(ANDROID))
    await visit('/', '198.51.100.4', h(DESKTOP, { referer: 'https://news.ycombinator.com/item?id=42' }))
    await visit('/index.html', '198.51.100.5', h(DESKTOP, { referer: `${ORIGIN}/privacy.html` }))
    await visit('/?utm_source=ada%40example.com', '198.51.100.6', h(DESKTOP))
    // The Hacker News reader comes back twice the same day, from the page's own links.
    await visit('/privacy.html', '198.51.100.4', h(DESKTOP, { referer: `${ORIGIN}/` }))
    await visit('/', '198.51.100.4', h(DESKTOP))
    await counter.flush()
    expect(await hourly()).toEqual([
      { source: 'BetaList', visitors: 1, pageviews: 1 },
      { source: 'Hacker News', visitors: 1, pageviews: 1 },
      { source: 'Launch Mail', visitors: 1, pageviews: 1 },
      { source: 'direct', visitors: 2, pageviews: 4 },
      { source: 'producthunt', visitors: 1, pageviews: 1 },
    ])
    const kept = await db.query(
      `select medium, campaign, device, os from app_private.analytics_hourly where source = 'Launch Mail'`,
    )
    expect(kept.rows).toEqual([{ medium: 'email', campaign: 'day1', device: 'mobile', os: 'ios' }])
    // The visitor rows: one per person and day, the HN reader's named source kept.
    expect(await count(db, 'app_private.analytics_visitors')).toBe(6)
    // The next flush of the same visitor the same day is no new visitor either.
    await visit('/', '198.51.100.4', h(DESKTOP))
    await counter.flush()
    expect((await hourly()).find((r) => r.source === 'direct')).toEqual({ source: 'direct', visitors: 2, pageviews: 5 })
  })

  test('mounted in front of everything, the counting still sees only the public page', async () => {
    const counter = createLaunchCounter({ db, logger: silentLogger, settings: { flushMs: 60_000 } })
    const app = new Hono()
    app.use('*', countDocuments({ counter, trustedHops: 0, ownerToken: () => undefined }))
    app.get('*', (c) => c.html('<!doctype html><p>A page</p>'))
    for (const path of ['/admin/', '/beta/feedback', '/confirm', '/unsubscribe', '/go/x', '/healthz', '/', '/about'])
      await app.request(`${ORIGIN}${path}`, { headers: browserHeaders(DESKTOP) }, fromAddress('198.51.100.1'))
    await counter.flush()
    expect(await hourly()).toEqual([{ source: 'direct', visitors: 1, pageviews: 2 }])
  })

  test('the Launch API says whether any page request ever reached this server (a proxy serving the page: none)', async () => {
    const app = await ownerApp(db, { STATIC_DIR: PAGE })
    const cookie = await signIn(app, db)
    const report = async () =>
      LaunchReport.parse(await (await app.request(`${ORIGIN}/admin/api/launch`, asOwner(cookie))).json())
    // The page is here, but nothing ever asked this server for it: not "0 visitors", unknown.
    expect(await report()).toMatchObject({ visitsMeasured: true, documentsSeen: false })
    // A bot's request is enough to show that the page's requests arrive.
    await app.request(`${ORIGIN}/`, { headers: browserHeaders('curl/8.5.0 (x86_64-pc-linux-gnu)') })
    expect(await report()).toMatchObject({ visitsMeasured: true, documentsSeen: true })
  })

  test('a flush retried after an unknown outcome counts nothing twice', async () => {
    const batch = {
      id: '6f1c1a53-7d0f-4a43-9d55-2f1c3e1e0b11',
      visitors: [],
      views: [
        {
          hour: '2026-11-25T10:00:00.000Z',
          source: 'producthunt',
          medium: '',
          campaign: '',
          device: 'mobile' as const,
          os: 'ios' as const,
          pageviews: 3,
        },
      ],
      leftOut: [{ hour: '2026-11-25T10:00:00.000Z', reason: 'crawler' as const, requests: 2 }],
    }
    expect(await writeBatch(db, batch)).toBe(true)
    expect(await writeBatch(db, batch)).toBe(false)
    expect(await hourly()).toEqual([{ source: 'producthunt', visitors: 0, pageviews: 3 }])
    expect(await ledger()).toEqual({ crawler: 2 })
  })

  test('a database that is away: the visits wait in memory and are written once it is back', async () => {
    let away = true
    // The connection drops after COMMIT was sent: the batch was written, and the counter cannot know.
    const flaky: Db = {
      ...db,
      transaction: async (fn) => {
        const result = await db.transaction(fn)
        if (away) {
          away = false
          throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' })
        }
        return result
      },
    }
    const counter = createLaunchCounter({ db: flaky, logger: silentLogger, settings: { flushMs: 60_000 } })
    const app = testApp(db, { staticDir: PAGE, launchCounter: counter })
    await app.request(`${ORIGIN}/?ref=hn`, { headers: browserHeaders(DESKTOP) }, fromAddress('198.51.100.1'))
    await counter.flush()
    expect(counter.armed).toBe(true)
    await counter.flush()
    expect(await hourly()).toEqual([{ source: 'hn', visitors: 1, pageviews: 1 }])
    expect(counter.armed).toBe(false)
  })

  test('a visit across midnight stays one visitor', async () => {
    const clock = testClock(Date.parse('2026-11-25T23:59:00Z'))
    const { visit, counter } = setup({ clock })
    await visit('/?ref=lobsters', '198.51.100.9', browserHeaders(DESKTOP))
    await counter.flush()
    clock.set('2026-11-26T00:01:00Z')
    await visit('/', '198.51.100.9', browserHeaders(DESKTOP))
    await visit('/', '198.51.100.10', browserHeaders(DESKTOP))
    await counter.flush()
    const r = await db.query<{ visitors: number; pageviews: number }>(
      'select sum(visitors)::int as visitors, sum(pageviews)::int as pageviews from app_private.analytics_hourly',
    )
    expect(r.rows[0]).toEqual({ visitors: 2, pageviews: 3 })
  })

  test('each reason to leave a request out is counted in the ledger, and none of them is a visit', async () => {
    const { app, visit, counter } = await (async () => {
      const s = setup()
      return s
    })()
    await visit('/', '198.51.100.1', browserHeaders(IPHONE, { 'sec-purpose': 'prefetch;prerender' }))
    await visit('/', '198.51.100.1', browserHeaders(IPHONE, { purpose: 'prefetch' }))
    await visit('/', '198.51.100.2', browserHeaders('Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'))
    await visit(
      '/',
      '198.51.100.3',
      browserHeaders('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    )
    await visit('/', '198.51.100.4', browserHeaders(DESKTOP, { 'accept-language': undefined }))
    await visit('/', '198.51.100.5', browserHeaders(DESKTOP, { 'user-agent': undefined }))
    await visit('/', '198.51.100.6', browserHeaders(DESKTOP, { referer: 'https://semalt.com/' }))
    for (let i = 0; i < 40; i++) await visit('/', '198.51.100.7', browserHeaders(ANDROID))
    // Not documents: never counted, never in the ledger.
    await visit('/robots.txt', '198.51.100.8', browserHeaders(DESKTOP))
    await visit('/missing-page', '198.51.100.8', browserHeaders(DESKTOP))
    await app.request(`${ORIGIN}/`, { method: 'HEAD', headers: browserHeaders(DESKTOP) }, fromAddress('198.51.100.8'))
    await counter.flush()
    expect(await ledger()).toEqual({
      prefetch: 2,
      'link-preview': 1,
      crawler: 1,
      script: 1,
      'bad-browser-string': 1,
      'spam-referrer': 1,
      flood: 10,
    })
    expect(await hourly()).toEqual([{ source: 'direct', visitors: 1, pageviews: 30 }])
  })

  test("the owner's own visits are left out; a stale cookie is a visitor", async () => {
    // The real session check that app.ts hands the counter.
    const app = await ownerApp(db, { STATIC_DIR: PAGE })
    const cookie = await signIn(app, db)
    await app.request(`${ORIGIN}/`, { headers: { ...browserHeaders(DESKTOP), cookie } }, fromAddress('198.51.100.1'))
    await app.request(
      `${ORIGIN}/`,
      { headers: { ...browserHeaders(DESKTOP), cookie: `${SESSION_COOKIE.plain}=not-a-session` } },
      fromAddress('198.51.100.2'),
    )
    // The Launch API writes what is in memory before it reads.
    const launch = LaunchReport.parse(await (await app.request(`${ORIGIN}/admin/api/launch`, asOwner(cookie))).json())
    expect(launch.leftOut.find((l) => l.reason === 'owner')?.requests).toBe(1)
    expect(launch.totals).toMatchObject({ visitors: 1, pageviews: 1, leftOut: 1 })
  })

  test("a sign-up takes its visit's source (today or yesterday), else the POST's Referer, else what the page sent", async () => {
    const clock = testClock(Date.parse('2026-11-25T22:00:00Z'))
    const { visit, signUp, counter } = setup({ clock })
    await visit('/?ref=producthunt&utm_medium=launch', '198.51.100.1', browserHeaders(IPHONE))
    // Still in memory: the sign-up finds it there.
    expect((await signUp('a@example.com', '198.51.100.1', IPHONE)).status).toBe(201)
    expect(await sourceOf('a@example.com')).toEqual({
      source: 'producthunt',
      source_medium: 'launch',
      source_campaign: null,
      source_device: 'mobile',
      source_os: 'ios',
    })
    await visit('/', '198.51.100.2', browserHeaders(ANDROID, { referer: 'https://www.reddit.com/r/apps' }))
    await counter.flush()
    clock.set('2026-11-26T09:00:00Z')
    // The next day, from the database, under yesterday's salt; what the page sent loses.
    await signUp('b@example.com', '198.51.100.2', ANDROID, {}, { source: 'Something else' })
    expect((await sourceOf('b@example.com'))!.source).toBe('Reddit')
    // No visit: the POST's Referer carries the page's query.
    await signUp('c@example.com', '198.51.100.3', DESKTOP, { referer: `${ORIGIN}/?utm_source=podcast` })
    expect(await sourceOf('c@example.com')).toMatchObject({ source: 'podcast', source_device: 'desktop' })
    // Nothing on the server's side: what the page read (the Supabase path's values), normalised.
    await signUp('d@example.com', '198.51.100.4', DESKTOP, { referer: `${ORIGIN}/` }, { source: '  Indie   Hackers ' })
    expect((await sourceOf('d@example.com'))!.source).toBe('Indie Hackers')
    await signUp('e@example.com', '198.51.100.5', DESKTOP, { referer: `${ORIGIN}/` })
    expect((await sourceOf('e@example.com'))!.source).toBe('direct')
    // An address as a source is dropped.
    await signUp('f@example.com', '198.51.100.6', DESKTOP, {}, { source: 'f@example.com' })
    expect((await sourceOf('f@example.com'))!.source).toBeNull()
  })

  test("a sign-up while a flush is writing its visit still takes the visit's source", async () => {
    // The counter's writes wait at a gate: the visit has left the buffer and is not in the database yet.
    let hold = false
    let release = () => {}
    let reached = () => {}
    const atGate = new Promise<void>((r) => (reached = r))
    const gated: Db = {
      ...db,
      transaction: async (fn) => {
        if (hold) {
          reached()
          await new Promise<void>((r) => (release = r))
        }
        return db.transaction(fn)
      },
    }
    const { visit, signUp, counter } = setup({ counterDb: gated })
    // A first flush makes the day's salts, so the gated one goes straight to writing.
    await visit('/?ref=warmup', '198.51.100.20', browserHeaders(DESKTOP))
    await counter.flush()
    hold = true
    await visit('/?ref=producthunt', '198.51.100.21', browserHeaders(IPHONE))
    const flushed = counter.flush()
    await atGate
    expect((await signUp('mid-flush@example.com', '198.51.100.21', IPHONE)).status).toBe(201)
    hold = false
    release()
    await flushed
    expect((await sourceOf('mid-flush@example.com'))!.source).toBe('producthunt')
  })

  test('Sec-GPC: 1 and ANALYTICS_JOIN_SIGNUPS=false keep a sign-up without a source', async () => {
    const { visit, signUp, counter } = setup()
    await visit('/?ref=producthunt', '198.51.100.1', browserHeaders(IPHONE, { 'sec-gpc': '1' }))
    await counter.flush()
    await signUp('gpc-visit@example.com', '198.51.100.1', IPHONE, { referer: `${ORIGIN}/?ref=producthunt` })
    expect((await sourceOf('gpc-visit@example.com'))!.source).toBeNull()
    await signUp('gpc-post@example.com', '198.51.100.2', IPHONE, { 'sec-gpc': '1' }, { source: 'producthunt' })
    expect((await sourceOf('gpc-post@example.com'))!.source).toBeNull()
    // The visit itself is still counted, as an aggregate.
    expect(await hourly()).toEqual([{ source: 'producthunt', visitors: 1, pageviews: 1 }])

    const off = setup({ config: { ANALYTICS_JOIN_SIGNUPS: false } })
    await off.visit('/?ref=betalist', '198.51.100.3', browserHeaders(IPHONE))
    await off.signUp('off@example.com', '198.51.100.3', IPHONE, { referer: `${ORIGIN}/?ref=betalist` }, { source: 'x' })
    expect((await sourceOf('off@example.com'))!.source).toBeNull()
  })

  test('share links: made in the console, /go/<name> keeps the query, and the visit counts for it', async () => {
    const app0 = await ownerApp(db)
    const cookie = await signIn(app0, db)
    const clock = testClock()
    const counter = createLaunchCounter({ db, logger: silentLogger, now: clock.now, settings: { flushMs: 60_000 } })
    const app = testApp(db, {
      staticDir: PAGE,
      config: { OWNER_EMAILS: ['owner@example.com'], PUBLIC_URL: ORIGIN },
      launchCounter: counter,
    })
    const made = await app.request(
      `${ORIGIN}/admin/api/launch/channels`,
      asOwner(cookie, { method: 'POST', body: { name: 'Insta-Bio', source: 'Instagram bio', medium: 'social' } }),
    )
    expect(made.status).toBe(201)
    expect(
      (
        await app.request(
          `${ORIGIN}/admin/api/launch/channels`,
          asOwner(cookie, { method: 'POST', body: { name: 'x', source: 'me@example.com' } }),
        )
      ).status,
    ).toBe(400)
    // Without the Origin check's header: refused like every console POST.
    expect(
      (
        await app.request(
          `${ORIGIN}/admin/api/launch/channels`,
          asOwner(cookie, { method: 'POST', body: { name: 'y', source: 'Y' }, origin: 'https://evil.example' }),
        )
      ).status,
    ).toBe(403)
    const go = await app.request(`${ORIGIN}/go/insta-bio?lang=de&utm_source=other`, {}, fromAddress('198.51.100.1'))
    expect(go.status).toBe(302)
    expect(go.headers.get('set-cookie')).toBeNull()
    const location = new URL(go.headers.get('location')!, ORIGIN)
    expect(location.pathname).toBe('/')
    expect(Object.fromEntries(location.searchParams)).toEqual({
      lang: 'de',
      utm_source: 'Instagram bio',
      utm_medium: 'social',
    })
    expect((await app.request(`${ORIGIN}/go/nope`)).status).toBe(404)
    // An in-app browser: no Referer, the query from our redirect.
    await app.request(
      `${ORIGIN}${location.pathname}${location.search}`,
      { headers: browserHeaders(IPHONE) },
      fromAddress('198.51.100.1'),
    )
    const report = LaunchReport.parse(await (await app.request(`${ORIGIN}/admin/api/launch`, asOwner(cookie))).json())
    expect(report.sources).toEqual([
      expect.objectContaining({ source: 'Instagram bio', visitors: 1, ios: 1, mobile: 1 }),
    ])
    expect(report.channels).toEqual([expect.objectContaining({ name: 'insta-bio', source: 'Instagram bio', opens: 1 })])
    const audit = await db.query<{ action: string }>(
      "select action from app_private.owner_audit where action like 'launch.%' order by id",
    )
    expect(audit.rows.map((r) => r.action)).toEqual(['launch.channel'])
    expect(
      (await app.request(`${ORIGIN}/admin/api/launch/channels/insta-bio/delete`, asOwner(cookie, { method: 'POST' })))
        .status,
    ).toBe(204)
    expect((await app.request(`${ORIGIN}/go/insta-bio`)).status).toBe(404)
  })

  test('the funnel per source through confirmation, invitation, the store link and feedback; CSV', async () => {
    const owner = await ownerApp(db, {
      STATIC_DIR: PAGE,
      BETA_IOS_URL: IOS_STORE,
      INVITATION_INTERVAL_MS: 0,
    })
    const cookie = await signIn(owner, db)
    const clock = testClock(Date.now())
    const counter = createLaunchCounter({ db, logger: silentLogger, now: clock.now, settings: { flushMs: 60_000 } })
    const app = testApp(db, {
      staticDir: PAGE,
      config: {
        OWNER_EMAILS: ['owner@example.com'],
        PUBLIC_URL: ORIGIN,
        BETA_IOS_URL: IOS_STORE,
        INVITATION_INTERVAL_MS: 0,
      },
      launchCounter: counter,
    })
    const person = async (n: number, query: string) => {
      const ip = `198.51.100.${n}`
      await app.request(`${ORIGIN}/${query}`, { headers: browserHeaders(IPHONE) }, fromAddress(ip))
      const res = await app.request(
        `${ORIGIN}/rest/v1/beta_signups`,
        anonJson({ email: `p${n}@example.com` }, { headers: { 'user-agent': IPHONE } }),
        fromAddress(ip),
      )
      expect(res.status).toBe(201)
    }
    await person(1, '?ref=producthunt')
    await person(2, '?ref=producthunt')
    await person(3, '?utm_source=newsletter')
    const tokens = async (email: string) =>
      (
        await db.query<{ u: string; f: string }>(
          'select unsubscribe_token::text as u, feedback_token::text as f from public.beta_signups where email = $1',
          [email],
        )
      ).rows[0]!
    for (const email of ['p1@example.com', 'p2@example.com', 'p3@example.com'])
      await app.request(`${ORIGIN}/confirm?token=${(await tokens(email)).u}`, {
        method: 'POST',
        headers: { origin: ORIGIN },
      })
    await db.query(
      "update public.beta_signups set platform = 'ios' where email in ('p1@example.com', 'p3@example.com')",
    )
    const preview = await (
      await app.request(`${ORIGIN}/admin/api/invitations/preview?n=2&platform=ios`, asOwner(cookie))
    ).json()
    const ids = (preview as { rows: { id: number }[] }).rows.map((r) => r.id)
    expect(ids).toHaveLength(2)
    expect(
      (await app.request(`${ORIGIN}/admin/api/invitations/confirm`, asOwner(cookie, { method: 'POST', body: { ids } })))
        .status,
    ).toBe(200)
    const invite = (
      await db.query<{ t: string }>(
        "select invite_token::text as t from public.beta_signups where email = 'p1@example.com'",
      )
    ).rows[0]!.t
    expect((await app.request(`${ORIGIN}/beta/ios?token=${invite}`)).status).toBe(302)
    const feedback = await app.request(`${ORIGIN}/beta/feedback?token=${(await tokens('p1@example.com')).f}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        rating: '5',
        works: 'All',
        broken: '',
        platform: 'ios',
        os_version: '',
        build: '',
      }).toString(),
    })
    expect(feedback.status).toBe(200)

    const report = LaunchReport.parse(
      await (await app.request(`${ORIGIN}/admin/api/launch?days=1`, asOwner(cookie))).json(),
    )
    const row = (s: string) => report.sources.find((r) => r.source === s)
    expect(row('producthunt')).toMatchObject({
      visitors: 2,
      signups: 2,
      conversion: 1,
      confirmed: 2,
      invited: 1,
      opened: 1,
      feedback: 1,
    })
    expect(row('newsletter')).toMatchObject({
      visitors: 1,
      signups: 1,
      confirmed: 1,
      invited: 1,
      opened: 0,
      feedback: 0,
    })
    expect(report.totals).toMatchObject({ visitors: 3, signups: 3 })
    expect(report.visitsMeasured).toBe(true)
    const csv = await app.request(`${ORIGIN}/admin/api/launch/export?days=1`, asOwner(cookie))
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines[0]).toBe(
      'source,visitors,page_views,signups,conversion,confirmed,invited,opened_store_link,feedback,visitors_iphone,visitors_android,visitors_other,visitors_mobile,app_opens,app_opens_iphone,app_opens_android,app_opens_other,opened_store_link_after_launch',
    )
    expect(lines).toContain('producthunt,2,2,2,1.0000,2,1,1,1,2,0,0,2,0,0,0,0,0')
    // The source columns are the person's data: "Download data" shows them, erasure takes them.
    const data = (await (
      await app.request(`${ORIGIN}/admin/api/people/data?email=p1@example.com`, asOwner(cookie))
    ).json()) as { tables: Record<string, Record<string, unknown>[]> }
    expect(data.tables['public.beta_signups']).toEqual([
      expect.objectContaining({ source: 'producthunt', source_device: 'mobile', source_os: 'ios' }),
    ])
    expect((await app.request(`${ORIGIN}/admin/api/launch`)).status).toBe(401)
    expect((await app.request(`${ORIGIN}/admin/api/launch?days=500`, asOwner(cookie))).status).toBe(400)
  })

  test('after visits, sign-ups, a restart and 48 hours: no address or browser string anywhere, old salts gone', async () => {
    const clock = testClock(Date.parse('2026-11-25T10:00:00Z'))
    const first = setup({ clock })
    const ips = ['198.51.100.77', '2001:db8::77']
    for (const ip of ips) {
      await first.visit('/?ref=producthunt', ip, browserHeaders(ANDROID))
      await first.signUp(`${ip.replaceAll(/[:.]/g, '-')}@example.com`, ip, ANDROID)
    }
    await first.counter.close()
    // A restart: a new process with the same database, a day later, then another.
    clock.advance(24 * 3_600_000)
    const second = setup({ clock })
    await second.visit('/', ips[0]!, browserHeaders(ANDROID))
    await second.counter.flush()
    expect(await count(db, 'app_private.analytics_salts')).toBe(2)
    clock.advance(48 * 3_600_000)
    // Counts older than 25 months go too (the privacy text's limit); younger ones stay.
    await db.query(
      `insert into app_private.analytics_hourly (hour, source, device, os, visitors, pageviews)
       values ('2024-09-01T10:00:00Z', 'old', 'desktop', 'other', 1, 1), ('2025-01-01T10:00:00Z', 'kept', 'desktop', 'other', 1, 1)`,
    )
    const third = setup({ clock })
    await third.visit('/', '198.51.100.99', browserHeaders(DESKTOP))
    await third.counter.flush()
    const days = await db.query<{ day: string }>(
      "select to_char(day, 'YYYY-MM-DD') as day from app_private.analytics_salts",
    )
    expect(days.rows).toEqual([{ day: '2026-11-28' }])
    expect(await count(db, "app_private.analytics_visitors where day < '2026-11-28'")).toBe(0)
    // The counts stay.
    expect((await hourly()).map((r) => r.source)).toEqual(['direct', 'kept', 'producthunt'])
    expect((await hourly()).find((r) => r.source === 'producthunt')).toEqual({
      source: 'producthunt',
      visitors: 2,
      pageviews: 2,
    })
    // Every row of every table, as text: no address, no browser string.
    const tables = await db.query<{ t: string }>(
      `select format('%I.%I', table_schema, table_name) as t from information_schema.tables
       where table_schema in ('public', 'app_private') and table_type = 'BASE TABLE'`,
    )
    for (const { t } of tables.rows) {
      const rows = await db.query<{ r: string }>(`select to_jsonb(x)::text as r from ${t} x`)
      for (const { r } of rows.rows) {
        for (const needle of [...ips, ANDROID, DESKTOP, 'Android 14']) expect(r, t).not.toContain(needle)
      }
    }
  })
})

describe('idle is free', () => {
  test('a started server that nobody visits runs no analytics query and arms no timer', async () => {
    const { db, close } = await testDb('pglite')
    const seen: string[] = []
    const spy: Db = {
      ...db,
      query: (sql, params) => (seen.push(sql), db.query(sql, params)),
      transaction: (fn) => (seen.push('transaction'), db.transaction(fn)),
    }
    const counter = createLaunchCounter({ db: spy, logger: silentLogger, settings: { flushMs: 20 } })
    const app = testApp(spy, { staticDir: PAGE, launchCounter: counter })
    // Requests that are not the page's documents.
    await app.request(`${ORIGIN}/robots.txt`, { headers: browserHeaders(DESKTOP) })
    await app.request(`${ORIGIN}/health`)
    await new Promise((r) => setTimeout(r, 100))
    expect(counter.armed).toBe(false)
    expect(seen.filter((s) => /analytics/.test(s) || s === 'transaction')).toEqual([])
    // One visit arms the timer; once written, it is off again.
    await app.request(`${ORIGIN}/`, { headers: browserHeaders(DESKTOP) }, fromAddress('198.51.100.1'))
    expect(counter.armed).toBe(true)
    await new Promise((r) => setTimeout(r, 300))
    expect(counter.armed).toBe(false)
    expect(await count(db, 'app_private.analytics_hourly')).toBe(1)
    await counter.close()
    await close()
  })
})
