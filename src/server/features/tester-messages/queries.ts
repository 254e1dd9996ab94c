import { enqueue } from '../../../mail-core/enqueue.ts'
import { invitation } from '../../../emails/invitation.kind.ts'
import { testerMessage } from '../../../emails/tester-message.kind.ts'
import { DEFAULT_LOCALE, LOCALES } from '../../../shared/content.ts'
import { inSiteOrder } from '../../../shared/locales.ts'
import { AUDIENCES, type Audience } from '../../../shared/tester-messages.ts'
import type { MessageTranslations } from '../../../shared/tester-messages-contract.ts'
import type { Db, Tx } from '../../db/db.ts'
import { audit } from '../../owner/audit.ts'

// The owner's messages to a group of the beta list. Decisions:
// docs/decisions/tester-messages-and-feedback.md

/**
 * Who may be written to at all: confirmed (under double opt-in, an unconfirmed address may not be
 * theirs) and not on the suppression list. Unsubscribed people are no longer on the list; bounced
 * or complained mailboxes are suppressed. The flag beta_signups.suppressed mirrors
 * app_private.is_suppressed (migration 20261125100000 keeps it), so counting a group of 100,000 costs
 * no HMAC per person; the worker still asks is_suppressed before each send.
 */
const REACHABLE = `s.confirmed_at is not null and not s.suppressed`

/** Each group as a condition on `s` (public.beta_signups). */
const GROUP: Record<Audience, string> = {
  'invited-not-opened': `s.status = 'invited' and s.opened_at is null`,
  opened: `s.opened_at is not null`,
  waiting: `s.status = 'waiting'`,
  ios: `s.platform = 'ios'`,
  android: `s.platform = 'android'`,
  unknown: `s.platform = 'unknown'`,
  everyone: `true`,
}

/** Exactly how many people each group reaches now. */
export async function audienceCounts(db: Db): Promise<Record<Audience, number>> {
  const columns = AUDIENCES.map((a) => `count(*) filter (where ${GROUP[a]}) as "${a}"`).join(', ')
  const r = await db.query<Record<Audience, string | number>>(
    `select ${columns} from public.beta_signups s where ${REACHABLE}`,
  )
  const row = r.rows[0]!
  return Object.fromEntries(AUDIENCES.map((a) => [a, Number(row[a])])) as Record<Audience, number>
}

/** The people a message to `audience` would reach now, oldest sign-up first. */
export async function audienceMembers(db: Db | Tx, audience: Audience): Promise<{ id: string; email: string }[]> {
  const r = await db.query<{ id: string; email: string }>(
    `select s.id::text as id, s.email from public.beta_signups s
     where ${REACHABLE} and ${GROUP[audience]} order by s.created_at, s.id`,
  )
  return r.rows
}

export type NewMessage = {
  requestId: string
  audience: Audience
  /** The default language's text; everyone's when `translations` is absent. */
  subject: string
  body: string
  /** Every other language's text, for a per-language message. */
  translations?: MessageTranslations | undefined
  storeLinks: boolean
  /** Whether each email carries the person's own /app link (the "we are live" message). */
  appLink?: boolean | undefined
  actor: string
  intervalMs: number
}

type SendOutcome =
  | { created: true; id: number; recipients: number }
  | { created: false; id: number; recipients: number; reason: 'same-request' | 'same-text' }

// One send at a time (any fixed number): concurrent sends queue one after the other at the pace,
// and the checks below see each other's messages.
const MESSAGE_LOCK = 1_100_018

/** A repeat of the same text to the same group within this long is the same message (two consoles). */
const SAME_TEXT_WINDOW_MINUTES = 60

/** How many emails one statement queues: a bounded parameter, a short transaction. */
export const MESSAGE_BATCH = 1_000

/**
 * Stores the message, then queues one email per person of its group in batches. Exactly once per
 * person per message: the request id is unique (a double click or a retried request finds its
 * message), the same text to the same group within SAME_TEXT_WINDOW_MINUTES is taken as the same
 * message (two consoles), and each email's dedupe key is `message:<message id>:<sign-up id>`.
 * The message row, its audit entry and the first due time commit together; each batch then
 * commits with the row's cursor (queueMessageBatches), so a crash leaves a message that
 * resumeTesterMessages finishes at the next start. The texts (one, or one per language) live in the
 * row only; each payload names it. Emails are spaced `intervalMs` apart after the invitations and messages already waiting.
 */
export async function sendTesterMessage(db: Db, input: NewMessage): Promise<SendOutcome> {
  const translations = input.translations ? JSON.stringify(input.translations) : null
  const outcome = await db.transaction(async (tx): Promise<SendOutcome> => {
    await tx.query('select pg_advisory_xact_lock($1)', [MESSAGE_LOCK])
    const same = await tx.query<{ id: string; recipients: number; same_request: boolean }>(
      `select id::text as id, recipients, request_id = $1::uuid as same_request from app_private.group_messages
       where request_id = $1::uuid
          or (audience = $2 and subject = $3 and body = $4 and translations is not distinct from $6::jsonb
              and created_at > now() - make_interval(mins => $5))
       order by (request_id = $1::uuid) desc, id desc limit 1`,
      [input.requestId, input.audience, input.subject, input.body, SAME_TEXT_WINDOW_MINUTES, translations],
    )
    const found = same.rows[0]
    if (found)
      return {
        created: false,
        id: Number(found.id),
        recipients: Number(found.recipients),
        reason: found.same_request ? 'same-request' : 'same-text',
      }
    const counted = await tx.query<{ n: string | number }>(
      `select count(*) as n from public.beta_signups s where ${REACHABLE} and ${GROUP[input.audience]}`,
    )
    const recipients = Number(counted.rows[0]!.n)
    const start = await msUntilAfterLastPaced(tx, input.intervalMs)
    const inserted = await tx.query<{ id: string }>(
      `insert into app_private.group_messages
         (request_id, audience, subject, body, translations, store_links, app_link, created_by, recipients,
          queued_through, first_due_at, pace_ms)
       values ($1::uuid, $2, $3, $4, $10::jsonb, $5, $11, $6, $7, 0,
         now() + make_interval(secs => $8::double precision / 1000), $9)
       returning id::text as id`,
      [
        input.requestId,
        input.audience,
        input.subject,
        input.body,
        input.storeLinks,
        input.actor,
        recipients,
        start,
        input.intervalMs,
        translations,
        input.appLink ?? false,
      ],
    )
    const id = Number(inserted.rows[0]!.id)
    // In the same transaction: no message without its audit entry. Its id and size, no address.
    await audit(tx, input.actor, 'messages.send', { id, audience: input.audience, recipients })
    return { created: true, id, recipients }
  })
  // A repeat of a message whose batches a crash interrupted finishes them too.
  await queueMessageBatches(db, outcome.id)
  return outcome
}

/**
 * Queues the message's remaining emails, MESSAGE_BATCH per transaction, each batch committing
 * with the cursor, so public requests get the database between batches (PGlite has one
 * connection) and memory holds one batch. Several processes may run it at once: the lock and the
 * cursor read under it make each batch happen once, and the dedupe key would stop a repeat anyway.
 */
async function queueMessageBatches(db: Db, messageId: number): Promise<void> {
  for (;;) {
    const more = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MESSAGE_LOCK])
      const m = await tx.query<{
        audience: Audience
        store_links: boolean
        app_link: boolean
        queued_through: string | null
        queued: number
        first_due_ms: number | string
        pace_ms: number
      }>(
        `select audience, store_links, app_link, queued_through::text as queued_through, queued, pace_ms,
           extract(epoch from first_due_at - now()) * 1000 as first_due_ms
         from app_private.group_messages where id = $1`,
        [messageId],
      )
      const row = m.rows[0]
      if (!row || row.queued_through === null) return false
      const people = await tx.query<{ id: string; email: string }>(
        `select s.id::text as id, s.email from public.beta_signups s
         where ${REACHABLE} and ${GROUP[row.audience]} and s.id > $1::bigint order by s.id limit $2`,
        [row.queued_through, MESSAGE_BATCH],
      )
      const firstDueMs = Number(row.first_due_ms)
      const payload = { messageId, storeLinks: row.store_links, appLink: row.app_link, paceMs: row.pace_ms }
      await enqueue(
        tx,
        testerMessage,
        people.rows.map((p, n) => ({
          to: p.email,
          key: { messageId, signupId: p.id },
          payload,
          // Relative to this transaction's now(); below zero (a resumed message) is simply due.
          delayMs: firstDueMs + (row.queued + n) * row.pace_ms,
        })),
      )
      const done = people.rows.length < MESSAGE_BATCH
      // The last batch writes the number actually queued (the group may have changed meanwhile).
      await tx.query(
        `update app_private.group_messages set queued = queued + $2, queued_through = $3::bigint,
           recipients = case when $3::bigint is null then queued + $2 else recipients end
         where id = $1`,
        [messageId, people.rows.length, done ? null : people.rows.at(-1)!.id],
      )
      return !done
    })
    if (!more) return
    // Let what waits for the database (a visitor's sign-up) go first.
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** Finishes every message whose batches a crash interrupted; the server calls it at start. */
export async function resumeTesterMessages(db: Db): Promise<number> {
  const r = await db.query<{ id: string }>(
    'select id::text as id from app_private.group_messages where queued_through is not null order by id',
  )
  for (const m of r.rows) await queueMessageBatches(db, Number(m.id))
  return r.rows.length
}

// Milliseconds until one pace after the last pending invitation or message (0 when none waits).
async function msUntilAfterLastPaced(tx: Tx, paceMs: number): Promise<number> {
  const r = await tx.query<{ ms: number | string }>(
    `select greatest(0, extract(epoch from max(next_attempt_at) + make_interval(secs => $1::double precision / 1000) - now()) * 1000) as ms
     from app_private.email_queue where kind = any($2::text[]) and status = 'pending'`,
    // The paced kinds, which share one pace.
    [paceMs, [invitation.kind, testerMessage.kind]],
  )
  return Number(r.rows[0]?.ms ?? 0)
}

export type SentTesterMessage = {
  id: number
  audience: Audience
  subject: string
  languages: string[]
  createdAt: string
  createdBy: string
  recipients: number
  queued: number
  sent: number
  failed: number
  cancelled: number
}

/**
 * The latest messages, newest first, with where their emails stand; each one's languages in the
 * site's order (`order`), as the composer showed them, not jsonb's order of keys.
 */
export async function listTesterMessages(
  db: Db,
  limit = 50,
  order: readonly string[] = LOCALES,
): Promise<SentTesterMessage[]> {
  const r = await db.query<{
    id: string
    audience: Audience
    subject: string
    translated: string[] | null
    created_at: string | Date
    created_by: string
    recipients: number
    queued: string | number
    sent: string | number
    failed: string | number
    cancelled: string | number
  }>(
    `select m.id::text as id, m.audience, m.subject,
       (select json_agg(k) from jsonb_object_keys(m.translations) k) as translated, m.created_at, m.created_by, m.recipients,
       count(q.id) filter (where q.status in ('pending', 'sending')) as queued,
       count(q.id) filter (where q.status = 'sent') as sent,
       count(q.id) filter (where q.status = 'failed') as failed,
       count(q.id) filter (where q.status = 'cancelled') as cancelled
     from (select * from app_private.group_messages order by id desc limit $1) m
     left join app_private.email_queue q on q.kind = $2::text and (q.payload ->> 'messageId')::bigint = m.id
     group by m.id, m.audience, m.subject, m.translations, m.created_at, m.created_by, m.recipients
     order by m.id desc`,
    [limit, testerMessage.kind],
  )
  return r.rows.map((x) => ({
    id: Number(x.id),
    audience: x.audience,
    subject: x.subject,
    languages: x.translated ? [DEFAULT_LOCALE, ...inSiteOrder(x.translated, order)] : [],
    createdAt: new Date(x.created_at).toISOString(),
    createdBy: x.created_by,
    recipients: Number(x.recipients),
    queued: Number(x.queued),
    sent: Number(x.sent),
    failed: Number(x.failed),
    cancelled: Number(x.cancelled),
  }))
}
