import {
  BULK_PRIORITY,
  type ClaimedEmail,
  type QueuedContactMessage,
  type QueuedGroupMessage,
  type SignupLinks,
} from '../emails/define-kind.ts'
import { confirmSignup } from '../emails/confirm-signup.kind.ts'
import { contactOwnerSummary, summaryPayload, type OwnerHourCounts } from '../emails/contact-owner-summary.kind.ts'
import { mailboxKeyPrefix } from '../emails/dedupe-key.ts'
import { KINDS } from '../emails/kinds.ts'
import { testerMessage } from '../emails/tester-message.kind.ts'
import type { Queryable } from './db.ts'

// The queue's own statements, apart from the one insert (enqueue.ts): claim, the three outcomes,
// and when the next email is due.

/**
 * Which due email goes first (the provider's quota is one budget): each kind's
 * `priority` (define-kind.ts), lowest first. A backlog of bulk kinds never holds back an owner's
 * sign-in link or what a visitor is waiting for, whose own volume is capped.
 */
const CLAIM_PRIORITY = (() => {
  const ranked = Object.values(KINDS).filter((k) => k.priority !== undefined && k.priority !== BULK_PRIORITY)
  // Kind names are code, not input; the check keeps them from ever being more than a literal.
  for (const k of ranked) if (!/^[a-z][a-z-]*$/.test(k.kind)) throw new Error(`odd kind name ${k.kind}`)
  const whens = ranked.map((k) => `when '${k.kind}' then ${k.priority}`).join(' ')
  return whens ? `case kind ${whens} else ${BULK_PRIORITY} end` : String(BULK_PRIORITY)
})()

/** How long a sign-up may stay unconfirmed under double opt-in, from its confirmation request's sending, before it is deleted. */
const UNCONFIRMED_SIGNUP_DAYS = 7

/** The plan's limits the claim takes its tokens under (app_private.take_email_tokens); none: unlimited. */
export type SendBudget = {
  ratePerSecond?: number
  dailyLimit?: number
  /** The budget's clock; default the database's. Tests of the pace pass their own. */
  at?: Date
}

/** What a claim found: the emails now this worker's, or, when the budget is spent, how long until it is not. */
export type Claim = { emails: ClaimedEmail[]; waitMs: number }

/**
 * Claims up to `limit` due emails: pending ones whose time has come, and ones left in 'sending'
 * past their lease by a worker that died. SKIP LOCKED lets several workers share the queue.
 * The same statement takes their tokens from the budget every process shares
 * (app_private.email_budget, docs/decisions/email-capacity.md): when it refuses, nothing is
 * claimed and `waitMs` says when to ask again. An empty queue takes no token and locks nothing.
 *
 * With `expireUnconfirmed` (double opt-in on), the same statement deletes sign-ups left
 * unconfirmed UNCONFIRMED_SIGNUP_DAYS after their confirmation request went out (or after they
 * signed up, when none was ever sent), with that finished request; never one whose request still
 * waits in the queue, so a throttled queue cannot delete a person before they could confirm.
 * Riding on the claim costs no query and no timer of its own, so an idle server still does one
 * claim per poll interval and nothing else. A partial index makes the check cheap.
 */
export async function claimEmails(
  db: Queryable,
  options: { limit: number; leaseMs: number; expireUnconfirmed?: boolean; budget?: SendBudget },
): Promise<Claim> {
  const budget = options.budget ?? {}
  const r = await db.query<{
    wait_ms: number | string | null
    id: string | null
    kind: string
    to_email: string
    attempts: number
    unsubscribe_token: string | null
    contact: QueuedContactMessage | null
    payload: unknown
    signup: SignupLinks | null
    message: QueuedGroupMessage | null
    owner_hour: OwnerHourCounts | null
  }>(
    `with expired as (
       delete from public.beta_signups s
       where $3::boolean and s.confirmed_at is null and s.created_at < now() - make_interval(days => $4::integer)
         and not exists (
           select 1 from app_private.email_queue r
           where r.dedupe_key = $5::text || app_private.canonical_email(s.email)
             and (r.status in ('pending', 'sending') or r.sent_at > now() - make_interval(days => $4::integer)))
       returning email
     ), expired_requests as (
       delete from app_private.email_queue r using expired e
       where r.dedupe_key = $5::text || app_private.canonical_email(e.email)
         and r.status not in ('pending', 'sending')
     ), due as (
       select id from app_private.email_queue
       where (status = 'pending' and next_attempt_at <= now())
          or (status = 'sending' and locked_until < now())
       order by ${CLAIM_PRIORITY}, next_attempt_at
       limit $1
       for update skip locked
     ), budget as (
       select app_private.take_email_tokens((select count(*)::integer from due), $8::double precision, $9::integer,
         $10::timestamptz) as wait_ms
     ), claimed as (
       update app_private.email_queue q
       set status = 'sending', attempts = q.attempts + 1, locked_until = now() + make_interval(secs => $2::double precision / 1000)
       from due, budget
       where q.id = due.id and budget.wait_ms = 0
       returning q.id, q.kind, q.to_email, q.attempts, q.contact_message_id, q.feedback_id, q.payload, q.dedupe_key
     )
     select (select wait_ms from budget) as wait_ms, q.id::text as id, q.kind, q.to_email, q.attempts,
       (select s.unsubscribe_token::text from public.beta_signups s
        where app_private.canonical_email(s.email) = app_private.canonical_email(q.to_email)) as unsubscribe_token,
       (select json_build_object('name', m.name, 'email', m.email, 'subject', m.subject, 'message', m.message,
          'created_at', m.created_at) from public.contact_messages m where m.id = q.contact_message_id) as contact,
       -- A feedback entry's copy reads the entry as it is now (the trigger stores no payload).
       coalesce((select to_jsonb(f) - 'id' - 'signup_id' from app_private.beta_feedback f where f.id = q.feedback_id),
         q.payload) as payload,
       (select json_build_object('platform', s.platform, 'platformToken', s.platform_token, 'inviteToken', s.invite_token,
          'invitationLinks', s.invitation_links,
          'feedbackToken', s.feedback_token, 'appToken', s.app_token, 'locale', s.locale) from public.beta_signups s
        where app_private.canonical_email(s.email) = app_private.canonical_email(q.to_email)) as signup,
       (select json_build_object('subject', g.subject, 'body', g.body, 'translations', g.translations)
        from app_private.group_messages g
        where q.kind = $6::text and g.id = (q.payload ->> 'messageId')::bigint) as message,
       -- The end-of-hour summary's counts, kept with the cap's (the trigger stores no payload).
       (select json_build_object('hourStart', c.hour_start, 'pastCap', c.past_cap, 'pastCapFeedback', c.past_cap_feedback)
        from app_private.owner_notify_counts c
        where q.kind = $7::text and c.owner = q.to_email
          and app_private.owner_summary_key($7::text, c.hour_start, c.owner) = q.dedupe_key) as owner_hour
     from (select 1) one left join claimed q on true`,
    // The kinds' names are parameters: the confirmation request's dedupe key, the group message's
    // kind, the summary's kind.
    [
      options.limit,
      options.leaseMs,
      options.expireUnconfirmed ?? false,
      UNCONFIRMED_SIGNUP_DAYS,
      mailboxKeyPrefix(confirmSignup),
      testerMessage.kind,
      contactOwnerSummary.kind,
      budget.ratePerSecond ?? null,
      budget.dailyLimit ?? null,
      budget.at?.toISOString() ?? null,
    ],
  )
  const emails = r.rows
    .filter((x) => x.id !== null)
    .map((x) => ({
      id: x.id!,
      kind: x.kind,
      toEmail: x.to_email,
      attempts: Number(x.attempts),
      unsubscribeToken: x.unsubscribe_token,
      contact: x.contact,
      payload: x.owner_hour ? summaryPayload(x.payload, x.owner_hour) : x.payload,
      signup: x.signup,
      message: x.message,
    }))
  return { emails, waitMs: Number(r.rows[0]?.wait_ms ?? 0) }
}

/** claimEmails without a budget: the emails only (the kinds' tests, which claim one by one). */
export async function claimDueEmails(
  db: Queryable,
  limit: number,
  leaseMs: number,
  expireUnconfirmed = false,
): Promise<ClaimedEmail[]> {
  return (await claimEmails(db, { limit, leaseMs, expireUnconfirmed })).emails
}

export async function markSent(db: Queryable, id: string, providerMessageId: string): Promise<void> {
  await db.query(
    `update app_private.email_queue
     set status = 'sent', sent_at = now(), locked_until = null, last_error = null, provider_message_id = $2
     where id = $1::uuid`,
    [id, providerMessageId],
  )
}

export async function markForRetry(db: Queryable, id: string, delayMs: number, error: string): Promise<void> {
  await db.query(
    `update app_private.email_queue
     set status = 'pending', locked_until = null, last_error = $3,
         next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
     where id = $1::uuid`,
    [id, delayMs, error],
  )
}

/** Back to pending after a provider's pause, without counting the attempt: the email was not at fault. */
export async function markPaused(db: Queryable, id: string, delayMs: number, error: string): Promise<void> {
  await db.query(
    `update app_private.email_queue
     set status = 'pending', locked_until = null, last_error = $3, attempts = greatest(0, attempts - 1),
         next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
     where id = $1::uuid`,
    [id, delayMs, error],
  )
}

export async function markFinal(
  db: Queryable,
  id: string,
  status: 'failed' | 'cancelled',
  error: string,
): Promise<void> {
  await db.query(
    `update app_private.email_queue set status = $2, locked_until = null, last_error = $3 where id = $1::uuid`,
    [id, status, error],
  )
}

/**
 * Milliseconds until the next pending email is due (0 if overdue), or null when none is waiting.
 * A row due at 'infinity' is held until something releases it (iPhone invitations while the
 * TestFlight link is full: features/invitations/testflight-checks.ts) and wakes nobody.
 */
export async function msUntilNextDue(db: Queryable): Promise<number | null> {
  // No greatest(0, …) in SQL: PostgreSQL's greatest ignores NULL, so an empty queue would read as
  // "due now" and the worker would poll without pause.
  const r = await db.query<{ ms: number | string | null }>(
    `select extract(epoch from (min(coalesce(case when status = 'sending' then locked_until end, next_attempt_at)) - now())) * 1000 as ms
     from app_private.email_queue where status in ('pending', 'sending') and next_attempt_at < 'infinity'`,
  )
  const ms = r.rows[0]?.ms
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms))
}

/**
 * Milliseconds from now until one `paceMs` after the last pending email of `kind` (0 when none is
 * pending or that moment has passed): where a new batch of a paced kind (invitations) starts.
 */
export async function msUntilAfterLastPending(db: Queryable, kind: string, paceMs: number): Promise<number> {
  const r = await db.query<{ ms: number | string }>(
    `select greatest(0, extract(epoch from max(next_attempt_at) + make_interval(secs => $2::double precision / 1000) - now()) * 1000) as ms
     from app_private.email_queue where kind = $1 and status = 'pending' and next_attempt_at < 'infinity'`,
    [kind, paceMs],
  )
  return Number(r.rows[0]?.ms ?? 0)
}

/** How many emails of `kind` were queued for `to` in the last `minutes` (a cap counted in the queue, shared by every process). */
export async function countQueuedSince(db: Queryable, kind: string, to: string, minutes: number): Promise<number> {
  const r = await db.query<{ n: number | string }>(
    `select count(*) as n from app_private.email_queue
     where kind = $1 and to_email = $2 and created_at > now() - make_interval(mins => $3)`,
    [kind, to, minutes],
  )
  return Number(r.rows[0]?.n ?? 0)
}
