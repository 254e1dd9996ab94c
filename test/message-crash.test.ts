import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, test } from 'vitest'
import { inviteSignups } from '../src/server/features/invitations/queries.ts'
import { audienceMembers, sendTesterMessage } from '../src/server/features/tester-messages/queries.ts'
import { DB_KINDS } from '../src/server/test-app.ts'
import { DEFAULT_LOCALE, LOCALES, TESTER_MESSAGE_TEXTS, type Locale } from '../src/shared/content.ts'
import { TRANSLATED_LOCALES } from '../src/shared/tester-messages.ts'
import { batchCrash, killMidBatch } from './support/batch-crash.ts'

// A message to a group is sent twice at once (a double click) and once more from a
// second console (a new request id, the same text), then the server is SIGKILLed while it sends
// the emails (with one accepted by the provider but its answer lost), then restarted. Every
// member of the group gets exactly one email of the message, in the language they signed up in,
// nobody else any, and the sends are paced. Harness: test/support/batch-crash.ts.

const INTERVAL_MS = 150
const nudgeIn = (l: Locale) => ({
  subject: TESTER_MESSAGE_TEXTS[l].nudge.subject,
  body: TESTER_MESSAGE_TEXTS[l].nudge.body,
})
const STORES = { ios: true, android: true }

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

describe.each(DB_KINDS)('SIGKILL while a message to a group is sent, %s, Resend', (kind) => {
  test(
    'every member gets exactly one email of the message, in their language, nobody else any',
    { timeout: 120_000 },
    async () => {
      const crash = await batchCrash(kind, (fn) => cleanup.push(fn))
      const { database, resend } = crash

      // 40 sign-ups, the oldest 30 invited (their invitations already sent and gone from the
      // queue), 10 of those opened: the nudge goes to the 20 invited who did not open.
      const members = await database.inspect(async (db) => {
        // Each signed up on the page of one of the site's languages, in turn.
        await db.query(
          `insert into public.beta_signups (email, platform, created_at, confirmed_at, locale)
         select 'p' || i || '@example.com', (array['ios', 'android', 'unknown'])[i % 3 + 1], now() - make_interval(mins => 100 - i), now(),
           ($1::text[])[i % cardinality($1::text[]) + 1]
         from generate_series(1, 40) i`,
          [LOCALES],
        )
        const ids = await db.query<{ id: string }>(
          'select id::text as id from public.beta_signups order by created_at limit 30',
        )
        await inviteSignups(db, { ids: ids.rows.map((r) => r.id), stores: STORES, intervalMs: 0 })
        await db.query(`update app_private.email_queue set status = 'sent', sent_at = now()`)
        await db.query(
          `update public.beta_signups set opened_at = now() where id in (select id from public.beta_signups order by created_at limit 10)`,
        )
        // A text per language, the content's starting texts: each must survive the crash.
        const nudge = {
          requestId: randomUUID(),
          audience: 'invited-not-opened' as const,
          ...nudgeIn(DEFAULT_LOCALE),
          translations: Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, nudgeIn(l)])),
          storeLinks: true,
          actor: 'owner@example.com',
          intervalMs: INTERVAL_MS,
        }
        const results = await Promise.all([
          sendTesterMessage(db, nudge),
          sendTesterMessage(db, nudge),
          sendTesterMessage(db, { ...nudge, requestId: randomUUID() }),
        ])
        expect(results.filter((r) => r.created)).toHaveLength(1)
        return (await audienceMembers(db, 'invited-not-opened')).map((m) => m.email)
      })
      expect(members).toHaveLength(20)

      // Killed once some emails are out, with one accepted and its answer held back.
      const { interrupted } = await killMidBatch(crash, { afterEmails: 6, expected: members })

      const messages = (
        await database.inspect((db) =>
          db.query<{ to_email: string; status: string }>(
            `select to_email, status from app_private.email_queue where kind = 'message'`,
          ),
        )
      ).rows
      expect(messages.filter((r) => r.status !== 'sent')).toEqual([])
      expect(messages.map((r) => r.to_email).sort()).toEqual([...members].sort())
      for (const address of members) expect(resend.emailsTo(address), address).toHaveLength(1)
      expect(resend.emails.flatMap((e) => e.to).sort()).toEqual([...members].sort())
      expect(resend.requests.filter((r) => r.key === interrupted).map((r) => r.outcome)).toEqual(['sent', 'replayed'])

      // Paced although overdue at the start: the schedule slides instead of going out back to back.
      const sent = resend.requests.filter((r) => r.outcome === 'sent').slice(0, 6)
      expect(sent.at(-1)!.at - sent[0]!.at).toBeGreaterThanOrEqual((sent.length - 2) * INTERVAL_MS)

      // Each carries the person's own store link (iPhone or Android by their invitation) and feedback link.
      const tokens = await database.inspect((db) =>
        db.query<{ email: string; invite: string; feedback: string }>(
          `select email, invite_token::text as invite, feedback_token::text as feedback from public.beta_signups`,
        ),
      )
      const locales = await database.inspect((db) =>
        db.query<{ email: string; locale: Locale }>(`select email, locale from public.beta_signups`),
      )
      for (const address of members) {
        const email = resend.emailsTo(address)[0]!
        const body = email.body
        // In the language they signed up in.
        expect(email.subject, address).toBe(nudgeIn(locales.rows.find((r) => r.email === address)!.locale).subject)
        const t = tokens.rows.find((r) => r.email === address)!
        expect(body).toContain(`?token=${t.invite}`)
        expect(body).toContain(`/beta/feedback?token=${t.feedback}`)
      }
    },
  )
})
