import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { LaunchReport, MAX_SOURCE_ROWS, OTHER_SOURCE } from '../../../shared/launch-analytics.ts'
import { launchCounterFor } from '../../features.ts'
import type { Db } from '../../db/db.ts'
import { testConfig } from '../../test-config.ts'
import { count, DB_KINDS, fromAddress, silentLogger, testApp, testDb, truncateAll } from '../../test-app.ts'
import { asOwner, ORIGIN, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { DEFAULT_CAPS } from './budgets.ts'
import { createLaunchCounter } from './counter.ts'
import { ANDROID, browserHeaders, builtPage, DESKTOP, IPHONE, testClock } from './test-support.ts'
import { SESSION_COOKIE } from '../owner-auth/cookie.ts'

// Issue 37: what one client may cost launch analytics. New sources are capped per visitor,
// per client address and per hour (past the caps a visit counts under "(other)" and in the
// ledger); the flood rule counts the address whatever browser string it sends; the Launch view,
// its API and its CSV list at most MAX_SOURCE_ROWS sources and one "(other)" row; made-up console
// cookies cost at most a few session queries per flush; share-link opens are counted in memory
// within a per-address budget.

const PAGE = builtPage()

/** A different browser string each time, as a script rotating its user agent sends them. */
const rotating = (i: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + (i % 900)}.0.${i}.1 Safari/537.36`

describe.each(DB_KINDS)('launch analytics budgets on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateAll(db)
    await truncateOwner(db)
    await db.exec(
      `truncate app_private.analytics_salts, app_private.analytics_visitors, app_private.analytics_hourly,
         app_private.analytics_left_out, app_private.analytics_flushes, app_private.analytics_channels cascade`,
    )
  })

  function setup(clock = testClock()) {
    const counter = createLaunchCounter({ db, logger: silentLogger, now: clock.now, settings: { flushMs: 60_000 } })
    const app = testApp(db, { staticDir: PAGE, config: { PUBLIC_URL: ORIGIN }, launchCounter: counter })
    const visit = (path: string, ip: string, headers: Record<string, string>) =>
      app.request(`${ORIGIN}${path}`, { headers }, fromAddress(ip))
    return { app, counter, clock, visit }
  }
  const ledger = async () =>
    Object.fromEntries(
      (
        await db.query<{ reason: string; n: number }>(
          'select reason, sum(requests)::int as n from app_private.analytics_left_out group by reason',
        )
      ).rows.map((r) => [r.reason, r.n]),
    )
  const sources = async () =>
    (
      await db.query<{ source: string }>('select distinct source from app_private.analytics_hourly order by 1')
    ).rows.map((r) => r.source)

  test('one client flooding distinct sources with rotating browser strings creates at most its cap of sources', async () => {
    const { visit, counter, clock } = setup()
    // 600 page loads, one a second for ten minutes, each with a new utm_source, a new Referer
    // host or a new campaign, and a new browser string: every one a new visitor.
    for (let i = 0; i < 600; i++) {
      const query = i % 3 === 0 ? `?utm_source=spam-${i}` : i % 3 === 1 ? `?ref=dir-${i}&utm_campaign=c${i}` : ''
      const extra = i % 3 === 2 ? { referer: `https://spam-${i}.example/` } : {}
      await visit(`/${query}`, '2001:db8:7:7::1', browserHeaders(rotating(i), extra))
      // The same /64: one client, whatever its last 64 bits.
      if (i % 50 === 0) await visit('/?utm_source=also-me', `2001:db8:7:7::${(i % 9000) + 2}`, browserHeaders(DESKTOP))
      clock.advance(1_000)
    }
    await counter.flush()
    const seen = await sources()
    expect(seen).toContain(OTHER_SOURCE)
    expect(seen.length).toBeLessThanOrEqual(DEFAULT_CAPS.newSourcesPerAddress + 1)
    // Every row that client made: its few sources, on the one device and system it claims.
    expect(await count(db, 'app_private.analytics_hourly')).toBeLessThanOrEqual(DEFAULT_CAPS.newSourcesPerAddress + 1)
    const left = await ledger()
    expect(left['source-cap']).toBeGreaterThan(500)
    // The visits themselves still count, under "(other)".
    const other = await db.query<{ n: number }>(
      'select sum(pageviews)::int as n from app_private.analytics_hourly where source = $1',
      [OTHER_SOURCE],
    )
    expect(other.rows[0]!.n).toBe(left['source-cap'])
  })

  test('new sources are capped per visitor and per hour; known ones and the next hour count again', async () => {
    const { visit, counter, clock } = setup(testClock(Date.parse('2026-11-25T10:00:00Z')))
    // One visitor trying five sources in an hour: three are new, the rest count under "(other)".
    for (let i = 0; i < 5; i++) await visit(`/?utm_source=mine-${i}`, '198.51.100.1', browserHeaders(IPHONE))
    // 150 people from 150 addresses, each bringing a new source: the hour takes 100 new ones in all.
    for (let i = 0; i < 150; i++) await visit(`/?ref=site-${i}`, `203.0.113.${i}`, browserHeaders(ANDROID))
    // A source already counted this hour costs nothing, even once the hour's budget is gone.
    await visit('/?ref=site-0', '192.0.2.1', browserHeaders(ANDROID))
    await counter.flush()
    const perSource = async (hour: string) =>
      Object.fromEntries(
        (
          await db.query<{ source: string; n: number }>(
            'select source, sum(pageviews)::int as n from app_private.analytics_hourly where hour = $1::timestamptz group by 1',
            [hour],
          )
        ).rows.map((r) => [r.source, r.n]),
      )
    const first = await perSource('2026-11-25T10:00:00Z')
    expect(Object.keys(first).filter((s) => s.startsWith('mine-'))).toEqual(['mine-0', 'mine-1', 'mine-2'])
    expect(Object.keys(first)).toHaveLength(DEFAULT_CAPS.newSourcesPerHour + 1)
    expect(first['site-0']).toBe(2)
    // Page loads under "(other)": the visitor's two, and the 53 people past the hour's budget.
    const capped = 2 + 150 - (DEFAULT_CAPS.newSourcesPerHour - 3)
    expect(first[OTHER_SOURCE]).toBe(capped)
    expect((await ledger())['source-cap']).toBe(capped)
    // The next hour: a recurring source is free, and a new one has a budget again.
    clock.set('2026-11-25T11:05:00Z')
    await visit('/?ref=site-1', '198.51.100.50', browserHeaders(ANDROID))
    await visit('/?ref=late-comer', '198.51.100.51', browserHeaders(ANDROID))
    await counter.flush()
    expect(await perSource('2026-11-25T11:00:00Z')).toEqual({ 'site-1': 1, 'late-comer': 1 })
  })

  test('the flood rule counts the address: rotating browser strings from one address do not escape it', async () => {
    const { visit, counter } = setup()
    for (let i = 0; i < 200; i++) await visit('/', '198.51.100.9', browserHeaders(rotating(i)))
    await counter.flush()
    expect((await ledger()).flood).toBe(200 - DEFAULT_CAPS.addressFloodPerMinute)
    const r = await db.query<{ v: number; p: number }>(
      'select sum(visitors)::int as v, sum(pageviews)::int as p from app_private.analytics_hourly',
    )
    expect(r.rows[0]).toEqual({ v: DEFAULT_CAPS.addressFloodPerMinute, p: DEFAULT_CAPS.addressFloodPerMinute })
  })

  test(`the Launch view's API and CSV list at most ${MAX_SOURCE_ROWS} sources, then one "${OTHER_SOURCE}" row`, async () => {
    const app = await ownerApp(db, { STATIC_DIR: PAGE })
    const cookie = await signIn(app, db)
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString()
    // 260 sources, the counts capped ones already made, and a sign-up from a small one.
    await db.query(
      `insert into app_private.analytics_hourly (hour, source, device, os, visitors, pageviews)
       select $1::timestamptz, 'source-' || i, 'mobile', 'ios', i, i from generate_series(1, 260) as i
       union all select $1::timestamptz, $2, 'desktop', 'other', 7, 9`,
      [hour, OTHER_SOURCE],
    )
    await db.query(
      "insert into public.beta_signups (email, source, source_device, source_os) values ('small@example.com', 'source-3', 'mobile', 'ios')",
    )
    const report = LaunchReport.parse(await (await app.request(`${ORIGIN}/admin/api/launch`, asOwner(cookie))).json())
    expect(report.sources).toHaveLength(MAX_SOURCE_ROWS + 1)
    // Sign-ups first, then the most visitors; the rest in the last row.
    expect(report.sources[0]).toMatchObject({ source: 'source-3', visitors: 3, signups: 1 })
    expect(report.sources[1]).toMatchObject({ source: 'source-260', visitors: 260 })
    const rest = Array.from({ length: 260 }, (_, i) => i + 1)
      .filter((i) => i !== 3)
      .slice(0, 260 - MAX_SOURCE_ROWS)
      .reduce((a, b) => a + b, 0)
    expect(report.sources.at(-1)).toMatchObject({
      source: OTHER_SOURCE,
      visitors: rest + 7,
      pageviews: rest + 9,
      ios: rest,
    })
    expect(report.totals.visitors).toBe((260 * 261) / 2 + 7)
    const csv = (await (await app.request(`${ORIGIN}/admin/api/launch/export`, asOwner(cookie))).text()).trim()
    const lines = csv.split('\r\n')
    expect(lines).toHaveLength(1 + MAX_SOURCE_ROWS + 1)
    expect(lines.at(-1)!.startsWith(`${OTHER_SOURCE},${rest + 7},`)).toBe(true)
  })

  test('made-up console cookies on page loads cost at most a few session queries per flush', async () => {
    const sessionQueries: string[] = []
    const spy: Db = {
      ...db,
      query: (sql, params) => {
        if (/owner_sessions/.test(sql)) sessionQueries.push(sql)
        return db.query(sql, params)
      },
    }
    const counter = launchCounterFor({
      db: spy,
      logger: silentLogger,
      config: testConfig({ OWNER_EMAILS: ['owner@example.com'], ANALYTICS_FLUSH_MS: 60_000 }),
    })
    const app = testApp(db, { staticDir: PAGE, config: { PUBLIC_URL: ORIGIN }, launchCounter: counter })
    const load = (ip: string, cookie: string) =>
      app.request(`${ORIGIN}/`, { headers: { ...browserHeaders(DESKTOP), cookie } }, fromAddress(ip))
    // 300 made-up tokens of a session token's shape from 300 addresses, and 300 of any other shape.
    for (let i = 0; i < 300; i++) {
      await load(
        `198.51.${100 + (i >> 8)}.${i & 255}`,
        `${SESSION_COOKIE.plain}=${randomBytes(32).toString('base64url')}`,
      )
      await load(`203.0.${113 + (i >> 8)}.${i & 255}`, `${SESSION_COOKIE.plain}=${randomBytes(8).toString('hex')}-${i}`)
    }
    await counter.flush()
    expect(sessionQueries.length).toBeGreaterThan(0)
    expect(sessionQueries.length).toBeLessThanOrEqual(4)
    // The few checked are stale cookies, so visitors; the rest of the shaped ones are a flood.
    expect((await ledger()).flood).toBe(300 - sessionQueries.length)
    const r = await db.query<{ v: number }>('select sum(visitors)::int as v from app_private.analytics_hourly')
    expect(r.rows[0]!.v).toBe(300 + sessionQueries.length)
    // The next flush has a few checks again.
    sessionQueries.length = 0
    await load('192.0.2.7', `${SESSION_COOKIE.plain}=${randomBytes(32).toString('base64url')}`)
    await counter.flush()
    expect(sessionQueries).toHaveLength(1)
    await counter.close()
  })

  test('share links: a flood from one address is refused past its budget, as a page, with no lookup', async () => {
    await db.query("insert into app_private.analytics_channels (name, source) values ('launch-post', 'Launch post')")
    let lookups = 0
    const spy: Db = {
      ...db,
      query: (sql, params) => {
        if (/analytics_channels/.test(sql)) lookups++
        return db.query(sql, params)
      },
    }
    const counter = createLaunchCounter({
      db,
      logger: silentLogger,
      now: testClock().now,
      settings: { flushMs: 60_000 },
    })
    // The hour's window alone: no refill while the test runs.
    const config = { PUBLIC_URL: ORIGIN, RATE_LIMIT_SHARE_LINK_PER_MINUTE: 0, RATE_LIMIT_SHARE_LINK_PER_HOUR: 10 }
    const app = testApp(spy, { staticDir: PAGE, config, launchCounter: counter })
    const open = (ip: string) => app.request(`${ORIGIN}/go/launch-post`, {}, fromAddress(ip))
    const statuses: number[] = []
    for (let i = 0; i < 300; i++) statuses.push((await open('198.51.100.3')).status)
    expect(statuses.filter((s) => s === 302)).toHaveLength(10)
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true)
    expect(lookups).toBe(10)
    const refused = await open('198.51.100.3')
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await open('198.51.100.4')).status).toBe(302)
    await counter.close()
  })

  test('share-link opens: counted in memory within a per-address budget, and written with the visits', async () => {
    const { app, counter } = setup()
    await db.query("insert into app_private.analytics_channels (name, source) values ('launch-post', 'Launch post')")
    const open = (ip: string) => app.request(`${ORIGIN}/go/launch-post`, {}, fromAddress(ip))
    for (let i = 0; i < 50; i++) expect((await open('198.51.100.3')).status).toBe(302)
    // Opens are no write per request: nothing yet in the table.
    const opens = async () =>
      (await db.query<{ opens: number }>("select opens from app_private.analytics_channels where name = 'launch-post'"))
        .rows[0]!.opens
    expect(await opens()).toBe(0)
    await counter.flush()
    expect(await opens()).toBe(DEFAULT_CAPS.opensPerAddress)
    // After a flush, opens from others still land.
    expect((await open('198.51.100.4')).status).toBe(302)
    expect((await open('2001:db8:1:2::5')).status).toBe(302)
    await counter.flush()
    expect(await opens()).toBe(DEFAULT_CAPS.opensPerAddress + 2)
    expect(counter.armed).toBe(false)
  })
})
