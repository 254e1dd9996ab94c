import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { CONTACT_TEXTS, DEFAULT_LOCALE, LOCALES, SIGNUP_TEXTS, type Locale } from '../../../shared/content.ts'
import { LIMITS } from '../../../shared/limits.ts'
import { paths } from '../../../shared/paths.ts'
import { directionOf } from '../../../shared/locales.ts'
import { LOCAL_ANON_KEY } from '../../../shared/self-hosted.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/db.ts'
import { count, DB_KINDS, fromAddress, testApp, testDb, truncateAll } from '../../test-app.ts'

// The page's forms posted without JavaScript (docs/decisions/no-script-forms.md): the same row and
// the same email as the scripted form's two calls, the same limits as a call without a proof, and
// the answer as a page in the page's language.

const OTHER = LOCALES.find((l) => l !== DEFAULT_LOCALE) ?? DEFAULT_LOCALE
const langOf = (locale: Locale) => (locale === DEFAULT_LOCALE ? undefined : locale)
/** Characters added to the longest message: enough to pass any form's largest valid body. */
const OVERSIZE_PADDING = 20_000

function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  }
}

/** The page's text, as the browser shows it: React escapes the apostrophes the content may hold. */
const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;')

describe.each(DB_KINDS)('the forms without JavaScript on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  const app = (config: Partial<Config> = {}) => testApp(db, { config })
  const join = (a: ReturnType<typeof app>, fields: Record<string, string>, locale?: Locale, ip = '203.0.113.7') =>
    a.request(paths.join.href(locale === DEFAULT_LOCALE ? undefined : locale), form(fields), fromAddress(ip))
  const queued = async (kind: string) =>
    (await db.query('select 1 from app_private.email_queue where kind = $1', [kind])).rows.length

  test('a sign-up stores the row in the page language, queues the welcome once, and answers the welcome page', async () => {
    const a = app()
    for (const locale of [DEFAULT_LOCALE, OTHER]) {
      const email = `ada-${locale}@example.com`
      const res = await join(a, { email: `  ${email} `, website: '' }, locale)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-security-policy')).toContain("form-action 'self'")
      const page = await res.text()
      expect(page).toContain(`<html lang="${locale}" dir="${directionOf(locale)}">`)
      expect(page).toContain(html(SIGNUP_TEXTS[locale].successTitle))
      expect(page).toContain(`<strong dir="auto">${email}</strong>`)
      const row = await db.query<{ locale: string }>('select locale from public.beta_signups where email = $1', [email])
      expect(row.rows).toEqual([{ locale }])
    }
    expect(await queued('welcome')).toBe(2)
  })

  test('the phone the form names (one store live) is stored with the sign-up; an unknown one is refused, nothing stored', async () => {
    const a = app()
    expect((await join(a, { email: 'droid@example.com', platform: 'android' })).status).toBe(200)
    const row = await db.query<{ platform: string }>('select platform from public.beta_signups')
    expect(row.rows).toEqual([{ platform: 'android' }])
    const refused = await join(a, { email: 'pc@example.com', platform: 'windows' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain(html(SIGNUP_TEXTS[DEFAULT_LOCALE].errorGeneric))
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test('a repeated address gets the same page, and no second email', async () => {
    const a = app()
    const first = await (await join(a, { email: 'bo@example.com' })).text()
    const again = await join(a, { email: 'BO@example.com' })
    expect(again.status).toBe(200)
    expect(await again.text()).toBe(first.replace('bo@example.com', 'BO@example.com'))
    expect(await count(db, 'public.beta_signups')).toBe(1)
    expect(await queued('welcome')).toBe(1)
  })

  test('an address the schema refuses gets the error text and the form again, with the address kept', async () => {
    const res = await join(app(), { email: 'not-an-address' }, OTHER)
    expect(res.status).toBe(400)
    const page = await res.text()
    expect(page).toContain(html(SIGNUP_TEXTS[OTHER].errorGeneric))
    expect(page).toContain(`action="${paths.join.href(OTHER === DEFAULT_LOCALE ? undefined : OTHER)}"`)
    expect(page).toMatch(/<input[^>]*name="email"[^>]*value="not-an-address"/)
    expect(await count(db, 'public.beta_signups')).toBe(0)
  })

  test('the honeypot: the usual welcome page, no row, no email', async () => {
    const res = await join(app(), { email: 'bot@example.com', website: 'https://spam.example' })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain(html(SIGNUP_TEXTS[DEFAULT_LOCALE].successTitle))
    expect(await count(db, 'public.beta_signups')).toBe(0)
    expect(await count(db, 'app_private.email_queue')).toBe(0)
  })

  test('without a proof, a post spends the unverified budget: over it the welcome is withheld, the page the same', async () => {
    const a = app({ SIGNUP_CHALLENGE: 'pow', UNVERIFIED_EMAILS_PER_HOUR: 1 })
    expect((await join(a, { email: 'one@example.com' })).status).toBe(200)
    const over = await join(a, { email: 'two@example.com' })
    expect(over.status).toBe(200)
    expect(await over.text()).toContain('<strong dir="auto">two@example.com</strong>')
    expect(await queued('welcome')).toBe(1)
    const withheld = await db.query('select email from public.beta_signups where welcome_withheld_at is not null')
    expect(withheld.rows).toEqual([{ email: 'two@example.com' }])
  })

  test('with double opt-in on, the post asks to confirm, as the scripted form would', async () => {
    await join(app({ SIGNUP_CONFIRMATION: true }), { email: 'cy@example.com' })
    expect(await queued('confirm-signup')).toBe(1)
    expect(await queued('welcome')).toBe(0)
  })

  test("a post spends both of the calls' per-client budgets, and a refusal is the form's page in its language", async () => {
    const a = app({ RATE_LIMIT_SIGNUP_PER_MINUTE: 5, RATE_LIMIT_EMAIL_PER_MINUTE: 2 })
    expect((await join(a, { email: 'a1@example.com' }, OTHER)).status).toBe(200)
    // The scripted calls share the email budget: one resend-email call, then the post is refused.
    const call = await a.request(
      '/functions/v1/resend-email',
      {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a1@example.com' }),
      },
      fromAddress('203.0.113.7'),
    )
    expect(call.status).toBe(200)
    const refused = await join(a, { email: 'a2@example.com' }, OTHER)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const page = await refused.text()
    expect(page).toContain(`<html lang="${OTHER}" dir="${directionOf(OTHER)}">`)
    expect(page).toContain(html(SIGNUP_TEXTS[OTHER].errorGeneric))
    expect(page).toContain('name="email"')
    // Refused before the insert: nothing stored. Another client is not affected.
    expect(await count(db, 'public.beta_signups')).toBe(1)
    expect((await join(a, { email: 'a3@example.com' }, OTHER, '203.0.113.8')).status).toBe(200)
  })

  test('a contact message is stored and answered with the success banner; a refusal shows the error banner and the form', async () => {
    const a = app({ RATE_LIMIT_CONTACT_PER_MINUTE: 2 })
    const fields = { name: 'Ada', email: 'ada@example.com', subject: 'bug-report', message: 'It broke.', website: '' }
    const sent = await a.request(paths.contact.href(OTHER), form(fields), fromAddress('198.51.100.1'))
    expect(sent.status).toBe(200)
    const page = await sent.text()
    expect(page).toContain(html(CONTACT_TEXTS[OTHER].successTitle))
    expect(page).toContain(html(CONTACT_TEXTS[OTHER].successBody))
    const rows = await db.query('select name, email, subject, message from public.contact_messages')
    expect(rows.rows).toEqual([{ name: 'Ada', email: 'ada@example.com', subject: 'bug-report', message: 'It broke.' }])

    const bad = await a.request(
      paths.contact.href(OTHER),
      form({ ...fields, subject: 'not-a-subject' }),
      fromAddress('198.51.100.1'),
    )
    expect(bad.status).toBe(400)
    const badPage = await bad.text()
    expect(badPage).toContain(html(CONTACT_TEXTS[OTHER].errorTitle))
    expect(badPage).toMatch(/<textarea[^>]*name="message"[^>]*>It broke\.<\/textarea>/)
    expect(await count(db, 'public.contact_messages')).toBe(1)

    const limited = await a.request(paths.contact.href(OTHER), form(fields), fromAddress('198.51.100.1'))
    expect(limited.status).toBe(429)
    expect(await limited.text()).toContain(html(CONTACT_TEXTS[OTHER].errorTitle))
  })

  test('the longest contact message the form allows, in Cyrillic, is stored; a larger body is the form page, not JSON', async () => {
    // 5,000 characters of two UTF-8 bytes each: 30,000 bytes urlencoded, past the API's JSON limit.
    const message = 'ж'.repeat(LIMITS.message)
    const fields = { name: 'Я'.repeat(LIMITS.name), email: 'ivan@example.com', subject: 'general', message }
    for (const [i, locale] of [DEFAULT_LOCALE, OTHER].entries()) {
      const ip = `198.51.100.${20 + i}`
      const sent = await app().request(paths.contact.href(langOf(locale)), form(fields), fromAddress(ip))
      expect(sent.status).toBe(200)
      expect(await sent.text()).toContain(html(CONTACT_TEXTS[locale].successTitle))

      const body = new URLSearchParams({ ...fields, message: message + 'ж'.repeat(OVERSIZE_PADDING) }).toString()
      for (const [path, texts] of [
        [paths.contact.href(langOf(locale)), [CONTACT_TEXTS[locale].errorTitle, CONTACT_TEXTS[locale].errorFallback]],
        [paths.join.href(langOf(locale)), [SIGNUP_TEXTS[locale].errorGeneric]],
      ] as const) {
        const res = await app().request(path, { ...form({}), body }, fromAddress(ip))
        expect(res.status).toBe(413)
        expect(res.headers.get('content-type')).toMatch(/^text\/html/)
        const page = await res.text()
        expect(page).toContain(`<html lang="${locale}" dir="${directionOf(locale)}">`)
        for (const text of texts) expect(page).toContain(html(text))
        expect(page).toContain(`<form action="${path}" method="post">`)
      }
    }
    const rows = await db.query<{ message: string }>('select message from public.contact_messages')
    expect(rows.rows).toEqual([{ message }, { message }])
  })

  test('opened as an address, each form sends the visitor to the form on the page', async () => {
    const a = app()
    const joinGet = await a.request(`${paths.join.pattern}?lang=${OTHER}`)
    expect(joinGet.status).toBe(303)
    expect(joinGet.headers.get('location')).toBe(OTHER === DEFAULT_LOCALE ? '/#cta' : `/${OTHER}/#cta`)
    expect((await a.request(paths.contact.pattern)).headers.get('location')).toBe('/#contact')
  })
})
