import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { createEmailQueue } from '../../../mail-core/queue.ts'
import type { OutgoingEmail } from '../../../mail-core/transport.ts'
import { syncOwnerEmails } from '../owner-auth/owners.ts'
import { asOwner, ownerApp, OWNER, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { count, DB_KINDS, silentLogger, testApp, testDb } from '../../test-app.ts'
import { DEFAULT_LOCALE, EMAIL_TEXTS, LOCALES, SERVER_PAGE_TEXTS } from '../../../shared/content.ts'
import { directionOf } from '../../../shared/locales.ts'
import { fill } from '../../../shared/content-types.ts'
import { FEEDBACK_LIMITS } from '../../../shared/feedback.ts'
import { readPage } from '../../../../test/support/server-page-text.ts'

// The feedback page (GET changes nothing, POST stores, an unknown token
// gets 404, the page without a token asks for the address and has the contact form's
// protections), the console's Feedback view and export, the owner's notification, and erasure.

const form = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
})

describe.each(DB_KINDS)('tester feedback on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let token: string
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateOwner(db)
    await db.query(
      `insert into public.beta_signups (email, platform, confirmed_at) values ('Tess@Example.com', 'ios', now())`,
    )
    token = (await db.query<{ t: string }>('select feedback_token::text as t from public.beta_signups')).rows[0]!.t
  })
  const entries = () => count(db, 'app_private.beta_feedback')

  test("a tester's link speaks the language of the page they signed up on, and the default without one", async () => {
    const app = testApp(db)
    for (const locale of [...LOCALES, null]) {
      await db.query('update public.beta_signups set locale = $1', [locale])
      const words = SERVER_PAGE_TEXTS[locale ?? DEFAULT_LOCALE]
      const html = await (await app.request(`/beta/feedback?token=${token}`)).text()
      expect(html).toContain(`<html lang="${locale ?? DEFAULT_LOCALE}" dir="${directionOf(locale ?? DEFAULT_LOCALE)}">`)
      expect(html).toContain(`<h1>${words.feedbackHeading}</h1>`)
      const thanks = await (await app.request(`/beta/feedback?token=${token}`, form({ rating: '5' }))).text()
      expect(thanks).toContain(`<h1>${words.feedbackThanksHeading}</h1>`)
    }
  })

  test("what to fix is said in the tester's language: each field's problem, and a form that cannot be read", async () => {
    const app = testApp(db)
    for (const locale of [...LOCALES, null]) {
      const t = SERVER_PAGE_TEXTS[locale ?? DEFAULT_LOCALE]
      await db.query('update public.beta_signups set locale = $1', [locale])
      const bad = await app.request(
        `/beta/feedback?token=${token}`,
        form({
          rating: '9',
          platform: 'windows',
          os_version: 'x'.repeat(FEEDBACK_LIMITS.osVersion + 1),
          build: 'a\u0000b',
        }),
      )
      expect(bad.status).toBe(400)
      const page = readPage(await bad.text())
      expect(page.lang).toBe(locale ?? DEFAULT_LOCALE)
      for (const message of [
        t.feedbackRatingInvalid,
        t.feedbackPlatformInvalid,
        fill(t.feedbackTooLong, { field: t.feedbackOsVersion, count: String(FEEDBACK_LIMITS.osVersion) }),
        fill(t.feedbackBadCharacter, { field: t.feedbackBuild }),
      ])
        expect(page.text).toContain(message)
      const file = new FormData()
      file.append('works', new Blob(['x']), 'x.txt')
      const unreadable = await app.request(`/beta/feedback?token=${token}`, { method: 'POST', body: file })
      expect(unreadable.status).toBe(400)
      expect(readPage(await unreadable.text()).text).toContain(t.feedbackUnreadable)
    }
    expect(await entries()).toBe(0)
  })

  test('GET shows the form and changes nothing; POST stores; the build label is filled in', async () => {
    const app = testApp(db, { config: { BETA_BUILD_LABEL: '1.0 (42)' } })
    const before = await db.query('select * from public.beta_signups')
    const page = await app.request(`/beta/feedback?token=${token}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await page.text()
    expect(html).not.toContain('<script')
    expect(html).toContain('value="1.0 (42)"')
    expect(html).toMatch(/name="platform" checked="" value="ios"/)
    expect(html).not.toContain('name="email"')
    expect(await entries()).toBe(0)
    expect((await db.query('select * from public.beta_signups')).rows).toEqual(before.rows)

    const res = await app.request(
      `/beta/feedback?token=${token}`,
      form({
        rating: '4',
        works: 'Clients',
        broken: 'Totals =SUM(A1)',
        platform: 'ios',
        os_version: 'iOS 18.1',
        build: '1.0 (42)',
      }),
    )
    expect(res.status).toBe(200)
    expect(await res.text()).toContain(SERVER_PAGE_TEXTS[DEFAULT_LOCALE].feedbackThanksHeading)
    const rows = await db.query(
      'select email, rating, works, broken, platform, os_version, build, signup_id is not null as linked from app_private.beta_feedback',
    )
    expect(rows.rows).toEqual([
      {
        email: 'Tess@Example.com',
        rating: 4,
        works: 'Clients',
        broken: 'Totals =SUM(A1)',
        platform: 'ios',
        os_version: 'iOS 18.1',
        build: '1.0 (42)',
        linked: true,
      },
    ])
  })

  test('an unknown, malformed or missing-person token gets 404 on GET and POST, and stores nothing', async () => {
    const app = testApp(db)
    for (const t of ['00000000-0000-4000-8000-000000000000', 'nope', "' or 1=1", '']) {
      const get = await app.request(`/beta/feedback?token=${encodeURIComponent(t)}`)
      expect(get.status, t).toBe(404)
      expect(await get.text()).toContain(SERVER_PAGE_TEXTS[DEFAULT_LOCALE].feedbackNotValidHeading)
      const post = await app.request(`/beta/feedback?token=${encodeURIComponent(t)}`, form({ rating: '5' }))
      expect(post.status, t).toBe(404)
    }
    expect(await entries()).toBe(0)
  })

  test('the page without a token asks for the address; bad input is a 400 page naming each problem', async () => {
    const app = testApp(db, { config: { BETA_BUILD_LABEL: 'b7' } })
    const get = await app.request('/beta/feedback')
    expect(get.status).toBe(200)
    expect(await get.text()).toContain('name="email"')
    const bad = await app.request(
      '/beta/feedback',
      form({ email: 'not-an-address', works: 'x'.repeat(FEEDBACK_LIMITS.text + 1) }),
    )
    expect(bad.status).toBe(400)
    const text = readPage(await bad.text()).text
    const t = SERVER_PAGE_TEXTS[DEFAULT_LOCALE]
    expect(text).toContain(t.feedbackEmailInvalid)
    expect(text).toContain(t.feedbackRatingInvalid)
    expect(text).toContain(fill(t.feedbackTooLong, { field: t.feedbackWorks, count: String(FEEDBACK_LIMITS.text) }))
    expect(await (await app.request('/beta/feedback', form({ email: 'not-an-address' }))).text()).toContain(
      'value="not-an-address"',
    )
    for (const body of [
      form({ rating: '6', email: 'a@example.com' }),
      form({ rating: '3', email: 'a@example.com', platform: 'windows' }),
    ]) {
      expect((await app.request('/beta/feedback', body)).status).toBe(400)
    }
    const multipart = new FormData()
    multipart.append('rating', new Blob(['x']), 'x.txt')
    expect((await app.request('/beta/feedback', { method: 'POST', body: multipart })).status).toBe(400)
    expect(await entries()).toBe(0)
    const ok = await app.request(
      '/beta/feedback',
      form({ email: 'play.tester@example.com', rating: '2', broken: 'Crash on start' }),
    )
    expect(ok.status).toBe(200)
    expect((await db.query('select email, rating, build, signup_id from app_private.beta_feedback')).rows).toEqual([
      { email: 'play.tester@example.com', rating: 2, build: '', signup_id: null },
    ])
  })

  test('the contact form’s protections: a filled bot trap stores nothing, and the rate limit answers 429', async () => {
    const app = testApp(db, { config: { RATE_LIMIT_CONTACT_PER_MINUTE: 2, RATE_LIMIT_CONTACT_PER_HOUR: 100 } })
    const trap = await app.request(
      '/beta/feedback',
      form({ email: 'bot@example.com', rating: '5', website: 'http://spam' }),
    )
    expect(trap.status).toBe(200)
    expect(await trap.text()).toContain(SERVER_PAGE_TEXTS[DEFAULT_LOCALE].feedbackThanksHeading)
    expect(await entries()).toBe(0)
    expect((await app.request('/beta/feedback', form({ email: 'a@example.com', rating: '5' }))).status).toBe(200)
    const limited = await app.request('/beta/feedback', form({ email: 'a@example.com', rating: '5' }))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('content-type')).toContain('text/html')
    expect(await entries()).toBe(1)
    // Reading the page is not limited by the form's budget.
    expect((await app.request('/beta/feedback')).status).toBe(200)
  })

  test('the owner’s copy is queued with the entry’s id only, and one queued with a payload built in SQL (the older shape) is sent from the entry', async () => {
    await syncOwnerEmails(db, [OWNER])
    const app = testApp(db)
    await app.request('/beta/feedback', form({ email: 'b@example.com', rating: '2', works: 'Fast' }))
    const queued = async () =>
      (
        await db.query<{ payload: unknown; feedback_id: string | null }>(
          `select payload, feedback_id::text from app_private.email_queue where kind = 'feedback-owner'`,
        )
      ).rows
    expect(await queued()).toEqual([{ payload: null, feedback_id: expect.stringMatching(/^\d+$/) }])
    // A row queued before the payload left SQL: its stored copy is not what the email says.
    await db.query(
      `update app_private.email_queue set payload = jsonb_build_object('email', 'b@example.com', 'rating', 2,
         'works', 'Stale', 'broken', '', 'platform', 'unknown', 'osVersion', '', 'build', '', 'createdAt', now())
       where kind = 'feedback-owner'`,
    )
    const sent: OutgoingEmail[] = []
    const queue = createEmailQueue({
      db,
      transport: { name: 'test', send: async (e) => (sent.push(e), { ok: true, id: e.id }), close: async () => {} },
      logger: silentLogger,
      config: {
        EMAIL_FROM: 'Beta Team <hello@localhost>',
        PUBLIC_URL: 'http://localhost',
        EMAIL_POLL_INTERVAL_MS: 1000,
        EMAIL_MAX_ATTEMPTS: 3,
        EMAIL_RETRY_BASE_MS: 1,
        EMAIL_RETRY_MAX_MS: 5,
        EMAIL_LEASE_MS: 60_000,
      },
    })
    await queue.runOnce()
    const owner = EMAIL_TEXTS[DEFAULT_LOCALE]
    expect(sent).toHaveLength(1)
    expect(sent[0]!.to).toBe(OWNER)
    expect(sent[0]!.headers['Reply-To']).toBe('b@example.com')
    expect(sent[0]!.text).toContain(`${owner.feedbackOwner.works}:\nFast`)
    expect(await db.query(`select status from app_private.email_queue where kind = 'feedback-owner'`)).toMatchObject({
      rows: [{ status: 'sent' }],
    })
  })

  test('each entry notifies the owners with Reply-To the tester, under the contact messages’ hourly cap', async () => {
    await syncOwnerEmails(db, [OWNER])
    await db.query('update app_private.owner_emails set notify_max_per_hour = 2')
    const app = testApp(db)
    await db.query(
      `insert into public.contact_messages (name, email, subject, message) values ('Ann', 'ann@example.com', 'other', 'Hi')`,
    )
    await app.request(`/beta/feedback?token=${token}`, form({ rating: '3', works: 'A' }))
    await app.request('/beta/feedback', form({ email: 'b@example.com', rating: '1' }))
    const q = await db.query<{ kind: string; payload: { count?: number } | null }>(
      `select kind, payload from app_private.email_queue order by created_at, kind`,
    )
    // The contact message and the first entry fill the cap of 2; the second entry goes to the summary.
    expect(q.rows.map((r) => r.kind).sort()).toEqual(['contact-owner', 'contact-owner-summary', 'feedback-owner'])
    // Queued with the facts only: the worker reads the hour's counts when it claims it.
    expect(q.rows.find((r) => r.kind === 'contact-owner-summary')!.payload).toBeNull()
    const sent: OutgoingEmail[] = []
    const queue = createEmailQueue({
      db,
      transport: { name: 'test', send: async (e) => (sent.push(e), { ok: true, id: e.id }), close: async () => {} },
      logger: silentLogger,
      config: {
        EMAIL_FROM: 'Beta Team <hello@localhost>',
        PUBLIC_URL: 'http://localhost',
        EMAIL_POLL_INTERVAL_MS: 1000,
        EMAIL_MAX_ATTEMPTS: 3,
        EMAIL_RETRY_BASE_MS: 1,
        EMAIL_RETRY_MAX_MS: 5,
        EMAIL_LEASE_MS: 60_000,
      },
    })
    await queue.runOnce()
    // The owner's words are the content's, in the default language.
    const owner = EMAIL_TEXTS[DEFAULT_LOCALE]
    const noticeStart = fill(owner.feedbackOwner.subject, { rating: '3' }).split('{time}')[0]!
    const notice = sent.find((e) => e.subject.startsWith(noticeStart))!
    expect(notice.to).toBe(OWNER)
    expect(notice.headers?.['Reply-To']).toBe('Tess@Example.com')
    expect(notice.text).toContain(`${owner.feedbackOwner.works}:\nA`)
    // The end-of-hour summary names feedback as feedback; a contact message past the cap
    // afterwards keeps that count.
    await db.query(
      `insert into public.contact_messages (name, email, subject, message) values ('Cy', 'cy@example.com', 'other', 'Hi')`,
    )
    await db.query("update app_private.email_queue set next_attempt_at = now() where kind = 'contact-owner-summary'")
    await queue.runOnce()
    const s = owner.contactOwnerSummary
    const both = fill(s.both, {
      messages: fill(s.messages, { count: '1' }),
      feedback: fill(s.feedback, { count: '1' }),
    })
    const summary = sent.find((e) => e.subject.includes(fill(s.waiting, { what: both })))!
    expect(summary.text).toContain(fill(s.waiting, { what: both }))
  })

  test('the console: newest first, filters, summary per build, build label, CSV with the formula guard; erasure removes it', async () => {
    const app = await ownerApp(db, { BETA_BUILD_LABEL: 'from-setting' })
    const cookie = await signIn(app, db)
    await app.request(
      `/beta/feedback?token=${token}`,
      form({ rating: '4', works: '=HYPERLINK("x")', build: '1.0', platform: 'ios' }),
    )
    await app.request(
      '/beta/feedback',
      form({ email: 'b@example.com', rating: '2', build: '1.0', platform: 'android', broken: "x;=cmd|' /C calc'!A0" }),
    )
    await app.request('/beta/feedback', form({ email: 'c@example.com', rating: '5', build: '1.1' }))
    const get = async (path: string) => (await app.request(`/admin/api${path}`, asOwner(cookie))).json()
    const all = await get('/feedback')
    expect(all.rows.map((r: { email: string }) => r.email)).toEqual([
      'c@example.com',
      'b@example.com',
      'Tess@Example.com',
    ])
    expect(all.summary).toEqual([
      { build: '1.1', count: 1, average: 5 },
      { build: '1.0', count: 2, average: 3 },
    ])
    expect(all.buildLabel).toBe('from-setting')
    expect((await get('/feedback?build=1.0')).total).toBe(2)
    expect((await get('/feedback?rating=2')).rows.map((r: { email: string }) => r.email)).toEqual(['b@example.com'])
    expect((await get('/feedback?platform=ios')).rows.map((r: { email: string }) => r.email)).toEqual([
      'Tess@Example.com',
    ])
    const badFilter = await app.request('/admin/api/feedback?rating=9', asOwner(cookie))
    expect(badFilter.status).toBe(400)
    expect(await badFilter.json()).toMatchObject({ code: '22023' })

    const set = await app.request(
      '/admin/api/feedback/build-label',
      asOwner(cookie, { method: 'POST', body: { label: '1.2 (50)' } }),
    )
    expect(await set.json()).toEqual({ label: '1.2 (50)' })
    expect(await (await app.request('/beta/feedback')).text()).toContain('value="1.2 (50)"')
    const reset = await app.request(
      '/admin/api/feedback/build-label',
      asOwner(cookie, { method: 'POST', body: { label: '' } }),
    )
    expect(await reset.json()).toEqual({ label: 'from-setting' })
    expect(
      (
        await app.request(
          '/admin/api/feedback/build-label',
          asOwner(cookie, { method: 'POST', body: { label: 'a\nb' } }),
        )
      ).status,
    ).toBe(400)

    const csv = await (await app.request('/admin/api/feedback/export?build=1.0', asOwner(cookie))).text()
    const lines = csv.trim().split('\r\n')
    expect(lines[0]).toBe('received_at,email,rating,build,phone,os_version,what_works,what_does_not')
    expect(lines).toHaveLength(3)
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`)
    // With `;` as the list separator (Excel in German) an unquoted field split into `=cmd…` (issue 37).
    expect(csv).toContain(`,"x;=cmd|' /C calc'!A0"\r\n`)
    const audit = await db.query<{ action: string }>(
      `select action from app_private.owner_audit where action like 'feedback.%' order by id`,
    )
    expect(audit.rows.map((r) => r.action)).toEqual(['feedback.build-label', 'feedback.build-label', 'feedback.export'])

    const erased = await app.request(
      '/admin/api/people/erase',
      asOwner(cookie, { method: 'POST', body: { email: 'tess@example.com' } }),
    )
    expect(await erased.json()).toMatchObject({ signups: 1, feedback: 1 })
    expect((await get('/feedback')).rows.map((r: { email: string }) => r.email)).toEqual([
      'c@example.com',
      'b@example.com',
    ])
    expect(
      await db.query(
        `select 1 from app_private.beta_feedback where app_private.canonical_email(email) = 'tess@example.com'`,
      ),
    ).toMatchObject({ rows: [] })
  })
})
