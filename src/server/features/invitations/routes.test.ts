import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { inviteSignups } from './queries.ts'
import { DB_KINDS, testApp, testDb, truncateAll } from '../../test-app.ts'
import { fill } from '../../../shared/content-types.ts'
import { DEFAULT_LOCALE, LOCALES, SERVER_PAGE_TEXTS } from '../../../shared/content.ts'
import { localeRoot } from '../../../shared/locales.ts'
import { readPage } from '../../../../test/support/server-page-text.ts'

const PAGES = SERVER_PAGE_TEXTS[DEFAULT_LOCALE]

const IOS = 'https://testflight.apple.com/join/AbCdEf12'
const ANDROID = 'https://play.google.com/apps/testing/com.example.app'
const FORGED = '00000000-0000-4000-8000-000000000000'

describe.each(DB_KINDS)('the /beta pages on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let app: ReturnType<typeof testApp>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    app = testApp(db, { config: { BETA_IOS_URL: IOS, BETA_ANDROID_URL: ANDROID } })
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateAll(db)
    await db.query(
      "insert into public.beta_signups (email, confirmed_at) values ('ada@example.com', now()), ('bo@example.com', now())",
    )
  })

  const row = async (email: string) =>
    (
      await db.query<{ platform: string; opened: boolean; p: string; i: string }>(
        `select platform, opened_at is not null as opened, platform_token::text as p, invite_token::text as i
         from public.beta_signups where email = $1`,
        [email],
      )
    ).rows[0]!
  /** Everything a request could change, to compare before and after. */
  const snapshot = async () =>
    (await db.query('select email, platform, status, invited_at, opened_at from public.beta_signups order by id')).rows

  test('GET shows a button that posts, and changes nothing', async () => {
    const { p } = await row('ada@example.com')
    const before = await snapshot()
    const res = await app.request(`/beta/phone?platform=ios&token=${p}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(`<form action="/beta/phone?platform=ios&amp;token=${p}" method="post">`)
    expect(html).toContain(`<button type="submit">${fill(PAGES.phoneButton, { phone: PAGES.phoneIos })}</button>`)
    expect(html).not.toMatch(/<script|<style|style=/)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await snapshot()).toEqual(before)
  })

  test("the phone choice speaks the sign-up's language, and leads home to its page; without one, the default's", async () => {
    for (const locale of [...LOCALES, null]) {
      const l = locale ?? DEFAULT_LOCALE
      const t = SERVER_PAGE_TEXTS[l]
      const email = `${l}-${locale === null ? 'none' : 'set'}@example.com`
      await db.query('insert into public.beta_signups (email, locale, confirmed_at) values ($1, $2, now())', [
        email,
        locale,
      ])
      const { p } = await row(email)
      for (const [platform, phone, phoneName] of [
        ['ios', t.phoneIos, t.phoneNameIos],
        ['android', t.phoneAndroid, t.phoneNameAndroid],
      ] as const) {
        const ask = readPage(await (await app.request(`/beta/phone?platform=${platform}&token=${p}`)).text())
        expect(ask.lang).toBe(l)
        expect(ask.text).toContain(fill(t.phoneHeading, { phone, phoneName }))
        expect(ask.text).toContain(fill(t.phoneButton, { phone, phoneName }))
        expect(ask.links).toEqual([localeRoot(l)])
      }
      // A Google account that is not an address: the same page again, still in their language.
      const again = await app.request(`/beta/phone?platform=android&token=${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'google_account=not-an-address',
      })
      expect(again.status).toBe(400)
      const refused = readPage(await again.text())
      expect(refused.lang).toBe(l)
      expect(refused.text).toContain(t.playGoogleAccount)
      expect(refused.text).toContain(t.playGoogleAccountInvalid)
      const done = readPage(await (await app.request(`/beta/phone?platform=ios&token=${p}`, { method: 'POST' })).text())
      expect(done.lang).toBe(l)
      expect(done.text).toContain(t.phoneThanksHeading)
      expect(done.text).toContain(fill(t.phoneThanksBody, { phone: t.phoneIos, phoneName: t.phoneNameIos }))
      expect(done.links).toEqual([localeRoot(l), localeRoot(l)])
    }
  })

  test('POST records the choice for that person only, then thanks them', async () => {
    const { p } = await row('ada@example.com')
    const res = await app.request(`/beta/phone?platform=android&token=${p}`, { method: 'POST' })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain(PAGES.phoneThanksHeading)
    expect((await row('ada@example.com')).platform).toBe('android')
    expect((await row('bo@example.com')).platform).toBe('unknown')
  })

  test('a used, unknown, malformed token or platform gets the same 404 page and changes nothing', async () => {
    const { p } = await row('ada@example.com')
    await app.request(`/beta/phone?platform=ios&token=${p}`, { method: 'POST' })
    const before = await snapshot()
    const pages = []
    const bo = (await row('bo@example.com')).p
    for (const query of [
      `platform=android&token=${p}`, // used
      `platform=ios&token=${FORGED}`,
      `platform=ios&token=nonsense`,
      `platform=windows&token=${bo}`,
      `token=${bo}`,
      '',
    ]) {
      for (const method of ['GET', 'POST']) {
        const res = await app.request(`/beta/phone?${query}`, { method })
        expect(res.status, `${method} ${query}`).toBe(404)
        pages.push(await res.text())
      }
    }
    expect(new Set(pages).size).toBe(1)
    expect(pages[0]).toContain(PAGES.linkNotValidHeading)
    expect(await snapshot()).toEqual(before)
  })

  test('an invitation link records "opened" and redirects to the configured store', async () => {
    const ids = (await db.query<{ id: string }>('select id::text as id from public.beta_signups order by id')).rows
    await inviteSignups(db, { ids: [ids[0]!.id], stores: { ios: true, android: true }, intervalMs: 0 })
    const { i } = await row('ada@example.com')
    const res = await app.request(`/beta/android?token=${i}`)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(ANDROID)
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect((await row('ada@example.com')).opened).toBe(true)
    const again = await app.request(`/beta/ios?token=${i}`)
    expect(again.headers.get('location')).toBe(IOS)
  })

  test('a forged, unknown or not-invited token gets a 404 and records nothing', async () => {
    const bo = await row('bo@example.com') // waiting, not invited
    const before = await snapshot()
    for (const url of [
      `/beta/ios?token=${FORGED}`,
      `/beta/android?token=${bo.i}`,
      `/beta/ios?token=${bo.p}`,
      '/beta/ios?token=%27%20or%201%3D1',
      '/beta/ios',
    ]) {
      const res = await app.request(url)
      expect(res.status, url).toBe(404)
      expect(res.headers.get('location')).toBeNull()
    }
    expect(await snapshot()).toEqual(before)
  })

  test('a platform whose URL is unset gets a 404 and records nothing', async () => {
    const ids = (await db.query<{ id: string }>('select id::text as id from public.beta_signups order by id')).rows
    await inviteSignups(db, { ids: [ids[0]!.id], stores: { ios: true, android: true }, intervalMs: 0 })
    const iosOnly = testApp(db, { config: { BETA_IOS_URL: IOS } })
    const { i } = await row('ada@example.com')
    expect((await iosOnly.request(`/beta/android?token=${i}`)).status).toBe(404)
    expect((await row('ada@example.com')).opened).toBe(false)
  })

  test('leaving the list takes the invitation email with it', async () => {
    const ids = (await db.query<{ id: string }>('select id::text as id from public.beta_signups order by id')).rows
    await inviteSignups(db, { ids: ids.map((r) => r.id), stores: { ios: true, android: true }, intervalMs: 0 })
    const { u } = (
      await db.query<{ u: string }>(
        "select unsubscribe_token::text as u from public.beta_signups where email = 'ada@example.com'",
      )
    ).rows[0]!
    expect((await app.request(`/unsubscribe?token=${u}`, { method: 'POST' })).status).toBe(200)
    const left = await db.query('select to_email from app_private.email_queue order by to_email')
    expect(left.rows).toEqual([{ to_email: 'bo@example.com' }])
  })

  test('the pages are rate-limited per client address', async () => {
    const limited = testApp(db, { config: { RATE_LIMIT_BETA_PER_MINUTE: 2 } })
    const statuses = []
    for (let n = 0; n < 3; n++) statuses.push((await limited.request(`/beta/ios?token=${FORGED}`)).status)
    expect(statuses).toEqual([404, 404, 429])
  })
})
