import { enqueue } from '../../../mail/enqueue.ts'
import { testerMessage } from '../../../mail/kinds/tester-message.ts'
import { AUDIENCES, type Audience } from '../../../shared/tester-messages.ts'
import type { Db, Tx } from '../../db/db.ts'
import { audit } from '../../owner/audit.ts'

// Issue 18: the owner's messages to a group of the beta list. Decisions:
// docs/decisions/tester-messages-and-feedback.md

/**
 * Who may be written to at all: confirmed (under double opt-in, an unconfirmed address may not be
 * theirs) and not on the suppression list. Unsubscribed people are no longer on the list; bounced
 * or complained mailboxes are suppressed (app_private.is_suppressed decides, whatever it counts).
 */
const REACHABLE = `s.confirmed_at is not null and not app_private.is_suppressed(s.email)`

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
  subject: string
  body: string
  storeLinks: boolean
  actor: string
  intervalMs: number
}

export type SendOutcome =
  | { created: true; id: number; recipients: number }
  | { created: false; id: number; recipients: number; reason: 'same-request' | 'same-text' }

// One send at a time (any fixed number): concurrent sends queue one after the other at the pace,
// and the checks below see each other's messages.
const MESSAGE_LOCK = 1_100_018

/** A repeat of the same text to the same group within this long is the same message (two consoles). */
export const SAME_TEXT_WINDOW_MINUTES = 60

/**
 * Stores the message and queues one email per person of its group, in one transaction: a crash
 * leaves both or neither. Exactly once per person per message: the request id is unique (a double
 * click or a retried request finds its message), the same text to the same group within
 * SAME_TEXT_WINDOW_MINUTES is taken as the same message (two consoles), and each email's dedupe
 * key is `message:<message id>:<sign-up id>`. The audit entry commits with them. Emails are spaced `intervalMs` apart after the
 * invitations and messages already waiting, so the provider's rate is shared.
 */
export async function sendMessage(db: Db, input: NewMessage): Promise<SendOutcome> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MESSAGE_LOCK])
    const same = await tx.query<{ id: string; recipients: number; same_request: boolean }>(
      `select id::text as id, recipients, request_id = $1::uuid as same_request from app_private.group_messages
       where request_id = $1::uuid
          or (audience = $2 and subject = $3 and body = $4 and created_at > now() - make_interval(mins => $5))
       order by (request_id = $1::uuid) desc, id desc limit 1`,
      [input.requestId, input.audience, input.subject, input.body, SAME_TEXT_WINDOW_MINUTES],
    )
    const found = same.rows[0]
    if (found)
      return {
        created: false,
        id: Number(found.id),
        recipients: Number(found.recipients),
        reason: found.same_request ? 'same-request' : 'same-text',
      }
    const people = await audienceMembers(tx, input.audience)
    const inserted = await tx.query<{ id: string }>(
      `insert into app_private.group_messages (request_id, audience, subject, body, store_links, created_by, recipients)
       values ($1::uuid, $2, $3, $4, $5, $6, $7) returning id::text as id`,
      [input.requestId, input.audience, input.subject, input.body, input.storeLinks, input.actor, people.length],
    )
    const id = Number(inserted.rows[0]!.id)
    const start = await msUntilAfterLastPaced(tx, input.intervalMs)
    const payload = {
      messageId: id,
      subject: input.subject,
      body: input.body,
      storeLinks: input.storeLinks,
      paceMs: input.intervalMs,
    }
    await enqueue(
      tx,
      testerMessage,
      people.map((p, n) => ({
        to: p.email,
        key: { messageId: id, signupId: p.id },
        payload,
        delayMs: start + n * input.intervalMs,
      })),
    )
    // In the same transaction: no message without its audit entry. Its id and size, no address.
    await audit(tx, input.actor, 'messages.send', { id, audience: input.audience, recipients: people.length })
    return { created: true, id, recipients: people.length }
  })
}

// Milliseconds until one pace after the last pending invitation or message (0 when none waits).
async function msUntilAfterLastPaced(tx: Tx, paceMs: number): Promise<number> {
  const r = await tx.query<{ ms: number | string }>(
    `select greatest(0, extract(epoch from max(next_attempt_at) + make_interval(secs => $1::double precision / 1000) - now()) * 1000) as ms
     from app_private.email_queue where kind in ('invitation', 'message') and status = 'pending'`,
    [paceMs],
  )
  return Number(r.rows[0]?.ms ?? 0)
}

export type SentMessage = {
  id: number
  audience: Audience
  subject: string
  createdAt: string
  createdBy: string
  recipients: number
  queued: number
  sent: number
  failed: number
  cancelled: number
}

/** The latest messages, newest first, with where their emails stand. */
export async function listMessages(db: Db, limit = 50): Promise<SentMessage[]> {
  const r = await db.query<{
    id: string
    audience: Audience
    subject: string
    created_at: string | Date
    created_by: string
    recipients: number
    queued: string | number
    sent: string | number
    failed: string | number
    cancelled: string | number
  }>(
    `select m.id::text as id, m.audience, m.subject, m.created_at, m.created_by, m.recipients,
       count(q.id) filter (where q.status in ('pending', 'sending')) as queued,
       count(q.id) filter (where q.status = 'sent') as sent,
       count(q.id) filter (where q.status = 'failed') as failed,
       count(q.id) filter (where q.status = 'cancelled') as cancelled
     from (select * from app_private.group_messages order by id desc limit $1) m
     left join app_private.email_queue q on q.kind = 'message' and (q.payload ->> 'messageId')::bigint = m.id
     group by m.id, m.audience, m.subject, m.created_at, m.created_by, m.recipients
     order by m.id desc`,
    [limit],
  )
  return r.rows.map((x) => ({
    id: Number(x.id),
    audience: x.audience,
    subject: x.subject,
    createdAt: new Date(x.created_at).toISOString(),
    createdBy: x.created_by,
    recipients: Number(x.recipients),
    queued: Number(x.queued),
    sent: Number(x.sent),
    failed: Number(x.failed),
    cancelled: Number(x.cancelled),
  }))
}
