import { SERVER_PAGE_STYLESHEET } from '../../http/server-page.tsx'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { enqueueWelcomeEmail } from '../../../mail-core/signup-emails.ts'
import { count, DB_KINDS, fromAddress, NO_RATE_LIMITS, testApp, testDb, truncateAll } from '../../test-app.ts'
import { DEFAULT_LOCALE, LOCALES, SERVER_PAGE_TEXTS } from '../../../shared/content.ts'
import { localeRoot } from '../../../shared/locales.ts'
import { readPage } from '../../../../test/support/server-page-text.ts'

const PAGES = SERVER_PAGE_TEXTS[DEFAULT_LOCALE]

describe.each(DB_KINDS)('unsubscribe on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let app: ReturnType<typeof testApp>
  let token: string
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    app = testApp(db)
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateAll(db)
    await db.query("insert into public.beta_signups (email) values ('Ada@example.com'), ('bo@example.com')")
    await enqueueWelcomeEmail(db, 'ada@example.com')
    token = (
      await db.query<{ t: string }>(
        "select unsubscribe_token::text as t from public.beta_signups where email = 'Ada@example.com'",
      )
    ).rows[0]!.t
  })

  test('GET shows a button that posts, and changes nothing', async () => {
    const res = await app.request(`/unsubscribe?token=${token}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(`<form action="/unsubscribe?token=${token}" method="post">`)
    expect(html).toContain(`<button type="submit">${PAGES.leaveButton}</button>`)
    expect(html).not.toMatch(/<script|<style|style=/)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(await count(db, 'public.beta_signups')).toBe(2)
  })

  test("both pages speak the sign-up's language, and lead home to its page; without one, the default's", async () => {
    for (const locale of [...LOCALES, null]) {
      const l = locale ?? DEFAULT_LOCALE
      const t = SERVER_PAGE_TEXTS[l]
      const r = await db.query<{ t: string }>(
        'insert into public.beta_signups (email, locale) values ($1, $2) returning unsubscribe_token::text as t',
        [`${l}-${locale === null ? 'none' : 'set'}@example.com`, locale],
      )
      const token = r.rows[0]!.t
      const ask = readPage(await (await app.request(`/unsubscribe?token=${token}`)).text())
      expect(ask.lang).toBe(l)
      expect(ask.text).toContain(t.leaveHeading)
      expect(ask.text).toContain(t.leaveButton)
      expect(ask.links).toContain(localeRoot(l))
      const done = readPage(await (await app.request(`/unsubscribe?token=${token}`, { method: 'POST' })).text())
      expect(done.lang).toBe(l)
      expect(done.text).toContain(t.leftHeading)
      expect(done.links).toEqual(expect.arrayContaining([localeRoot(l), `${localeRoot(l)}#contact`]))
    }
  })

  test('POST deletes the address and its queued email, and only those', async () => {
    const res = await app.request(`/unsubscribe?token=${token}`, { method: 'POST' })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain(PAGES.leftHeading)
    const left = await db.query<{ email: string }>('select email from public.beta_signups')
    expect(left.rows).toEqual([{ email: 'bo@example.com' }])
    expect(await count(db, 'app_private.email_queue')).toBe(0)
  })

  test('the RFC 8058 one-click POST works', async () => {
    const res = await app.request(`/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test('a used, unknown or malformed token gets the same 404 page and changes nothing', async () => {
    await app.request(`/unsubscribe?token=${token}`, { method: 'POST' })
    const pages = []
    for (const t of [token, '00000000-0000-4000-8000-000000000000', 'nonsense', '']) {
      for (const method of ['GET', 'POST']) {
        const res = await app.request(`/unsubscribe?token=${encodeURIComponent(t)}`, { method })
        expect(res.status).toBe(404)
        pages.push(await res.text())
      }
    }
    expect(new Set(pages).size).toBe(1)
    expect(pages[0]).toContain(PAGES.linkNotValidHeading)
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test('past the rate limit a browser gets a page (429, Retry-After), not JSON, and nothing changes', async () => {
    const limited = testApp(db, { config: { ...NO_RATE_LIMITS, RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE: 1 } })
    const ip = fromAddress('203.0.113.9')
    expect((await limited.request(`/unsubscribe?token=${token}`, {}, ip)).status).toBe(200)
    for (const path of [`/unsubscribe?token=${token}`, `/confirm?token=${token}`]) {
      const res = await limited.request(path, { method: 'POST' }, ip)
      expect(res.status).toBe(429)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
      const html = await res.text()
      expect(html).toContain(`<h1>${PAGES.tooManyHeading}</h1>`)
      expect(html).toMatch(/Please try again in \d+ seconds\./)
    }
    expect(await count(db, 'public.beta_signups')).toBe(2)
  })

  test("the page links the server pages' one stylesheet, which the build writes (no route of its own)", async () => {
    const html = await (await app.request(`/unsubscribe?token=${crypto.randomUUID()}`)).text()
    expect(html).toContain(`<link rel="stylesheet" href="${SERVER_PAGE_STYLESHEET}"/>`)
    expect((await app.request('/unsubscribe.css')).status).toBe(404)
  })
})
