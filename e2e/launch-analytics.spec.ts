import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test'
import { DEFAULT_LOCALE, TESTER_MESSAGE_TEXTS } from '../src/shared/content.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { startServer, waitHealthy, type ServerProcess } from '../test/support/server-process.ts'
import {
  expectNoHorizontalScroll,
  expectNoViolations,
  linkFrom,
  openLinkPage,
  signInByEmail,
} from './console-support.ts'
import { exactly, expect, Outbox, SUBJECTS, test } from './fixtures.ts'

// A launch day simulated against a server of its own (so that no other
// spec's visits count): humans from three sources, bots, prefetches, a return visit, sign-ups and
// invitations; the Launch view shows the right numbers, and axe finds nothing on it.

const OWNER = 'launch-owner@example.com'
const IOS_URL = 'https://testflight.apple.com/join/LAUNCH1'
const LIVE = TESTER_MESSAGE_TEXTS[DEFAULT_LOCALE].live
const liveSubject = exactly(LIVE.subject)
const anon = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}` }

let server: ServerProcess
let outbox: Outbox
let api: APIRequestContext

test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const outboxDir = mkdtempSync(join(tmpdir(), 'launch-outbox-'))
  outbox = new Outbox(outboxDir)
  server = await startServer({
    PGLITE_DIR: 'memory://',
    STATIC_DIR: 'dist/client',
    OUTBOX_DIR: outboxDir,
    EMAIL_TRANSPORT: 'outbox',
    OWNER_EMAILS: OWNER,
    // One proxy in front: each simulated person has their own address.
    TRUST_PROXY: '1',
    BETA_IOS_URL: IOS_URL,
    // Apple's join page is out of reach here (its check has its own tests, against a stand-in).
    TESTFLIGHT_CHECK: 'off',
    INVITATION_INTERVAL_MS: '0',
    SIGNUP_CHALLENGE: 'off',
    ANALYTICS_FLUSH_MS: '200',
    ...Object.fromEntries(
      ['SIGNUP', 'EMAIL', 'CONTACT', 'BETA', 'SIGN_IN', 'CONSOLE'].flatMap((g) =>
        ['MINUTE', 'HOUR'].map((w) => [`RATE_LIMIT_${g}_PER_${w}`, '0']),
      ),
    ),
  })
  await waitHealthy(server)
  api = await playwrightRequest.newContext({ baseURL: server.url })
})

test.afterAll(async () => {
  await api?.dispose()
  await server?.stop()
})

const browser = (n: number, kind: 'iphone' | 'android') =>
  kind === 'iphone'
    ? `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${n} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${n} Mobile/15E148 Safari/604.1`
    : `Mozilla/5.0 (Linux; Android 14; Pixel ${n}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.${n} Mobile Safari/537.36`

type Person = { ip: string; ua: string }
const person = (n: number, kind: 'iphone' | 'android'): Person => ({ ip: `198.51.100.${n}`, ua: browser(n, kind) })

function headersOf(p: Person, extra: Record<string, string> = {}) {
  return {
    'user-agent': p.ua,
    'x-forwarded-for': p.ip,
    'accept-language': 'en-GB,en;q=0.9',
    'accept-encoding': 'gzip, br',
    accept: 'text/html',
    ...extra,
  }
}

async function visit(path: string, p: Person, extra: Record<string, string> = {}) {
  const res = await api.get(path, { headers: headersOf(p, extra), maxRedirects: 0 })
  expect(res.headers()['set-cookie']).toBeUndefined()
  return res
}

async function signUp(p: Person, email: string) {
  const res = await api.post('/rest/v1/beta_signups', {
    headers: { ...anon, ...headersOf(p), referer: `${server.url}/` },
    data: { email },
  })
  expect(res.status()).toBe(201)
  const welcome = await api.post('/functions/v1/resend-email', {
    headers: { ...anon, ...headersOf(p) },
    data: { email },
  })
  expect(welcome.status()).toBe(200)
  // The iPhone choice from the welcome email, as the person's click.
  const choice = await linkFrom(
    outbox,
    email,
    SUBJECTS.welcome,
    /https?:\/\/\S+\/beta\/phone\?platform=ios&token=[\w-]+/,
  )
  expect((await api.post(choice, { maxRedirects: 0 })).status()).toBe(200)
}

test('a launch day: three sources, bots, prefetches, a return visit, sign-ups and invitations, in the Launch view', async ({
  page,
}) => {
  // The owner signs in and makes a share link for the newsletter (which strips referrers).
  const path = await signInByEmail(page, outbox, server.url, OWNER)
  await page.goto(`${server.url}/admin/`)
  await openLinkPage(page, `${server.url}${path}`)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Sign-ups', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Launch' }).click()
  await expect(page.getByRole('heading', { name: 'Launch', level: 1 })).toBeVisible()
  await page.getByLabel('Link name').fill('newsletter')
  await page.getByLabel('Source', { exact: true }).fill('Newsletter')
  await page.getByLabel('Medium (optional)').fill('email')
  await page.getByRole('button', { name: 'Make link' }).click()
  await expect(page.getByRole('status').filter({ hasText: '/go/newsletter' })).toBeVisible()

  // Humans: three from Product Hunt (ref=), two from Hacker News (Referer only), one through the
  // share link; one Product Hunt visitor comes back, and reads the privacy page too.
  const ph = [person(1, 'iphone'), person(2, 'iphone'), person(3, 'android')]
  const hn = [person(4, 'iphone'), person(5, 'android')]
  const letter = person(6, 'iphone')
  for (const p of ph) expect((await visit('/?ref=producthunt', p)).status()).toBe(200)
  for (const p of hn) await visit('/', p, { referer: 'https://news.ycombinator.com/item?id=4242' })
  const go = await visit('/go/newsletter?lang=en', letter)
  expect(go.status()).toBe(302)
  const landing = new URL(go.headers().location!, server.url)
  await visit(`${landing.pathname}${landing.search}`, letter)
  await visit('/', ph[0]!, { referer: `${server.url}/?ref=producthunt` })
  // Bots and speculative loads: none of them a visit.
  const fetcher = (ua: string, n: number) => ({ ip: `203.0.113.${n}`, ua })
  await visit('/?ref=producthunt', fetcher('Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 1))
  await visit(
    '/?ref=producthunt',
    fetcher('facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 2),
  )
  await visit('/', fetcher('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 3))
  await visit('/?ref=producthunt', person(7, 'iphone'), { 'sec-purpose': 'prefetch' })
  await visit('/?ref=producthunt', person(8, 'android'), { 'sec-purpose': 'prefetch;prerender' })

  // Sign-ups: two from Product Hunt, one from Hacker News, the newsletter reader; all choose iPhone.
  await signUp(ph[0]!, 'ph-one@example.com')
  await signUp(ph[1]!, 'ph-two@example.com')
  await signUp(hn[0]!, 'hn-one@example.com')
  await signUp(letter, 'letter@example.com')

  // Invitations: the owner invites the next two (the first two sign-ups) from the console.
  await page.getByRole('link', { name: 'Invitations' }).click()
  await page.getByLabel('How many').fill('2')
  await page.getByLabel('Platform to invite').selectOption('ios')
  await page.getByRole('button', { name: 'Preview' }).click()
  await page.getByRole('button', { name: /^Invite these/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send invitations' }).click()
  await expect(page.getByRole('status').filter({ hasText: /invitations? queued/ })).toBeVisible()
  // The first Product Hunt tester opens their store link.
  const store = await linkFrom(
    outbox,
    'ph-one@example.com',
    SUBJECTS.invitation,
    /https?:\/\/\S+\/beta\/ios\?token=[\w-]+/,
  )
  expect((await api.get(store, { maxRedirects: 0 })).status()).toBe(302)

  // Launch: two phones open /app from a post on X. The demo's content has no live store, so both
  // land on the page's store section, keeping the source; no cookie, never cached.
  const fromX = await visit('/app?utm_source=X', person(9, 'iphone'))
  expect(fromX.status()).toBe(302)
  expect(fromX.headers().location).toBe('/?utm_source=X#cta')
  expect(fromX.headers()['cache-control']).toBe('no-store')
  await visit('/app?utm_source=X', person(10, 'android'))
  // "We are live": the launch-day starting text carries each person's own /app link; the second
  // Product Hunt tester opens theirs twice (one person, two clicks).
  await page.getByRole('link', { name: 'Messages' }).click()
  await page.getByRole('button', { name: LIVE.label }).click()
  await expect(page.getByRole('checkbox', { name: /link to the app/ })).toBeChecked()
  await page.getByRole('button', { name: /^Send to \d+ (person|people)$/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Message queued for/ })).toBeVisible()
  const own = await linkFrom(outbox, 'ph-two@example.com', liveSubject, /https?:\/\/\S+\/app\?token=[\w-]+/)
  for (let i = 0; i < 2; i++) expect((await visit(own, ph[1]!)).status()).toBe(302)

  await page.getByRole('link', { name: 'Launch' }).click()
  const table = page.getByRole('table', { name: 'Visitors, sign-ups and what became of them, per source' })
  const row = (source: string) =>
    table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: source, exact: true }) })
  const cells = async (source: string) => (await row(source).getByRole('cell').allTextContents()).map((t) => t.trim())
  // Visitors, sign-ups, conversion, confirmed (the phone choice from the welcome email confirms the
  // address), invited, opened store link, feedback, iPhone / Android / other, got the app through
  // their own link, /app opens iPhone / Android / other.
  // The Launch API first: per source, the sign-ups, who got the app through their own link, and
  // the /app clicks per platform.
  const api2 = (await (await page.request.get(`${server.url}/admin/api/launch?days=2`)).json()) as {
    sources: { source: string }[]
  }
  const bySource = (s: string) => api2.sources.find((r) => r.source === s)
  expect(bySource('producthunt')).toMatchObject({ signups: 2, invited: 2, opened: 1, openedAfterLaunch: 1 })
  expect(bySource('X')).toMatchObject({ appOpens: 2, appOpensIos: 1, appOpensAndroid: 1 })
  expect(bySource('email')).toMatchObject({ appOpens: 2, appOpensIos: 2 })
  await expect
    .poll(
      async () => {
        // The view shows the report of when it was opened (it asks again every 30 s): read afresh.
        await page.reload()
        await expect(page.getByRole('heading', { name: 'Launch', level: 1 })).toBeVisible()
        return cells('producthunt')
      },
      { timeout: 30_000 },
    )
    .toEqual(['3', '2', '66.7%', '2', '2', '1', '0', '2 / 1 / 0', '1', '0 / 0 / 0'])
  expect(await cells('Hacker News')).toEqual(['2', '1', '50.0%', '1', '0', '0', '0', '1 / 1 / 0', '0', '0 / 0 / 0'])
  expect(await cells('Newsletter')).toEqual(['1', '1', '100.0%', '1', '0', '0', '0', '1 / 0 / 0', '0', '0 / 0 / 0'])
  // The clicks on /app: per source and platform.
  expect(await cells('X')).toEqual(['0', '0', '–', '0', '0', '0', '0', '0 / 0 / 0', '0', '1 / 1 / 0'])
  expect(await cells('email')).toEqual(['0', '0', '–', '0', '0', '0', '0', '0 / 0 / 0', '0', '2 / 0 / 0'])
  const ledger = page.getByRole('table', { name: 'Requests left out, by reason' })
  const reason = async (text: RegExp) =>
    (await ledger.getByRole('row').filter({ hasText: text }).getByRole('cell').textContent())?.trim()
  expect(await reason(/^Link previews/)).toBe('2')
  expect(await reason(/^Prefetches/)).toBe('2')
  expect(await reason(/^Crawlers/)).toBe('1')
  await expect(page.getByText('Visits are not measured here')).toHaveCount(0)
  await expect(page.getByText(/opened 1×/)).toBeVisible()

  // The CSV says the same.
  const csv = await page.request.get(`${server.url}/admin/api/launch/export?days=2&bucket=hour`)
  expect(await csv.text()).toContain('producthunt,3,3,2,0.6667,2,2,1,0,2,1,0,3')

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expectNoViolations(page)
  }
  // On a phone the per-source table scrolls inside its card, not the page.
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoHorizontalScroll(page)
})
