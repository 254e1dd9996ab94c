import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { inviteSignups } from '../invitations/queries.ts'
import type { OutgoingEmail } from '../../../mail-core/transport.ts'
import { createEmailQueue } from '../../../mail-core/queue.ts'
import { asOwner, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { DB_KINDS, silentLogger, testDb } from '../../test-app.ts'
import { DEFAULT_LOCALE, EMAIL_TEXTS, LOCALES, TESTER_MESSAGE_TEXTS, type Locale } from '../../../shared/content.ts'
import { bodyAsText, parseBody } from '../../../shared/plain-text-body.ts'
import { languageName, TRANSLATED_LOCALES } from '../../../shared/tester-messages.ts'
import { audienceCounts, audienceMembers, listTesterMessages, sendTesterMessage, type NewMessage } from './queries.ts'

// Messages to a group. Counts and recipients exact (suppressed, bounced,
// unsubscribed and unconfirmed left out), exactly once per person per message, paced, and the
// nudge carries each person's own store link, whose opening is recorded.

const IOS = 'https://testflight.apple.com/join/AbCdEf12'
const ANDROID = 'https://play.google.com/apps/testing/com.example.app'
const STORES = { ios: true, android: true }
const QUEUE_CONFIG = {
  EMAIL_FROM: 'Beta Team <hello@localhost>',
  PUBLIC_URL: 'http://localhost',
  EMAIL_POLL_INTERVAL_MS: 1000,
  EMAIL_MAX_ATTEMPTS: 3,
  EMAIL_RETRY_BASE_MS: 1,
  EMAIL_RETRY_MAX_MS: 5,
  EMAIL_LEASE_MS: 60_000,
}

const message = (over: Partial<NewMessage> = {}): NewMessage => ({
  requestId: randomUUID(),
  audience: 'everyone',
  subject: 'Hello testers',
  body: 'Hi,\n\nThanks for testing.',
  storeLinks: false,
  actor: 'owner@example.com',
  intervalMs: 0,
  ...over,
})

// Another founder's site, whose languages are not in alphabetical order (the demo's are): its
// default first, then two others in reverse order of their codes (French, then German, unless
// one of them is the default), as its language switch and composer show them.
const OTHER_SITE_ORDER = [DEFAULT_LOCALE, ...['fr', 'de', 'ca'].filter((l) => l !== DEFAULT_LOCALE).slice(0, 2)]

describe.each(DB_KINDS)('the sent list on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())

  test("names a message's languages in the site's order, not by name or code", async () => {
    const others = OTHER_SITE_ORDER.slice(1)
    // The fixture is the point: its order must differ from the alphabetical one.
    expect([...others].sort()).not.toEqual(others)
    // Sent in reverse, so that neither the order of keys given nor jsonb's own makes it pass.
    const translations = Object.fromEntries(
      [...others].reverse().map((l) => [l, { subject: `Subject ${l}`, body: `Body ${l}` }]),
    ) as NewMessage['translations']
    await sendTesterMessage(db, message({ translations }))
    const [sent] = await listTesterMessages(db, 50, OTHER_SITE_ORDER)
    expect(sent!.languages).toEqual(OTHER_SITE_ORDER)
  })
})

describe.each(DB_KINDS)('messages to a group on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())

  // 20 confirmed sign-ups p1..p20 (platforms cycle ios, android, unknown), the oldest 12 invited,
  // of whom p1..p4 opened; plus one unconfirmed (double opt-in pending), one suppressed after a
  // bounce (still on the list) and one unsubscribed.
  beforeEach(async () => {
    await truncateOwner(db)
    await db.query(
      `insert into public.beta_signups (email, platform, created_at, confirmed_at)
       select 'p' || i || '@example.com', (array['ios', 'android', 'unknown'])[(i - 1) % 3 + 1],
         now() - make_interval(mins => 100 - i), now()
       from generate_series(1, 20) i`,
    )
    const ids = (
      await db.query<{ id: string }>(`select id::text as id from public.beta_signups order by created_at limit 12`)
    ).rows
    await inviteSignups(db, { ids: ids.map((r) => r.id), stores: STORES, intervalMs: 0 })
    await db.query(
      `update public.beta_signups set opened_at = now() where email in ('p1@example.com', 'p2@example.com', 'p3@example.com', 'p4@example.com')`,
    )
    await db.query(`insert into public.beta_signups (email, platform) values ('unconfirmed@example.com', 'ios')`)
    await db.query(
      `insert into public.beta_signups (email, platform, confirmed_at) values ('Bounced@Example.com', 'ios', now())`,
    )
    // As a bounce or complaint adds it (through the one function that does): the mailbox
    // is suppressed while its sign-up stays.
    await db.query(`select app_private.suppress_mailbox('bounced@example.com', 'bounced')`)
    await db.query(
      `insert into public.beta_signups (email, platform, confirmed_at) values ('leaving@example.com', 'android', now())`,
    )
    const t = await db.query<{ t: string }>(
      `select unsubscribe_token::text as t from public.beta_signups where email = 'leaving@example.com'`,
    )
    await db.query('select app_private.unsubscribe($1::uuid)', [t.rows[0]!.t])
    await db.query(`delete from app_private.email_queue`)
  })

  const emails = (n: number[]) => n.map((i) => `p${i}@example.com`)
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i)

  test('each group’s count and members are exact, leaving out unconfirmed, suppressed and unsubscribed mailboxes', async () => {
    expect(await audienceCounts(db)).toEqual({
      'invited-not-opened': 8,
      opened: 4,
      waiting: 8,
      ios: 7,
      android: 7,
      unknown: 6,
      everyone: 20,
    })
    const members = async (a: Parameters<typeof audienceMembers>[1]) =>
      (await audienceMembers(db, a)).map((m) => m.email)
    expect(await members('invited-not-opened')).toEqual(emails(range(5, 12)))
    expect(await members('opened')).toEqual(emails([1, 2, 3, 4]))
    expect(await members('waiting')).toEqual(emails(range(13, 20)))
    expect(await members('ios')).toEqual(emails([1, 4, 7, 10, 13, 16, 19]))
    expect(await members('android')).toEqual(emails([2, 5, 8, 11, 14, 17, 20]))
    expect(await members('unknown')).toEqual(emails([3, 6, 9, 12, 15, 18]))
    expect(await members('everyone')).toEqual(emails(range(1, 20)))
  })

  test('a send queues one email per member, paced, and the counts match what was queued', async () => {
    const r = await sendTesterMessage(db, message({ audience: 'ios', intervalMs: 1000 }))
    expect(r).toMatchObject({ created: true, recipients: 7 })
    const q = await db.query<{ to_email: string; dedupe_key: string; at: string | number }>(
      `select to_email, dedupe_key, extract(epoch from next_attempt_at) * 1000 as at
       from app_private.email_queue where kind = 'message' order by next_attempt_at`,
    )
    expect(q.rows.map((x) => x.to_email)).toEqual(emails([1, 4, 7, 10, 13, 16, 19]))
    expect(new Set(q.rows.map((x) => x.dedupe_key)).size).toBe(7)
    for (const row of q.rows) expect(row.dedupe_key).toMatch(new RegExp(`^message:${r.id}:\\d+$`))
    const gaps = q.rows.slice(1).map((x, i) => Number(x.at) - Number(q.rows[i]!.at))
    for (const gap of gaps) expect(gap).toBeCloseTo(1000, -1)
    // A second message starts one pace after the last email of the first.
    const second = await sendTesterMessage(db, message({ audience: 'android', subject: 'Other', intervalMs: 1000 }))
    const first = await db.query<{ at: string | number }>(
      `select extract(epoch from min(next_attempt_at)) * 1000 as at from app_private.email_queue
       where kind = 'message' and (payload ->> 'messageId')::bigint = $1`,
      [second.id],
    )
    expect(Number(first.rows[0]!.at) - Number(q.rows.at(-1)!.at)).toBeCloseTo(1000, -1)
  })

  test('exactly once per person: a double click (same request) and two consoles (same text) make one message', async () => {
    const one = message({ audience: 'invited-not-opened' })
    const results = await Promise.all([
      sendTesterMessage(db, one),
      sendTesterMessage(db, one),
      sendTesterMessage(db, { ...one, requestId: randomUUID() }),
    ])
    expect(results.filter((r) => r.created)).toHaveLength(1)
    expect(new Set(results.map((r) => r.id)).size).toBe(1)
    expect(results.map((r) => (r.created ? 'created' : r.reason)).sort()).toEqual([
      'created',
      'same-request',
      'same-text',
    ])
    const q = await db.query<{ to_email: string }>(
      `select to_email from app_private.email_queue where kind = 'message' order by to_email`,
    )
    expect(q.rows.map((x) => x.to_email).sort()).toEqual(emails(range(5, 12)).sort())
    expect(
      Number(
        (await db.query<{ n: string | number }>('select count(*) as n from app_private.group_messages')).rows[0]!.n,
      ),
    ).toBe(1)
    // A different text to the same group is a new message, once per person too.
    const other = await sendTesterMessage(db, message({ audience: 'invited-not-opened', subject: 'Again' }))
    expect(other).toMatchObject({ created: true, recipients: 8 })
    const audit = await db.query<{ action: string; detail: Record<string, unknown> }>(
      `select action, detail from app_private.owner_audit where action = 'messages.send' order by id`,
    )
    expect(audit.rows.map((a) => a.detail)).toEqual([
      { id: results.find((r) => r.created)!.id, audience: 'invited-not-opened', recipients: 8 },
      { id: other.id, audience: 'invited-not-opened', recipients: 8 },
    ])
  })

  test('the nudge carries each person’s own store link and feedback link; opening the link is recorded', async () => {
    const app = await ownerApp(db, { BETA_IOS_URL: IOS, BETA_ANDROID_URL: ANDROID })
    const sent: OutgoingEmail[] = []
    const queue = createEmailQueue({
      db,
      transport: { name: 'test', send: async (e) => (sent.push(e), { ok: true, id: e.id }), close: async () => {} },
      logger: silentLogger,
      config: QUEUE_CONFIG,
    })
    await sendTesterMessage(
      db,
      message({ audience: 'invited-not-opened', storeLinks: true, subject: 'Your invitation is waiting' }),
    )
    await queue.runOnce()
    expect(sent.map((e) => e.to).sort()).toEqual(emails(range(5, 12)).sort())
    const tokens = await db.query<{ email: string; invite: string; feedback: string; unsub: string; links: string }>(
      `select email, invite_token::text as invite, feedback_token::text as feedback, unsubscribe_token::text as unsub,
         invitation_links as links from public.beta_signups where status = 'invited'`,
    )
    for (const e of sent) {
      const t = tokens.rows.find((r) => r.email === e.to)!
      expect(e.subject).toBe('Your invitation is waiting')
      expect(e.headers?.['List-Unsubscribe']).toBe(`<http://localhost/unsubscribe?token=${t.unsub}>`)
      expect(e.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
      expect(e.html).toContain(`http://localhost/beta/feedback?token=${t.feedback}`)
      expect(e.text).toContain(`http://localhost/beta/feedback?token=${t.feedback}`)
      for (const p of ['ios', 'android'] as const) {
        const own = `http://localhost/beta/${p}?token=${t.invite}`
        if (t.links === p || t.links === 'both') expect(e.html).toContain(own)
        else expect(e.html).not.toContain(`/beta/${p}?`)
      }
      // Nobody else's tokens.
      for (const other of tokens.rows.filter((r) => r.email !== e.to)) expect(e.html).not.toContain(other.invite)
    }
    // p5 (Android) follows their link: the opening is recorded, and the group shrinks by one.
    const p5 = sent.find((e) => e.to === 'p5@example.com')!
    const link = /http:\/\/localhost(\/beta\/android\?token=[0-9a-f-]+)/.exec(p5.html)![1]!
    const res = await app.request(link)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(ANDROID)
    const opened = await db.query(
      `select 1 from public.beta_signups where email = 'p5@example.com' and opened_at is not null`,
    )
    expect(opened.rows).toHaveLength(1)
    expect((await audienceCounts(db))['invited-not-opened']).toBe(7)
  })

  test('a text per language: each tester gets their language’s text and frame; without one, the default language’s', async () => {
    const sent: OutgoingEmail[] = []
    const queue = createEmailQueue({
      db,
      transport: { name: 'test', send: async (e) => (sent.push(e), { ok: true, id: e.id }), close: async () => {} },
      logger: silentLogger,
      config: QUEUE_CONFIG,
    })
    // The opened group, p1..p4: p1 signed up on the default language's page, p2 on the last
    // language's (the demo: English and German), p3 sent no language, p4 one the site does not serve.
    const other = LOCALES.at(-1)!
    const stored: Record<string, string | null> = { p1: DEFAULT_LOCALE, p2: other, p3: null, p4: 'zz' }
    for (const [p, locale] of Object.entries(stored))
      await db.query(`update public.beta_signups set locale = $1 where email = $2`, [locale, `${p}@example.com`])
    // The starting texts of each language, from the content.
    const text = (l: Locale) => ({
      subject: TESTER_MESSAGE_TEXTS[l]['new-build'].subject,
      body: TESTER_MESSAGE_TEXTS[l]['new-build'].body,
    })
    const translations = Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, text(l)]))
    const perLanguage = await sendTesterMessage(
      db,
      message({ audience: 'opened', ...text(DEFAULT_LOCALE), translations }),
    )
    await queue.runOnce()
    const expectEmail = (to: string, locale: Locale, words: { subject: string; body: string }) => {
      const e = sent.find((x) => x.to === to)
      expect(e, to).toBeDefined()
      expect(e!.subject, to).toBe(words.subject)
      expect(e!.html, to).toMatch(new RegExp(`<html [^>]*lang="${locale}"`))
      expect(e!.text, to).toContain(bodyAsText(parseBody(words.body)))
      expect(e!.text, to).toContain(EMAIL_TEXTS[locale].testerMessage.footer)
      expect(e!.text, to).toContain(EMAIL_TEXTS[locale].common.leaveIntro)
    }
    expect(sent).toHaveLength(4)
    expectEmail('p1@example.com', DEFAULT_LOCALE, text(DEFAULT_LOCALE))
    expectEmail('p2@example.com', other, text(other))
    expectEmail('p3@example.com', DEFAULT_LOCALE, text(DEFAULT_LOCALE))
    expectEmail('p4@example.com', DEFAULT_LOCALE, text(DEFAULT_LOCALE))
    // One text for everyone: everyone gets it, in the default language's frame.
    sent.length = 0
    const one = await sendTesterMessage(db, message({ audience: 'opened', ...text(DEFAULT_LOCALE) }))
    expect(one.id).not.toBe(perLanguage.id)
    await queue.runOnce()
    expect(sent).toHaveLength(4)
    for (const p of Object.keys(stored)) expectEmail(`${p}@example.com`, DEFAULT_LOCALE, text(DEFAULT_LOCALE))
  })

  test('the body is escaped and only http(s) links become links', async () => {
    const sent: OutgoingEmail[] = []
    const queue = createEmailQueue({
      db,
      transport: { name: 'test', send: async (e) => (sent.push(e), { ok: true, id: e.id }), close: async () => {} },
      logger: silentLogger,
      config: QUEUE_CONFIG,
    })
    await sendTesterMessage(
      db,
      message({
        audience: 'opened',
        body: '<img src=x onerror=alert(1)> [notes](https://example.com/n) [bad](javascript:alert(1))',
      }),
    )
    await queue.runOnce()
    const html = sent[0]!.html
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('href="https://example.com/n"')
    expect(html).not.toContain('href="javascript:')
    expect(sent[0]!.text).toContain('notes: https://example.com/n')
  })

  test('the console API: counts, a send, its repeat, the list with counts, and bad input as a 4xx', async () => {
    const app = await ownerApp(db, { BETA_IOS_URL: IOS, INVITATION_INTERVAL_MS: 0 })
    const cookie = await signIn(app, db)
    const overview = await (await app.request('/admin/api/tester-messages', asOwner(cookie))).json()
    expect(overview.audiences.everyone).toBe(20)
    expect(overview.stores).toEqual({ ios: true, android: false })
    const body = {
      requestId: randomUUID(),
      audience: 'opened',
      subject: 'New build',
      body: 'Try it.',
      storeLinks: false,
    }
    const post = () => app.request('/admin/api/tester-messages', asOwner(cookie, { method: 'POST', body }))
    const first = await post()
    expect(first.status).toBe(201)
    const again = await post()
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ created: false, recipients: 4 })
    const list = await (await app.request('/admin/api/tester-messages', asOwner(cookie))).json()
    expect(list.messages).toEqual([
      expect.objectContaining({
        audience: 'opened',
        subject: 'New build',
        recipients: 4,
        queued: 4,
        sent: 0,
        failed: 0,
      }),
    ])
    for (const bad of [
      { ...body, requestId: 'nope' },
      { ...body, audience: 'friends' },
      { ...body, subject: '' },
      { ...body, subject: 'two\nlines' },
      { ...body, body: 'x'.repeat(10_001) },
      { ...body, extra: 1 },
      'not json',
    ]) {
      const res = await app.request('/admin/api/tester-messages', asOwner(cookie, { method: 'POST', body: bad }))
      expect(res.status, JSON.stringify(bad).slice(0, 60)).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(Object.keys(await res.json()).sort()).toEqual(['code', 'details', 'hint', 'message'])
    }
  })

  test('a per-language message needs every other language’s subject and body: a 400 naming what is missing, nothing stored', async () => {
    const app = await ownerApp(db, { INVITATION_INTERVAL_MS: 0 })
    const cookie = await signIn(app, db)
    const body = {
      requestId: randomUUID(),
      audience: 'opened',
      subject: 'New build',
      body: 'Try it.',
      storeLinks: false,
    }
    const post = (b: unknown) => app.request('/admin/api/tester-messages', asOwner(cookie, { method: 'POST', body: b }))
    const full = Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, { subject: `Subject ${l}`, body: `Body ${l}` }]))
    const refusals: [unknown, string][] = [
      [{ ...body, translations: 'de' }, 'translations must be an object of texts by language.'],
      [{ ...body, translations: { ...full, xx: { subject: 'a', body: 'b' } } }, 'The site has no other language xx'],
      [
        { ...body, translations: { ...full, [DEFAULT_LOCALE]: { subject: 'a', body: 'b' } } },
        `no other language ${DEFAULT_LOCALE}`,
      ],
    ]
    for (const l of TRANSLATED_LOCALES) {
      const name = languageName(l)
      const { [l]: _left, ...without } = full
      refusals.push(
        [{ ...body, translations: without }, `The text in ${name} (${l}) is missing`],
        [{ ...body, translations: { ...full, [l]: { subject: ' ', body: 'b' } } }, `Write the subject in ${name}.`],
        [{ ...body, translations: { ...full, [l]: { subject: 'a' } } }, `Write the message in ${name}.`],
        [
          { ...body, translations: { ...full, [l]: { subject: 'a\nb', body: 'b' } } },
          `The subject in ${name} must be one line of text.`,
        ],
        [
          { ...body, translations: { ...full, [l]: { subject: 'a', body: 'x'.repeat(10_001) } } },
          `The message in ${name} must be at most`,
        ],
        [
          { ...body, translations: { ...full, [l]: { subject: 'a', body: 'b', extra: 1 } } },
          `The text in ${name} (${l}) must be an object`,
        ],
      )
    }
    for (const [bad, words] of refusals) {
      const res = await post(bad)
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(400)
      const error = await res.json()
      expect(Object.keys(error).sort()).toEqual(['code', 'details', 'hint', 'message'])
      expect(error.message).toContain(words)
    }
    const stored = await db.query('select 1 from app_private.group_messages')
    expect(stored.rows).toEqual([])
    // Complete, it is sent, and the row keeps every text as sent.
    const ok = await post({ ...body, translations: full })
    expect(ok.status).toBe(201)
    const row = await db.query<{ subject: string; body: string; translations: unknown }>(
      'select subject, body, translations from app_private.group_messages',
    )
    expect(row.rows).toEqual([
      { subject: 'New build', body: 'Try it.', translations: TRANSLATED_LOCALES.length ? full : {} },
    ])
    // From a second console (a new request id), the same texts are the same message; one text
    // for everyone with the same default text, or another translation, is a new one.
    const twice = await post({ ...body, requestId: randomUUID(), translations: full })
    expect(twice.status).toBe(200)
    expect(await twice.json()).toMatchObject({ created: false })
    expect((await post({ ...body, requestId: randomUUID() })).status).toBe(201)
    for (const l of TRANSLATED_LOCALES) {
      const other = { ...full, [l]: { subject: `Other ${l}`, body: `Body ${l}` } }
      expect((await post({ ...body, requestId: randomUUID(), translations: other })).status).toBe(201)
    }
    const list = await (await app.request('/admin/api/tester-messages', asOwner(cookie))).json()
    expect(list.messages.at(-1).languages).toEqual(
      TRANSLATED_LOCALES.length ? [DEFAULT_LOCALE, ...TRANSLATED_LOCALES] : [DEFAULT_LOCALE],
    )
  })
})
