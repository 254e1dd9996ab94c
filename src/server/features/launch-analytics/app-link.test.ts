import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Stores } from '../../../shared/content-types.ts'
import { DEFAULT_LOCALE, EMAIL_TEXTS, LOCALES, TESTER_MESSAGE_TEXTS } from '../../../shared/content.ts'
import { EMAIL_SOURCE, LaunchReport, type LaunchSourceRow } from '../../../shared/launch-analytics.ts'
import { localeRoot } from '../../../shared/locales.ts'
import { paths } from '../../../shared/paths.ts'
import { startingTexts } from '../../../shared/tester-messages.ts'
import type { OutgoingEmail } from '../../../mail-core/transport.ts'
import { createEmailQueue } from '../../../mail-core/queue.ts'
import type { Db } from '../../db/db.ts'
import { DB_KINDS, fromAddress, silentLogger, testApp, testDb, truncateAll } from '../../test-app.ts'
import { asOwner, ORIGIN, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { sendTesterMessage } from '../tester-messages/queries.ts'
import { DEFAULT_CAPS } from './budgets.ts'
import { createLaunchCounter } from './counter.ts'
import { ANDROID, browserHeaders, builtPage, DESKTOP, IPHONE, testClock } from './test-support.ts'

// /app: one link for every phone (issue 43, item 3), counted per source and platform, and each
// person's own /app link in the "we are live" message, counted once per person (item 5).
// docs/decisions/app-link.md

const PAGE = builtPage()
const APP_STORE = 'https://apps.apple.com/app/id123456789'
const PLAY = 'https://play.google.com/store/apps/details?id=com.example.app'
const BOTH_LIVE: Stores = {
  appStore: { url: APP_STORE, appId: '123456789', live: true },
  googlePlay: { url: PLAY, live: true },
}
/** iPhone live, Android still in closed testing: the half-live example. */
const HALF_LIVE: Stores = { appStore: BOTH_LIVE.appStore!, googlePlay: { url: PLAY, live: false } }
const OTHER_LOCALE = LOCALES.find((l) => l !== DEFAULT_LOCALE)

const QUEUE_CONFIG = {
  EMAIL_FROM: 'Beta Team <hello@localhost>',
  PUBLIC_URL: ORIGIN,
  EMAIL_POLL_INTERVAL_MS: 1000,
  EMAIL_MAX_ATTEMPTS: 3,
  EMAIL_RETRY_BASE_MS: 1,
  EMAIL_RETRY_MAX_MS: 5,
  EMAIL_LEASE_MS: 60_000,
}

describe.each(DB_KINDS)('/app on %s', (kind) => {
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
         app_private.analytics_left_out, app_private.analytics_flushes, app_private.analytics_channels,
         app_private.analytics_app_opens cascade`,
    )
    await db.query('delete from app_private.email_queue')
  })

  async function setup(stores: Stores) {
    const owner = await ownerApp(db)
    const cookie = await signIn(owner, db)
    const counter = createLaunchCounter({
      db,
      logger: silentLogger,
      now: testClock(Date.now()).now,
      settings: { flushMs: 60_000 },
    })
    const app = testApp(db, {
      staticDir: PAGE,
      config: { OWNER_EMAILS: ['owner@example.com'], PUBLIC_URL: ORIGIN },
      launchCounter: counter,
      stores,
    })
    const open = (path: string, ip: string, headers: Record<string, string>) =>
      app.request(`${ORIGIN}${path}`, { headers }, fromAddress(ip))
    const report = async () =>
      LaunchReport.parse(await (await app.request(`${ORIGIN}/admin/api/launch?days=1`, asOwner(cookie))).json())
    const row = async (source: string): Promise<LaunchSourceRow | undefined> =>
      (await report()).sources.find((r) => r.source === source)
    return { app, cookie, counter, open, report, row }
  }

  test('an iPhone lands on the App Store, an Android phone on Play, a desktop on the store section; opens per source and platform', async () => {
    const { open, report, row } = await setup(BOTH_LIVE)
    const iphone = await open('/app?utm_source=newsletter', '198.51.100.1', browserHeaders(IPHONE))
    const android = await open('/app?utm_source=newsletter', '198.51.100.2', browserHeaders(ANDROID))
    const desktop = await open('/app?utm_source=newsletter&utm_medium=email', '198.51.100.3', browserHeaders(DESKTOP))
    for (const res of [iphone, android, desktop]) {
      expect(res.status).toBe(302)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
    expect(iphone.headers.get('location')).toBe(APP_STORE)
    expect(android.headers.get('location')).toBe(PLAY)
    // The page keeps the source parameters, so its visit counts for the same source.
    expect(desktop.headers.get('location')).toBe('/?utm_source=newsletter&utm_medium=email#cta')
    // An iPad is an iPhone's store; a second source counts apart.
    const ipad = IPHONE.replace('iPhone; CPU iPhone OS', 'iPad; CPU OS')
    expect((await open('/app?ref=producthunt', '198.51.100.4', browserHeaders(ipad))).headers.get('location')).toBe(
      APP_STORE,
    )
    expect(await row('newsletter')).toMatchObject({ appOpens: 3, appOpensIos: 1, appOpensAndroid: 1, appOpensOther: 1 })
    expect(await row('producthunt')).toMatchObject({
      appOpens: 1,
      appOpensIos: 1,
      appOpensAndroid: 0,
      appOpensOther: 0,
    })
    expect((await report()).totals.appOpens).toBe(4)
  })

  test('a store still in beta, or not set, sends the phone to the page’s store section, in the asked language', async () => {
    const { open, row } = await setup(HALF_LIVE)
    expect((await open('/app', '198.51.100.1', browserHeaders(IPHONE))).headers.get('location')).toBe(APP_STORE)
    expect((await open('/app', '198.51.100.2', browserHeaders(ANDROID))).headers.get('location')).toBe('/#cta')
    if (OTHER_LOCALE) {
      const res = await open(`/${OTHER_LOCALE}/app?ref=x`, '198.51.100.3', browserHeaders(ANDROID))
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(`${localeRoot(OTHER_LOCALE)}?ref=x#cta`)
    }
    // A language the site does not have is no /app of ours.
    expect((await open('/zz/app', '198.51.100.3', browserHeaders(ANDROID))).status).toBe(404)
    expect(await row('direct')).toMatchObject({ appOpens: 2, appOpensIos: 1, appOpensAndroid: 1 })
    const none = await setup({})
    expect((await none.open('/app', '198.51.100.5', browserHeaders(IPHONE))).headers.get('location')).toBe('/#cta')
  })

  test('junk never fails: no browser string, a bot, an odd token; bots are not counted, no person is recorded', async () => {
    const { open, report } = await setup(BOTH_LIVE)
    const cases = [
      open('/app', '198.51.100.1', browserHeaders(DESKTOP, { 'user-agent': undefined })),
      open('/app', '198.51.100.2', browserHeaders('x')),
      open('/app', '198.51.100.3', browserHeaders('curl/8.5.0')),
      open('/app?utm_source=%00%ff%fe', '198.51.100.4', browserHeaders('Slackbot-LinkExpanding 1.0')),
      open('/app?token=not-a-token', '198.51.100.5', browserHeaders(IPHONE)),
      open(`/app?token=${randomUUID()}`, '198.51.100.6', browserHeaders(ANDROID)),
    ]
    const answers = await Promise.all(cases)
    for (const res of answers) expect(res.status).toBe(302)
    const r = await report()
    // Only the two phones with a (meaningless) token: the email's source, no person recorded.
    expect(r.totals.appOpens).toBe(2)
    expect(r.sources.find((s) => s.source === EMAIL_SOURCE)).toMatchObject({ appOpens: 2, openedAfterLaunch: 0 })
    expect((await db.query('select 1 from public.beta_signups where app_opened_at is not null')).rows).toHaveLength(0)
  })

  test('a client hammering /app: every answer is the redirect, at most the per-address budget is counted', async () => {
    const { open, report } = await setup(BOTH_LIVE)
    for (let i = 0; i < DEFAULT_CAPS.appOpensPerAddress + 15; i++) {
      const res = await open(`/app?utm_source=s${i % 2}`, '198.51.100.9', browserHeaders(IPHONE))
      expect(res.headers.get('location')).toBe(APP_STORE)
    }
    expect((await report()).totals.appOpens).toBe(DEFAULT_CAPS.appOpensPerAddress)
  })

  test('a share link can lead to /app: one hop to the store, counted for the link’s source', async () => {
    const { app, cookie, open, report, row } = await setup(BOTH_LIVE)
    const made = await app.request(
      `${ORIGIN}/admin/api/launch/channels`,
      asOwner(cookie, { method: 'POST', body: { name: 'tiktok', source: 'TikTok', target: 'app' } }),
    )
    expect(made.status).toBe(201)
    const bad = await app.request(
      `${ORIGIN}/admin/api/launch/channels`,
      asOwner(cookie, { method: 'POST', body: { name: 'x', source: 'X', target: 'store' } }),
    )
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) })
    const go = await open(paths.shareLink.href('tiktok'), '198.51.100.1', browserHeaders(IPHONE))
    expect(go.status).toBe(302)
    expect(go.headers.get('location')).toBe(APP_STORE)
    const desk = await open(paths.shareLink.href('tiktok'), '198.51.100.2', browserHeaders(DESKTOP))
    expect(desk.headers.get('location')).toBe('/?utm_source=TikTok#cta')
    expect(await row('TikTok')).toMatchObject({ appOpens: 2, appOpensIos: 1, appOpensOther: 1 })
    expect((await report()).channels).toEqual([expect.objectContaining({ name: 'tiktok', target: 'app', opens: 2 })])
  })

  test('“we are live”: each person’s own /app link; opening it counts that person once, under their sign-up’s source', async () => {
    const { app, cookie, open, row } = await setup(HALF_LIVE)
    await db.query(
      `insert into public.beta_signups (email, platform, confirmed_at, source, locale) values
         ('p1@example.com', 'ios', now(), 'producthunt', $1), ('p2@example.com', 'android', now(), 'producthunt', $2),
         ('p3@example.com', 'ios', now(), 'newsletter', $1)`,
      [DEFAULT_LOCALE, OTHER_LOCALE ?? DEFAULT_LOCALE],
    )
    const live = startingTexts().find((t) => t.id === 'live')!
    // The starting text of the launch-day message carries the link.
    expect(live.appLink).toBe(true)
    const sent: OutgoingEmail[] = []
    const queue = createEmailQueue({
      db,
      transport: { name: 'test', send: async (e) => (sent.push(e), { ok: true, id: e.id }), close: async () => {} },
      logger: silentLogger,
      config: QUEUE_CONFIG,
    })
    await sendTesterMessage(db, {
      requestId: randomUUID(),
      audience: live.audience,
      subject: TESTER_MESSAGE_TEXTS[DEFAULT_LOCALE].live.subject,
      body: TESTER_MESSAGE_TEXTS[DEFAULT_LOCALE].live.body,
      storeLinks: false,
      appLink: true,
      actor: 'owner@example.com',
      intervalMs: 0,
    })
    await queue.runOnce()
    expect(sent).toHaveLength(3)
    const tokens = await db.query<{ email: string; t: string }>(
      'select email, app_token::text as t from public.beta_signups',
    )
    const linkOf = (e: OutgoingEmail) => {
      const own = tokens.rows.find((r) => r.email === e.to)!.t
      const href = `${ORIGIN}${paths.app.href(own)}`
      expect(e.html).toContain(href)
      expect(e.text).toContain(href)
      for (const other of tokens.rows.filter((r) => r.email !== e.to)) expect(e.html).not.toContain(other.t)
      return paths.app.href(own)
    }
    const p1 = sent.find((e) => e.to === 'p1@example.com')!
    expect(p1.text).toContain(EMAIL_TEXTS[DEFAULT_LOCALE].testerMessage.getApp)
    const p1Link = linkOf(p1)
    const p2Link = linkOf(sent.find((e) => e.to === 'p2@example.com')!)
    // p1 opens it three times (twice on the iPhone, once on a laptop): one person.
    const first = await open(p1Link, '198.51.100.1', browserHeaders(IPHONE))
    expect(first.headers.get('location')).toBe(APP_STORE)
    expect(first.headers.get('referrer-policy')).toBe('no-referrer')
    await open(p1Link, '198.51.100.1', browserHeaders(IPHONE))
    const laptop = await open(p1Link, '198.51.100.2', browserHeaders(DESKTOP))
    // The page's store section, never the token passed on.
    expect(laptop.headers.get('location')).toBe(`/?utm_source=${EMAIL_SOURCE}#cta`)
    // p2 on Android, where the app is still a beta: the page in their own language.
    const p2 = await open(p2Link, '198.51.100.3', browserHeaders(ANDROID))
    expect(p2.headers.get('location')).toBe(
      `${localeRoot(OTHER_LOCALE ?? DEFAULT_LOCALE)}?utm_source=${EMAIL_SOURCE}#cta`,
    )
    // A link preview of p3's email records nothing for p3.
    const p3Link = linkOf(sent.find((e) => e.to === 'p3@example.com')!)
    await open(p3Link, '198.51.100.4', browserHeaders('Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'))
    expect(await row('producthunt')).toMatchObject({ signups: 2, openedAfterLaunch: 2 })
    expect(await row('newsletter')).toMatchObject({ signups: 1, openedAfterLaunch: 0 })
    // The clicks themselves count for the email, per platform.
    expect(await row(EMAIL_SOURCE)).toMatchObject({ appOpens: 4, appOpensIos: 2, appOpensAndroid: 1, appOpensOther: 1 })
    const at = await db.query<{ email: string; at: string }>(
      `select email, app_opened_at::text as at from public.beta_signups where app_opened_at is not null order by email`,
    )
    expect(at.rows.map((r) => r.email)).toEqual(['p1@example.com', 'p2@example.com'])
    // Written once: later openings leave the first time as it was.
    const before = at.rows[0]!.at
    await open(p1Link, '198.51.100.1', browserHeaders(IPHONE))
    const after = await db.query<{ at: string }>(
      `select app_opened_at::text as at from public.beta_signups where email = 'p1@example.com'`,
    )
    expect(after.rows[0]!.at).toBe(before)
    // The token is never in "Download data"; the opening is.
    const data = (await (
      await app.request(`${ORIGIN}/admin/api/people/data?email=p1@example.com`, asOwner(cookie))
    ).json()) as { tables: Record<string, Record<string, unknown>[]> }
    const mine = data.tables['public.beta_signups']![0]!
    expect(mine).not.toHaveProperty('app_token')
    expect(mine.app_opened_at).toEqual(expect.any(String))
  })
})
