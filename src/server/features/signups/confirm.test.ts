import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { createOutboxTransport } from '../../mail-transports/outbox.ts'
import { createEmailQueue, type EmailQueue } from '../../../mail-core/queue.ts'
import { anonJson, count, DB_KINDS, silentLogger, testApp, testDb, truncateAll } from '../../test-app.ts'
import { confirmSignupSubject } from '../../../emails/confirm-signup.tsx'
import { welcomeSubject } from '../../../emails/welcome.tsx'
import { DEFAULT_LOCALE, LOCALES, SERVER_PAGE_TEXTS } from '../../../shared/content.ts'
import { localeRoot } from '../../../shared/locales.ts'
import { readPage } from '../../../../test/support/server-page-text.ts'

const PAGES = SERVER_PAGE_TEXTS[DEFAULT_LOCALE]

const queueConfig = {
  EMAIL_FROM: 'Beta Team <hello@localhost>',
  PUBLIC_URL: 'http://localhost:3000',
  EMAIL_POLL_INTERVAL_MS: 60_000,
  EMAIL_MAX_ATTEMPTS: 3,
  EMAIL_RETRY_BASE_MS: 10,
  EMAIL_RETRY_MAX_MS: 100,
  EMAIL_LEASE_MS: 60_000,
}

describe.each(DB_KINDS)('double opt-in (SIGNUP_CONFIRMATION) on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let outbox: string
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateAll(db)
    outbox = await mkdtemp(join(tmpdir(), 'outbox-'))
    return () => rm(outbox, { recursive: true, force: true })
  })

  /** The app and a worker, both with the setting; the worker runs when asked (runOnce). */
  const setUp = (on: boolean) => {
    const queue: EmailQueue = createEmailQueue({
      db,
      transport: createOutboxTransport({ dir: outbox }),
      logger: silentLogger,
      config: { ...queueConfig, SIGNUP_CONFIRMATION: on },
    })
    const app = testApp(db, { config: { SIGNUP_CONFIRMATION: on } })
    return {
      queue,
      signUp: (email: string) => app.request('/rest/v1/beta_signups', anonJson({ email })),
      resend: (email: string) => app.request('/functions/v1/resend-email', anonJson({ email })),
      page: (method: 'GET' | 'POST', token: string) =>
        app.request(`/confirm?token=${encodeURIComponent(token)}`, { method }),
    }
  }
  const emails = async () => {
    const files = (await readdir(outbox)).filter((f) => f.endsWith('.json')).sort()
    return Promise.all(
      files.map(
        async (f) =>
          JSON.parse(await readFile(join(outbox, f), 'utf8')) as { to: string; subject: string; text: string },
      ),
    )
  }
  const signup = async () =>
    (
      await db.query<{ token: string; confirmed: boolean }>(
        'select unsubscribe_token::text as token, confirmed_at is not null as confirmed from public.beta_signups',
      )
    ).rows

  test('the first email asks to confirm; a GET of its link changes nothing; the POST confirms and the welcome email follows', async () => {
    const { queue, signUp, resend, page } = setUp(true)
    expect((await signUp('Ada+beta@example.com')).status).toBe(201)
    const answer = await resend('ada+beta@example.com')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ queued: true })
    await queue.runOnce()
    const [row] = await signup()
    expect(row!.confirmed).toBe(false)
    let sent = await emails()
    expect(sent.map((e) => e.subject)).toEqual([confirmSignupSubject()])
    expect(sent[0]!.to).toBe('Ada+beta@example.com')
    expect(sent[0]!.text).toContain(`http://localhost:3000/confirm?token=${row!.token}`)
    expect(sent[0]!.text).toContain(`http://localhost:3000/unsubscribe?token=${row!.token}`)

    // Calling resend-email again, or a mail scanner fetching the link, sends and changes nothing.
    await resend('ada@example.com')
    const shown = await page('GET', row!.token)
    expect(shown.status).toBe(200)
    const html = await shown.text()
    expect(html).toContain(`<form action="/confirm?token=${row!.token}" method="post">`)
    expect(html).toContain(`<button type="submit">${PAGES.confirmButton}</button>`)
    expect(html).not.toMatch(/<script/)
    await queue.runOnce()
    expect((await signup())[0]!.confirmed).toBe(false)
    expect(await emails()).toHaveLength(1)

    const confirmed = await page('POST', row!.token)
    expect(confirmed.status).toBe(200)
    expect(await confirmed.text()).toContain(PAGES.confirmedHeading)
    expect((await signup())[0]!.confirmed).toBe(true)
    await queue.runOnce()
    sent = await emails()
    expect(sent.map((e) => e.subject).sort()).toEqual([confirmSignupSubject(), welcomeSubject()])

    // Confirming twice, and resend-email after it, send nothing more.
    expect((await page('POST', row!.token)).status).toBe(200)
    await resend('ada+beta@example.com')
    await queue.runOnce()
    expect(await emails()).toHaveLength(2)
  })

  test("both pages speak the sign-up's language, and lead home to its page; without one, the default's", async () => {
    const { page, signUp } = setUp(true)
    for (const locale of [...LOCALES, null]) {
      const l = locale ?? DEFAULT_LOCALE
      const t = SERVER_PAGE_TEXTS[l]
      await truncateAll(db)
      await signUp('ada@example.com')
      await db.query('update public.beta_signups set locale = $1', [locale])
      const [row] = await signup()
      const ask = readPage(await (await page('GET', row!.token)).text())
      expect(ask.lang).toBe(l)
      expect(ask.text).toContain(t.confirmHeading)
      expect(ask.text).toContain(t.confirmButton)
      expect(ask.links).toContain(localeRoot(l))
      const done = readPage(await (await page('POST', row!.token)).text())
      expect(done.lang).toBe(l)
      expect(done.text).toContain(t.confirmedHeading)
      expect(done.text).toContain(t.backHome)
      expect(done.links).toEqual([localeRoot(l), localeRoot(l)])
    }
  })

  test('an unknown or malformed token gets the usual 404 page and changes nothing', async () => {
    const { page, signUp } = setUp(true)
    await signUp('ada@example.com')
    for (const t of ['00000000-0000-4000-8000-000000000000', 'nonsense', '']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await page(method, t)
        expect(res.status).toBe(404)
        expect(await res.text()).toContain(PAGES.linkNotValidHeading)
      }
    }
    expect((await signup())[0]!.confirmed).toBe(false)
    expect(await count(db, 'app_private.email_queue')).toBe(0)
  })

  test('the worker deletes sign-ups left unconfirmed 7 days after their request went out, with the request, and nothing else', async () => {
    const { queue, signUp, resend } = setUp(true)
    for (const email of ['old@example.com', 'fresh@example.com', 'kept@example.com']) {
      await signUp(email)
      await resend(email)
    }
    await queue.runOnce()
    await db.query("update public.beta_signups set confirmed_at = now() where email = 'kept@example.com'")
    await db.query(
      "update public.beta_signups set created_at = now() - interval '8 days' where email in ('old@example.com', 'kept@example.com')",
    )
    await db.query(
      "update app_private.email_queue set sent_at = now() - interval '8 days' where to_email in ('old@example.com', 'kept@example.com')",
    )
    expect(await count(db, 'app_private.email_queue')).toBe(3)

    // With the setting off, the worker deletes nothing.
    await setUp(false).queue.runOnce()
    expect(await count(db, 'public.beta_signups')).toBe(3)

    await queue.runOnce()
    const left = await db.query<{ email: string }>('select email from public.beta_signups order by email')
    expect(left.rows.map((r) => r.email)).toEqual(['fresh@example.com', 'kept@example.com'])
    const queued = await db.query<{ to_email: string }>(
      'select to_email from app_private.email_queue order by to_email',
    )
    expect(queued.rows.map((r) => r.to_email)).toEqual(['fresh@example.com', 'kept@example.com'])

    // The expired mailbox can sign up again and gets a new confirmation request.
    await signUp('old@example.com')
    await resend('old@example.com')
    await queue.runOnce()
    expect((await emails()).filter((e) => e.to === 'old@example.com')).toHaveLength(2)
  })

  test('a throttled queue deletes nobody before they could confirm: the 7 days count from when the request went out', async () => {
    const { queue, signUp, resend } = setUp(true)
    await signUp('late@example.com')
    await resend('late@example.com')
    // Signed up 8 days ago, and the request still waits in the queue (behind a spent budget).
    await db.query("update public.beta_signups set created_at = now() - interval '8 days'")
    await db.query("update app_private.email_queue set next_attempt_at = now() + interval '1 hour'")
    await queue.runOnce()
    expect(await count(db, 'public.beta_signups')).toBe(1)
    // It went out 2 days ago: 5 days left to confirm.
    await db.query(
      "update app_private.email_queue set status = 'sent', sent_at = now() - interval '2 days', next_attempt_at = now()",
    )
    await queue.runOnce()
    expect(await count(db, 'public.beta_signups')).toBe(1)
    // It went out 8 days ago: now the sign-up and its request go.
    await db.query("update app_private.email_queue set sent_at = now() - interval '8 days'")
    await queue.runOnce()
    expect(await count(db, 'public.beta_signups')).toBe(0)
    expect(await count(db, 'app_private.email_queue')).toBe(0)
  })

  test('an idle worker with the setting on still makes one statement pair per poll interval: the clean-up rides on the claim', async () => {
    const statements: string[] = []
    const watched: Db = { ...db, query: (sql, params) => (statements.push(sql), db.query(sql, params)) }
    const POLL_MS = 200
    const queue = createEmailQueue({
      db: watched,
      transport: createOutboxTransport({ dir: outbox }),
      logger: silentLogger,
      config: { ...queueConfig, EMAIL_POLL_INTERVAL_MS: POLL_MS, SIGNUP_CONFIRMATION: true },
    })
    queue.start()
    await new Promise((r) => setTimeout(r, 1_500))
    await queue.stop()
    const claims = statements.filter(
      (s) => /delete from public\.beta_signups/.test(s) && /update app_private\.email_queue q/.test(s),
    )
    expect(claims.length).toBeGreaterThanOrEqual(2)
    expect(claims.length).toBeLessThanOrEqual(1_500 / POLL_MS + 2)
    expect(statements.length).toBeLessThanOrEqual(2 * (1_500 / POLL_MS + 2))
  })

  test('with the setting off (the default) the welcome email comes at once and the sign-up counts as confirmed', async () => {
    const { queue, signUp, resend } = setUp(false)
    await signUp('bo@example.com')
    await resend('bo@example.com')
    await queue.runOnce()
    expect((await emails()).map((e) => e.subject)).toEqual([welcomeSubject()])
    expect((await signup())[0]!.confirmed).toBe(true)
  })
})
