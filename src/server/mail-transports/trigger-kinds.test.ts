import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../db/db.ts'
import { DB_KINDS, testDb, truncateAll } from '../test-app.ts'
import { enqueueWelcomeEmail, unsubscribe } from '../../mail-core/signup-emails.ts'
import { confirmSignup } from '../../emails/confirm-signup.kind.ts'
import { dedupeKeyOf } from '../../emails/dedupe-key.ts'
import { kindNamed } from '../../emails/kinds.ts'
import { playQuestion } from '../../emails/play-question.kind.ts'
import { playReminder } from '../../emails/play-reminder.kind.ts'
import { welcome } from '../../emails/welcome.kind.ts'
import { contactOwner } from '../../emails/contact-owner.kind.ts'
import { contactOwnerSummary } from '../../emails/contact-owner-summary.kind.ts'
import { feedbackOwner } from '../../emails/feedback-owner.kind.ts'
import { invitation } from '../../emails/invitation.kind.ts'
import { testerMessage } from '../../emails/tester-message.kind.ts'

// A trigger that queues or paces emails takes the kinds' names as its arguments (given where the
// trigger is created, never inside its function): they must be the kinds' own names, or the worker
// would find no kind for a row, or pace nothing. docs/decisions/email-queue.md

describe.each(DB_KINDS)('kinds named by triggers on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  const argsOf = async (trigger: string) => {
    const r = await db.query<{ args: string }>(
      `select encode(tgargs, 'escape') as args from pg_trigger where tgname = $1`,
      [trigger],
    )
    return r.rows[0]!.args.split('\\000').filter(Boolean)
  }

  test("the owner notifications' triggers name the owner copy's and the summary's kinds", async () => {
    expect(await argsOf('contact_messages_after_insert')).toEqual([contactOwner.kind, contactOwnerSummary.kind])
    expect(await argsOf('beta_feedback_after_insert')).toEqual([feedbackOwner.kind, contactOwnerSummary.kind])
  })

  test('the pacing triggers name the paced kinds: invitations and messages to testers', async () => {
    expect(await argsOf('email_queue_pace_invitations')).toEqual([invitation.kind])
    expect(await argsOf('email_queue_pace_messages')).toEqual([testerMessage.kind])
  })

  test('the triggers that forget a person’s emails name the invitation’s and the play emails’ kinds', async () => {
    expect(await argsOf('beta_signups_forget_invitation')).toEqual([invitation.kind])
    expect(await argsOf('beta_signups_forget_play_emails')).toEqual([playQuestion.kind, playReminder.kind])
  })

  test('the welcome email queued in SQL has the kind’s name and dedupe key; unsubscribing removes it by the kinds given', async () => {
    await db.query(`insert into public.beta_signups (email) values ('V.I+x@GoogleMail.com')`)
    expect(await enqueueWelcomeEmail(db, 'V.I+x@GoogleMail.com')).toBe(true)
    const row = await db.query<{ kind: string; dedupe_key: string }>(
      'select kind, dedupe_key from app_private.email_queue',
    )
    expect(row.rows).toEqual([{ kind: welcome.kind, dedupe_key: dedupeKeyOf(welcome, 'vi@gmail.com') }])
    const token = await db.query<{ t: string }>('select unsubscribe_token::text as t from public.beta_signups')
    expect(await unsubscribe(db, token.rows[0]!.t)).toBe(true)
    expect((await db.query('select 1 from app_private.email_queue')).rows).toEqual([])
  })

  test('the summary’s key in SQL is the kind’s dedupe key', async () => {
    const r = await db.query<{ key: string }>(
      `select app_private.owner_summary_key($1, '2026-11-22T14:30:00Z', 'owner@example.com') as key`,
      [contactOwnerSummary.kind],
    )
    expect(r.rows[0]!.key).toBe(dedupeKeyOf(contactOwnerSummary, { hour: '2026-11-22T14', owner: 'owner@example.com' }))
  })

  // The one-argument functions an edge function deployed before migration 20261127021115 calls
  // (docs/decisions/email-queue.md): the kinds they name are real, and they do what the new ones do.
  test('the one-argument welcome and unsubscribe functions name real kinds and behave as before', async () => {
    const named = async (name: string) => {
      const r = await db.query<{ src: string }>(
        `select p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'app_private' and p.proname = $1 and p.pronargs = 1`,
        [name],
      )
      return [...r.rows[0]!.src.matchAll(/'([^']*)'/g)].map((m) => m[1]!)
    }
    expect(await named('enqueue_welcome_email')).toEqual([welcome.kind])
    expect(await named('unsubscribe')).toEqual([welcome.kind, confirmSignup.kind])
    for (const k of [...(await named('enqueue_welcome_email')), ...(await named('unsubscribe'))]) {
      expect(kindNamed(k), k).toBeDefined()
    }
    await db.query(`insert into public.beta_signups (email) values ('ada@example.com')`)
    const queued = await db.query<{ ok: boolean }>(`select app_private.enqueue_welcome_email('ada@example.com') as ok`)
    expect(queued.rows).toEqual([{ ok: true }])
    const row = await db.query<{ kind: string; dedupe_key: string }>(
      'select kind, dedupe_key from app_private.email_queue',
    )
    expect(row.rows).toEqual([{ kind: welcome.kind, dedupe_key: dedupeKeyOf(welcome, 'ada@example.com') }])
    const left = await db.query<{ ok: boolean }>(
      `select app_private.unsubscribe((select unsubscribe_token from public.beta_signups)) as ok`,
    )
    expect(left.rows).toEqual([{ ok: true }])
    expect((await db.query('select 1 from app_private.email_queue')).rows).toEqual([])
  })
})
