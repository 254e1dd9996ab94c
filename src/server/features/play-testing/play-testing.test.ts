import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { DEFAULT_LOCALE, EMAIL_TEXTS, LOCALES, SERVER_PAGE_TEXTS } from '../../../shared/content.ts'
import { directionOf } from '../../../shared/locales.ts'
import { PlayTestingSummary } from '../../../shared/play-testing.ts'
import { createEmailQueue } from '../../../mail-core/queue.ts'
import type { Db } from '../../db/db.ts'
import { inviteSignups } from '../invitations/queries.ts'
import { createOutboxTransport, type OutboxRecord } from '../../mail-transports/outbox.ts'
import { asOwner, ownerApp, OWNER, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { DB_KINDS, silentLogger, testDb } from '../../test-app.ts'

const PAGE = SERVER_PAGE_TEXTS[DEFAULT_LOCALE]
const ASKED = EMAIL_TEXTS[DEFAULT_LOCALE].playQuestion

// The address Play knows, "Did you join the test?", and the 12 × 14 card's data.

const IOS = 'https://testflight.apple.com/join/AbCdEf12'
const ANDROID = 'https://play.google.com/apps/testing/com.example.app'
const FORGED = '00000000-0000-4000-8000-000000000000'
const DAY_MS = 86_400_000
const QUEUE_CONFIG = {
  EMAIL_FROM: 'Beta Team <hello@localhost>',
  PUBLIC_URL: 'http://localhost',
  EMAIL_POLL_INTERVAL_MS: 1000,
  EMAIL_MAX_ATTEMPTS: 1,
  EMAIL_RETRY_BASE_MS: 1,
  EMAIL_RETRY_MAX_MS: 5,
  EMAIL_LEASE_MS: 60_000,
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

describe.each(DB_KINDS)('Google Play closed testing on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let dir: string
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateOwner(db)
    dir = await mkdtemp(join(tmpdir(), 'play-outbox-'))
    return () => rm(dir, { recursive: true, force: true })
  })

  async function setUp(config: Record<string, unknown> = {}) {
    const transport = createOutboxTransport({ dir })
    const app = await ownerApp(
      db,
      { BETA_IOS_URL: IOS, BETA_ANDROID_URL: ANDROID, INVITATION_INTERVAL_MS: 0, ...config },
      { transport },
    )
    const queue = createEmailQueue({ db, transport, logger: silentLogger, config: QUEUE_CONFIG })
    const drain = async () => {
      while ((await queue.runOnce()) > 0);
    }
    const sent = async (): Promise<OutboxRecord[]> =>
      Promise.all(
        (await readdir(dir))
          .filter((n) => n.endsWith('.json'))
          .map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as OutboxRecord),
      )
    return { app, queue, drain, sent }
  }

  async function signUp(emails: string[], platform: 'unknown' | 'ios' | 'android' = 'unknown') {
    for (const email of emails)
      await db.query(`insert into public.beta_signups (email, confirmed_at, platform) values ($1, now(), $2)`, [
        email,
        platform,
      ])
  }
  const tokens = async (email: string) =>
    (
      await db.query<{ id: string; p: string; i: string; u: string }>(
        `select id::text as id, platform_token::text as p, invite_token::text as i, unsubscribe_token::text as u
         from public.beta_signups where email = $1`,
        [email],
      )
    ).rows[0]!
  const invite = async (emails: string[], stores = { ios: true, android: true }) => {
    const ids = await Promise.all(emails.map(async (e) => (await tokens(e)).id))
    await inviteSignups(db, { ids, stores, intervalMs: 0 })
  }
  const snapshot = async () => ({
    signups: (await db.query('select email, platform, status, opened_at from public.beta_signups order by id')).rows,
    testers: (await db.query('select * from app_private.play_testers order by signup_id')).rows,
    answers: (await db.query('select * from app_private.play_answers order by id')).rows,
    messages: (await db.query('select * from public.contact_messages order by id')).rows,
  })
  const questions = async () =>
    (
      await db.query<{ to_email: string; status: string; due_in_h: number | string }>(
        `select to_email, status, extract(epoch from next_attempt_at - now()) / 3600 as due_in_h
         from app_private.email_queue where kind = 'play-question' order by to_email`,
      )
    ).rows

  test('the Android phone page asks for the Play address: GET changes nothing, POST records, the export uses it', async () => {
    const { app, drain, sent } = await setUp()
    await signUp(['ada@example.com', 'bo@example.com', 'cy@example.com', 'di@example.com'])
    const ada = await tokens('ada@example.com')
    const before = await snapshot()
    const get = await app.request(`/beta/phone?platform=android&token=${ada.p}`)
    expect(get.status).toBe(200)
    const html = await get.text()
    expect(html).toContain(`<label for="google-account">${PAGE.playGoogleAccount}</label>`)
    expect(html).toMatch(/<input id="google-account" type="email"[^>]* name="google_account"/)
    expect(html).toContain(PAGE.playGoogleAccountHint)
    expect(html).not.toMatch(/<script|style=/)
    // The iPhone page asks nothing of the sort.
    expect(await (await app.request(`/beta/phone?platform=ios&token=${ada.p}`)).text()).not.toContain('google_account')
    expect(await snapshot()).toEqual(before)

    // With the address (trimmed), without one (empty or absent), and a wrong one first.
    expect(
      (
        await app.request(
          `/beta/phone?platform=android&token=${ada.p}`,
          form({ google_account: ' Ada.Plays@gmail.com ' }),
        )
      ).status,
    ).toBe(200)
    const bo = await tokens('bo@example.com')
    expect((await app.request(`/beta/phone?platform=android&token=${bo.p}`, form({ google_account: '' }))).status).toBe(
      200,
    )
    const cy = await tokens('cy@example.com')
    expect((await app.request(`/beta/phone?platform=android&token=${cy.p}`, { method: 'POST' })).status).toBe(200)
    const di = await tokens('di@example.com')
    const middle = await snapshot()
    const wrong = await app.request(
      `/beta/phone?platform=android&token=${di.p}`,
      form({ google_account: 'di at gmail' }),
    )
    expect(wrong.status).toBe(400)
    const wrongPage = await wrong.text()
    expect(wrongPage).toContain(PAGE.playGoogleAccountInvalid)
    expect(wrongPage).toContain('value="di at gmail"')
    expect(wrongPage).toContain('aria-invalid="true"')
    expect(await snapshot()).toEqual(middle)
    // Too long, and a header-breaking line end, are refused the same way.
    for (const bad of [`${'x'.repeat(250)}@example.com`, 'di@example.com\r\nBcc: x@example.com'])
      expect(
        (await app.request(`/beta/phone?platform=android&token=${di.p}`, form({ google_account: bad }))).status,
      ).toBe(400)
    // A used token with a wrong address is still just "not valid".
    expect(
      (await app.request(`/beta/phone?platform=android&token=${ada.p}`, form({ google_account: 'x' }))).status,
    ).toBe(404)
    await app.request(`/beta/phone?platform=android&token=${di.p}`, form({ google_account: 'di.plays@gmail.com' }))

    const accounts = await db.query<{ email: string; google_account: string | null }>(
      `select s.email, p.google_account from public.beta_signups s
       left join app_private.play_testers p on p.signup_id = s.id order by s.id`,
    )
    expect(accounts.rows).toEqual([
      { email: 'ada@example.com', google_account: 'Ada.Plays@gmail.com' },
      { email: 'bo@example.com', google_account: null },
      { email: 'cy@example.com', google_account: null },
      { email: 'di@example.com', google_account: 'di.plays@gmail.com' },
    ])
    expect((await db.query(`select platform from public.beta_signups where platform <> 'android'`)).rows).toEqual([])

    // The Play list: the Google account where given, the sign-up address otherwise; TestFlight keeps the sign-up address.
    await invite(['ada@example.com', 'bo@example.com', 'cy@example.com', 'di@example.com'])
    const cookie = await signIn(app, db)
    const play = await app.request('/admin/api/invitations/export?format=play&status=invited', asOwner(cookie))
    expect(await play.text()).toBe('Ada.Plays@gmail.com,bo@example.com,cy@example.com,di.plays@gmail.com\n')
    const tf = await app.request('/admin/api/invitations/export?format=testflight&status=invited', asOwner(cookie))
    expect(await tf.text()).toBe(',,ada@example.com\r\n,,bo@example.com\r\n,,cy@example.com\r\n,,di@example.com\r\n')

    // The Google account is never mailed: the invitations, the question, the reminder go to the sign-up address.
    for (const e of ['ada@example.com', 'di@example.com'])
      expect((await app.request(`/beta/android?token=${(await tokens(e)).i}`)).status).toBe(302)
    await db.query(`update app_private.email_queue set next_attempt_at = now()`)
    await app.request('/admin/api/play-testing/nudge', asOwner(cookie, { method: 'POST' }))
    await drain()
    const to = (await sent()).map((r) => r.to)
    expect(to.length).toBeGreaterThan(4)
    expect(to.filter((t) => /plays/i.test(t))).toEqual([])
    const bodies = (await sent()).map((r) => r.text + JSON.stringify(r.headers))
    expect(bodies.filter((b) => /plays@gmail/i.test(b))).toEqual([])
  })

  test('"Did you join the test?" goes once, a day after the Android opening, and never to the others', async () => {
    const { app, drain, sent } = await setUp()
    await signUp(['and@example.com', 'late@example.com'], 'android')
    await signUp(['ios@example.com'], 'ios')
    await signUp(['both@example.com', 'both-ios@example.com'])
    await invite(['and@example.com', 'late@example.com', 'ios@example.com', 'both@example.com', 'both-ios@example.com'])
    await drain() // the invitations
    expect(await questions()).toEqual([])

    const open = async (email: string, platform: 'ios' | 'android') =>
      (await app.request(`/beta/${platform}?token=${(await tokens(email)).i}`)).status
    expect(await open('and@example.com', 'android')).toBe(302)
    expect(await open('and@example.com', 'android')).toBe(302) // again: still one question
    expect(await open('ios@example.com', 'ios')).toBe(302)
    expect(await open('ios@example.com', 'android')).toBe(404) // their invitation has no Android link
    expect(await open('both@example.com', 'android')).toBe(302)
    expect(await open('both-ios@example.com', 'ios')).toBe(302)
    // late@ never opened.

    const due = await questions()
    expect(due.map((q) => q.to_email)).toEqual(['and@example.com', 'both@example.com'])
    for (const q of due) expect(Number(q.due_in_h)).toBeCloseTo(24, 1)

    // Nothing goes before the day is over.
    await drain()
    expect((await sent()).filter((r) => r.subject === ASKED.subject)).toEqual([])
    // A day later (the database's clock moved by moving the due time back).
    await db.query(`update app_private.email_queue set next_attempt_at = next_attempt_at - interval '1 day'
                    where kind = 'play-question'`)
    await drain()
    const asked = (await sent()).filter((r) => r.subject === ASKED.subject)
    expect(asked.map((r) => r.to).sort()).toEqual(['and@example.com', 'both@example.com'])
    const text = asked.find((r) => r.to === 'and@example.com')!.text
    expect(text).toContain(ASKED.joined)
    expect(text).toContain(ASKED.trouble)
    expect(text).toMatch(/http:\/\/localhost\/beta\/play\?answer=joined&token=[0-9a-f-]{36}/)
    expect(text).toMatch(/http:\/\/localhost\/beta\/play\?answer=trouble&token=[0-9a-f-]{36}/)
    expect(asked[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

    // Opening again later queues nothing more, ever.
    expect(await open('and@example.com', 'android')).toBe(302)
    expect((await questions()).length).toBe(2)
  })

  test('the delay is a setting, and a tester who left the list before it is due gets nothing', async () => {
    const { app, drain, sent } = await setUp({ PLAY_ASK_DELAY_MS: 0 })
    await signUp(['now@example.com', 'gone@example.com'], 'android')
    await invite(['now@example.com', 'gone@example.com'])
    await drain()
    for (const e of ['now@example.com', 'gone@example.com'])
      expect((await app.request(`/beta/android?token=${(await tokens(e)).i}`)).status).toBe(302)
    expect((await questions()).map((q) => Number(q.due_in_h))).toEqual([expect.closeTo(0, 1), expect.closeTo(0, 1)])
    // gone@ leaves the beta: their sign-up, tester row and question go (the question row with the address).
    expect(
      (await app.request(`/unsubscribe?token=${(await tokens('gone@example.com')).u}`, { method: 'POST' })).status,
    ).toBe(200)
    await drain()
    expect((await sent()).filter((r) => r.subject === ASKED.subject).map((r) => r.to)).toEqual(['now@example.com'])
    // Their question went with them, as their invitation did: no row keeps the address.
    expect(
      await db.query(`select kind from app_private.email_queue where to_email = 'gone@example.com'`),
    ).toMatchObject({
      rows: [],
    })
    expect(
      await db.query(`select 1 from app_private.play_testers p join public.beta_signups s on s.id = p.signup_id
                           where s.email = 'gone@example.com'`),
    ).toMatchObject({ rows: [] })
  })

  test('the answer pages: GET changes nothing, POST records; "I had trouble" reaches the inbox with Reply-To', async () => {
    const { app, drain, sent } = await setUp({ PLAY_ASK_DELAY_MS: 0 })
    await signUp(['tess@example.com', 'other@example.com'], 'android')
    await db.query(
      `insert into app_private.play_testers (signup_id, google_account)
       select id, 'tess.plays@gmail.com' from public.beta_signups where email = 'tess@example.com'`,
    )
    await invite(['tess@example.com', 'other@example.com'])
    await app.request(`/beta/android?token=${(await tokens('tess@example.com')).i}`)
    await drain()
    const question = (await sent()).find((r) => r.subject === ASKED.subject)!
    const url = (answer: string) =>
      new URL(question.text.match(new RegExp(`http://localhost/beta/play\\?answer=${answer}&token=[0-9a-f-]{36}`))![0])
    const path = (answer: string) => `${url(answer).pathname}${url(answer).search}`

    const before = await snapshot()
    for (const answer of ['joined', 'trouble', 'left']) {
      const res = await app.request(path(answer))
      expect(res.status, answer).toBe(200)
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      const html = await res.text()
      expect(html).toContain(`<form action="/beta/play?answer=${answer}&amp;token=`)
      expect(html).not.toMatch(/<script|style=/)
    }
    expect(await (await app.request(path('joined'))).text()).toContain(
      '<button type="submit">Yes, I&#x27;m in</button>',
    )
    expect(await (await app.request(path('trouble'))).text()).toContain(
      `<button type="submit">${PAGE.playTroubleButton}</button>`,
    )
    // In the language of the page the tester signed up on.
    for (const locale of LOCALES) {
      await db.query(`update public.beta_signups set locale = $1 where email = 'tess@example.com'`, [locale])
      const html = await (await app.request(path('left'))).text()
      expect(html).toContain(`<html lang="${locale}" dir="${directionOf(locale)}">`)
      expect(html).toContain(`<h1>${SERVER_PAGE_TEXTS[locale].playLeftTitle}</h1>`)
    }
    await db.query(`update public.beta_signups set locale = null`)
    expect(await snapshot()).toEqual(before)

    // Unknown, malformed, another answer word, too long: nothing recorded.
    const token = url('joined').searchParams.get('token')!
    for (const [q, status] of [
      [`answer=joined&token=${FORGED}`, 404],
      ['answer=joined&token=nonsense', 404],
      [`answer=maybe&token=${token}`, 404],
      [`token=${token}`, 404],
    ] as const) {
      expect((await app.request(`/beta/play?${q}`)).status, q).toBe(status)
      expect((await app.request(`/beta/play?${q}`, { method: 'POST' })).status, q).toBe(status)
    }
    expect((await app.request(path('trouble'), form({ details: 'x'.repeat(2001) }))).status).toBe(400)
    expect((await app.request(path('trouble'), form({ details: 'nul \u0000' }))).status).toBe(400)
    expect(await snapshot()).toEqual(before)

    const joined = await app.request(path('joined'), { method: 'POST' })
    expect(joined.status).toBe(200)
    const thanks = await joined.text()
    expect(thanks).toContain(PAGE.playJoinedThanksHeading)
    expect(thanks).toContain(`/beta/play?answer=left&amp;token=${token}`)

    const trouble = await app.request(path('trouble'), form({ details: 'Play says I am not eligible.' }))
    expect(trouble.status).toBe(200)
    // A second "I had trouble" the same day records the answer but writes no second message.
    await app.request(path('trouble'), form({ details: 'again' }))
    const answers = await db.query<{ answer: string }>('select answer from app_private.play_answers order by id')
    expect(answers.rows.map((r) => r.answer)).toEqual(['joined', 'trouble', 'trouble'])

    const cookie = await signIn(app, db)
    const inbox = (await (await app.request('/admin/api/inbox?filter=all', asOwner(cookie))).json()) as {
      rows: { email: string; subject: string; message: string }[]
    }
    expect(inbox.rows).toHaveLength(1)
    expect(inbox.rows[0]).toMatchObject({ email: 'tess@example.com', subject: 'beta-feedback' })
    expect(inbox.rows[0]!.message).toContain('I had trouble joining the Google Play test.')
    expect(inbox.rows[0]!.message).toContain('tess.plays@gmail.com')
    expect(inbox.rows[0]!.message).toContain('Play says I am not eligible.')
    await drain()
    const toOwner = (await sent()).filter((r) => r.to === OWNER)
    expect(toOwner).toHaveLength(1)
    expect(toOwner[0]!.headers['Reply-To']).toBe('tess@example.com')

    expect((await app.request(path('left'), { method: 'POST' })).status).toBe(200)
    const card = PlayTestingSummary.parse(await (await app.request('/admin/api/play-testing', asOwner(cookie))).json())
    expect(card.testers).toEqual([
      expect.objectContaining({
        email: 'tess@example.com',
        googleAccount: 'tess.plays@gmail.com',
        leftBecause: 'said-left',
      }),
    ])
    expect(card.progress.counting).toBe(0)
  })

  test('15 Android invitations: the card counts answers, a leave and a bounce; the nudge reaches those who did not answer', async () => {
    const { app, drain, sent } = await setUp({ PLAY_REQUIRED_TESTERS: 12, PLAY_REQUIRED_DAYS: 14 })
    const emails = Array.from({ length: 15 }, (_, i) => `t${String(i + 1).padStart(2, '0')}@example.com`)
    await signUp(emails, 'android')
    await signUp(['apple@example.com'], 'ios')
    await invite([...emails, 'apple@example.com'])
    await drain()
    for (const e of emails.slice(0, 14)) await app.request(`/beta/android?token=${(await tokens(e)).i}`)
    // t01..t13 said they joined, one a day, 30 to 18 days ago; t13 left 17 days ago, t14 joined 16 days ago.
    const answer = async (email: string, a: string, daysAgo: number) =>
      db.query(
        `insert into app_private.play_answers (signup_id, answer, answered_at)
         select id, $2, now() - make_interval(days => $3) from public.beta_signups where email = $1`,
        [email, a, daysAgo],
      )
    for (const [n, e] of emails.slice(0, 13).entries()) await answer(e, 'joined', 30 - n)
    await answer('t13@example.com', 'left', 17)
    await answer('t14@example.com', 'joined', 16)
    const cookie = await signIn(app, db)
    const card = async () =>
      PlayTestingSummary.parse(await (await app.request('/admin/api/play-testing', asOwner(cookie))).json())

    let c = await card()
    expect(c.rule).toEqual({ required: 12, days: 14 })
    expect(c).toMatchObject({ androidInvited: 15, opened: 14, unanswered: 1, trouble: 0 })
    expect(c.progress).toMatchObject({ counting: 13, missing: 0, reached: true, daysIn: 19 })
    // The 12th joined 19 days ago (t12), t13 came and went above 12: no break.
    const since = Date.parse(c.progress.requiredSince!)
    expect(Math.round((Date.now() - since) / DAY_MS)).toBe(19)
    expect(c.testers.map((t) => t.email)).toEqual([...emails.slice(0, 12), 't13@example.com', 't14@example.com'])
    expect(c.testers.find((t) => t.email === 't13@example.com')).toMatchObject({ leftBecause: 'said-left' })

    // An email to t01 fails for good (a bounce) 2 days ago: 12 remain, still no break.
    await db.query(
      `insert into app_private.email_queue (kind, to_email, dedupe_key, status, next_attempt_at)
       values ('play-reminder', 't01@example.com', 'play-reminder:bounce-test', 'failed', now() - interval '2 days')`,
    )
    c = await card()
    expect(c.progress).toMatchObject({ counting: 12, missing: 0 })
    expect(c.testers.find((t) => t.email === 't01@example.com')).toMatchObject({ leftBecause: 'bounced' })
    // t02 leaves today: 11 in, one missing, no date.
    await answer('t02@example.com', 'left', 0)
    c = await card()
    expect(c.progress).toMatchObject({ counting: 11, missing: 1, requiredSince: null, applyOn: null, reached: false })

    // The nudge: t15 (never answered) only; the iPhone tester is not an Android tester.
    const nudge = await app.request('/admin/api/play-testing/nudge', asOwner(cookie, { method: 'POST' }))
    expect(await nudge.json()).toEqual({ queued: 1 })
    const again = await app.request('/admin/api/play-testing/nudge', asOwner(cookie, { method: 'POST' }))
    expect(await again.json()).toEqual({ queued: 0 })
    await drain()
    const reminders = (await sent()).filter((r) => r.subject.startsWith('A reminder'))
    expect(reminders.map((r) => r.to)).toEqual(['t15@example.com'])
    expect(reminders[0]!.text).toContain(`http://localhost/beta/android?token=${(await tokens('t15@example.com')).i}`)
    const log = await db.query<{ action: string; detail: { count: number } }>(
      `select action, detail from app_private.owner_audit where action = 'play.nudge' order by id`,
    )
    expect(log.rows.map((r) => r.detail.count)).toEqual([1, 0])
  })

  test("the card and the nudge need a session and the console's origin", async () => {
    const { app } = await setUp()
    expect((await app.request('/admin/api/play-testing')).status).toBe(401)
    const anonymous = { method: 'POST', headers: { origin: 'http://localhost' } }
    expect((await app.request('/admin/api/play-testing/nudge', anonymous)).status).toBe(401)
    expect(await db.query(`select 1 from app_private.email_queue`)).toMatchObject({ rows: [] })
    const cookie = await signIn(app, db)
    const noOrigin = await app.request(
      '/admin/api/play-testing/nudge',
      asOwner(cookie, { method: 'POST', origin: null }),
    )
    expect(noOrigin.status).toBe(403)
    const empty = PlayTestingSummary.parse(await (await app.request('/admin/api/play-testing', asOwner(cookie))).json())
    expect(empty).toMatchObject({ androidInvited: 0, testers: [], progress: { counting: 0, missing: 12 } })
  })
})
