import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { enqueueWelcomeEmail } from '../../../mail-core/signup-emails.ts'
import { createEmailQueue } from '../../../mail-core/queue.ts'
import type { OutgoingEmail, Transport } from '../../mail-transports/transport.ts'
import { anonJson, count, DB_KINDS, fromAddress, silentLogger, testDb } from '../../test-app.ts'
import { syncOwnerEmails } from '../owner-auth/owners.ts'
import { asOwner, ORIGIN, OWNER, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { DEFAULT_LOCALE, EMAIL_TEXTS } from '../../../shared/content.ts'
import { fill } from '../../../shared/content-types.ts'
import { subjectLabel } from '../../../emails/contact-owner.tsx'
import { contactOwnerSummary } from '../../../emails/contact-owner-summary.kind.ts'

const OWNER_TEXTS = EMAIL_TEXTS[DEFAULT_LOCALE]

// Strangers could flood the owner's inbox and spend the provider's quota.
// Decisions: docs/decisions/owner-console.md, "Owner notifications".

const queueConfig = {
  EMAIL_FROM: 'Beta Team <hello@localhost>',
  PUBLIC_URL: 'https://launch.example',
  EMAIL_POLL_INTERVAL_MS: 20,
  EMAIL_MAX_ATTEMPTS: 3,
  EMAIL_RETRY_BASE_MS: 60_000,
  EMAIL_RETRY_MAX_MS: 60_000,
  EMAIL_LEASE_MS: 60_000,
}

/** A provider that accepts `quota` emails, then answers every send with a retryable refusal. */
function providerWithQuota(quota: number): Transport & { sent: OutgoingEmail[] } {
  const sent: OutgoingEmail[] = []
  return {
    name: 'quota',
    sent,
    async send(email) {
      if (sent.length >= quota) return { ok: false, retryable: true, error: 'daily quota used up' }
      sent.push(email)
      return { ok: true, id: `q-${sent.length}` }
    },
    async close() {},
  }
}

const sendDue = (db: Db, transport: Transport) =>
  createEmailQueue({ db, transport, logger: silentLogger, config: queueConfig }).runOnce()

const message = (i: number) => ({
  name: `Sender ${i}`,
  email: `sender${i}@example.com`,
  subject: 'other',
  message: `Message number ${i}`,
})

async function kinds(db: Db): Promise<Record<string, number>> {
  const r = await db.query<{ kind: string; n: number }>(
    'select kind, count(*)::int as n from app_private.email_queue group by kind',
  )
  return Object.fromEntries(r.rows.map((x) => [x.kind, Number(x.n)]))
}

/** "<count> more messages are waiting in the console", in the content's words. */
const waitingText = (count: number) =>
  fill(OWNER_TEXTS.contactOwnerSummary.waiting, {
    what: fill(OWNER_TEXTS.contactOwnerSummary.messages, { count: String(count) }),
  })

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe.each(DB_KINDS)('the owner’s inbox under a flood on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateOwner(db)
    await db.exec('truncate app_private.owner_notify_counts')
  })

  test('past OWNER_NOTIFY_MAX_PER_HOUR, messages are stored and shown, and one summary goes out when the hour ends', async () => {
    await syncOwnerEmails(db, [OWNER], 3)
    const app = await ownerApp(db)
    for (let i = 0; i < 8; i++) {
      const res = await app.request('/rest/v1/contact_messages', anonJson(message(i)), fromAddress(`192.0.2.${i}`))
      expect(res.status).toBe(201)
    }
    expect(await kinds(db)).toEqual({ 'contact-owner': 3, 'contact-owner-summary': 1 })
    // Queued with the facts only: the worker reads the hour's counts when it claims it.
    const summary = await db.query<{ payload: unknown; due_in_hour: boolean }>(
      `select payload, next_attempt_at = date_trunc('hour', now(), 'UTC') + interval '1 hour' as due_in_hour
       from app_private.email_queue where kind = 'contact-owner-summary'`,
    )
    expect(summary.rows).toEqual([{ payload: null, due_in_hour: true }])
    // Every message is in the console.
    const cookie = await signIn(app, db)
    const inbox = await (await app.request('/admin/api/inbox?filter=all', asOwner(cookie))).json()
    expect(inbox.counts).toMatchObject({ all: 8, new: 8 })

    const provider = providerWithQuota(100)
    expect(await sendDue(db, provider)).toBe(3)
    const topic = fill(OWNER_TEXTS.contactOwner.subject, { topic: subjectLabel('other') }).split('{time}')[0]!
    expect(provider.sent.map((e) => e.subject).every((s) => s.startsWith(topic))).toBe(true)
    // The hour ends (its summary's time is moved to now): one summary, with the words.
    await db.query("update app_private.email_queue set next_attempt_at = now() where kind = 'contact-owner-summary'")
    expect(await sendDue(db, provider)).toBe(1)
    const last = provider.sent.at(-1)!
    expect(last.to).toBe(OWNER)
    // "5 more messages are waiting in the console", in the content's words.
    const waiting = waitingText(5)
    expect(last.text).toContain(waiting)
    expect(last.subject).toContain(waiting)
    // Exactly once.
    expect(await sendDue(db, provider)).toBe(0)
    expect(provider.sent).toHaveLength(4)
  })

  test('the cap holds under concurrent messages', async () => {
    await syncOwnerEmails(db, [OWNER], 3)
    const app = await ownerApp(db)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.request('/rest/v1/contact_messages', anonJson(message(i)), fromAddress(`198.51.100.${i}`)),
      ),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201))
    expect(await count(db, 'public.contact_messages')).toBe(20)
    expect(await kinds(db)).toEqual({ 'contact-owner': 3, 'contact-owner-summary': 1 })
    // The summary counts all 17 past the cap.
    await db.query("update app_private.email_queue set next_attempt_at = now() where kind = 'contact-owner-summary'")
    const provider = providerWithQuota(100)
    expect(await sendDue(db, provider)).toBe(4)
    expect(provider.sent.at(-1)!.text).toContain(waitingText(17))
  })

  test('a summary queued with its counts in the payload (the older shape) still sends, with the hour’s later ones added', async () => {
    await syncOwnerEmails(db, [OWNER], 1)
    // As the triggers queued it before migration 20261127021115: two past the cap, counted into the payload.
    await db.query(
      `insert into app_private.owner_notify_counts (owner, hour_start, count) values ($1, date_trunc('hour', now(), 'UTC'), 3)`,
      [OWNER],
    )
    await db.query(
      `insert into app_private.email_queue (kind, to_email, dedupe_key, next_attempt_at, payload)
       values ($2, $1, app_private.owner_summary_key($2, date_trunc('hour', now(), 'UTC'), $1), now(),
         jsonb_build_object('count', 2, 'hourStart', date_trunc('hour', now(), 'UTC')))`,
      [OWNER, contactOwnerSummary.kind],
    )
    // One more message past the cap in the same hour: the summary already queued counts it too.
    await db.query(
      `insert into public.contact_messages (name, email, subject, message) values ('Cy', 'cy@example.com', 'other', 'Hi')`,
    )
    expect(await kinds(db)).toEqual({ 'contact-owner-summary': 1 })
    const provider = providerWithQuota(100)
    expect(await sendDue(db, provider)).toBe(1)
    expect(provider.sent[0]!.text).toContain(waitingText(3))

    // One whose hour's counts are gone (older than a day) is sent from its payload alone.
    await db.exec('truncate app_private.owner_notify_counts')
    await db.query(
      `insert into app_private.email_queue (kind, to_email, dedupe_key, payload)
       values ($2, $1, $2 || ':2026-11-20T10:' || $1, '{"count": 4, "hourStart": "2026-11-20T10:00:00+00:00"}')`,
      [OWNER, contactOwnerSummary.kind],
    )
    expect(await sendDue(db, provider)).toBe(1)
    expect(provider.sent[1]!.text).toContain(waitingText(4))
  })

  test('an old hour’s counts are forgotten, unless its summary still waits to be sent', async () => {
    await syncOwnerEmails(db, [OWNER], 0)
    const hours = ['3 days', '2 days']
    for (const ago of hours) {
      await db.query(
        `insert into app_private.owner_notify_counts (owner, hour_start, count, past_cap)
         values ($1, date_trunc('hour', now() - $2::interval, 'UTC'), 1, 1)`,
        [OWNER, ago],
      )
    }
    // The summary of three days ago is still waiting (retried), the one of two days ago was sent.
    for (const [ago, status] of [
      ['3 days', 'pending'],
      ['2 days', 'sent'],
    ]) {
      await db.query(
        `insert into app_private.email_queue (kind, to_email, dedupe_key, status, next_attempt_at)
         values ($2, $1, app_private.owner_summary_key($2, date_trunc('hour', now() - $3::interval, 'UTC'), $1), $4,
           now() + interval '1 hour')`,
        [OWNER, contactOwnerSummary.kind, ago, status],
      )
    }
    // The hour's first message makes the trigger forget the owner's old hours.
    await db.query(
      `insert into public.contact_messages (name, email, subject, message) values ('Cy', 'cy@example.com', 'other', 'Hi')`,
    )
    const kept = await db.query<{ days: number }>(
      `select round(extract(epoch from date_trunc('hour', now(), 'UTC') - hour_start) / 86400)::int as days
       from app_private.owner_notify_counts order by hour_start`,
    )
    expect(kept.rows).toEqual([{ days: 3 }, { days: 0 }])
  })

  test('sign-in emails: at most 3 per owner in 15 minutes (OWNER_SIGN_IN_EMAILS), whoever asks', async () => {
    const app = await ownerApp(db, { OWNER_EMAILS: [OWNER, 'partner@example.com'] })
    await syncOwnerEmails(db, [OWNER, 'partner@example.com'], 10)
    const ask = (email: string, i: number) =>
      app.request(
        '/admin/auth/email',
        {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        },
        fromAddress(`203.0.113.${i}`),
      )
    for (let i = 0; i < 8; i++) expect((await ask(OWNER, i)).status).toBe(202)
    expect((await ask('partner@example.com', 99)).status).toBe(202)
    const queued = async () =>
      (
        await db.query<{ to_email: string; n: number }>(
          "select to_email, count(*)::int as n from app_private.email_queue where kind = 'owner-sign-in' group by to_email order by to_email",
        )
      ).rows.map((r) => ({ ...r, n: Number(r.n) }))
    await until('the sign-in emails', async () => (await queued()).reduce((n, r) => n + r.n, 0) === 4)
    // Give any request still being worked on time to (wrongly) add one.
    await new Promise((r) => setTimeout(r, 200))
    expect(await queued()).toEqual([
      { to_email: OWNER, n: 3 },
      { to_email: 'partner@example.com', n: 1 },
    ])
    // Older than 15 minutes, they no longer count.
    await db.query("update app_private.email_queue set created_at = now() - interval '16 minutes'")
    expect((await ask(OWNER, 50)).status).toBe(202)
    await until('a new sign-in email', async () => (await queued())[0]!.n === 4)
  })

  test('during a flood, the owner’s sign-in email and a visitor’s welcome email go out first', async () => {
    await syncOwnerEmails(db, [OWNER], 10)
    const app = await ownerApp(db)
    // The flood arrived first: its notifications are the oldest due emails.
    for (let i = 0; i < 30; i++)
      await app.request('/rest/v1/contact_messages', anonJson(message(i)), fromAddress(`192.0.2.${i}`))
    await db.query("update app_private.email_queue set next_attempt_at = now() - interval '10 minutes'")
    const signup = await app.request('/rest/v1/beta_signups', anonJson({ email: 'visitor@example.com' }))
    expect(signup.status).toBe(201)
    expect(await enqueueWelcomeEmail(db, 'visitor@example.com')).toBe(true)
    await app.request('/admin/auth/email', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: OWNER }),
    })
    await until('the sign-in email', async () => ((await kinds(db))['owner-sign-in'] ?? 0) === 1)
    // What the provider still allows today: two emails.
    const provider = providerWithQuota(2)
    await sendDue(db, provider)
    expect(provider.sent.map((e) => e.to)).toEqual([OWNER, 'visitor@example.com'])
    expect(provider.sent[0]!.subject).toMatch(/Sign in/)
    // And the flood's share stayed within the cap (10 notifications and one summary, not 30).
    expect(await kinds(db)).toMatchObject({ 'contact-owner': 10, 'contact-owner-summary': 1 })
  })
})
