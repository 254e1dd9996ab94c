import type { Db, Tx } from '../../db/db.ts'
import type { DeliveryAttempt, DestinationKind, EndpointView } from '../../../shared/outbound-events.ts'
import { enqueue } from '../../../mail-core/enqueue.ts'
import { webhookPaused } from '../../../emails/webhook-paused.kind.ts'
import { secretHint } from './signing.ts'

// The statements of outbound webhooks: endpoints, the deliveries' queue (claim, outcomes, next
// due) and the log. Events and deliveries are inserted by triggers (migration 20261126130000).

type Queryable = Db | Tx

type EndpointRow = {
  id: string | number
  kind: DestinationKind
  url: string
  description: string
  events: string[]
  enabled: boolean
  full_addresses: boolean
  secret: string
  previous_secret_until: Date | string | null
  paused_reason: string | null
  failing_since: Date | string | null
  created_at: Date | string
  pending: string | number
  delivered: string | number
  failed: string | number
}

const iso = (d: Date | string) => new Date(d).toISOString()

const ENDPOINT_COLUMNS = `e.id, e.kind, e.url, e.description, e.events, e.enabled, e.full_addresses, e.secret,
  case when e.previous_secret_until > now() then e.previous_secret_until end as previous_secret_until,
  e.paused_reason, e.failing_since, e.created_at,
  (select count(*) from app_private.outbound_deliveries d where d.endpoint_id = e.id and d.status in ('pending', 'sending')) as pending,
  (select count(*) from app_private.outbound_deliveries d where d.endpoint_id = e.id and d.status = 'delivered') as delivered,
  (select count(*) from app_private.outbound_deliveries d where d.endpoint_id = e.id and d.status = 'failed') as failed`

function endpointView(r: EndpointRow): EndpointView {
  return {
    id: Number(r.id),
    kind: r.kind,
    url: r.url,
    description: r.description,
    events: r.events,
    enabled: r.enabled,
    fullAddresses: r.full_addresses,
    secretHint: secretHint(r.secret),
    rotating: r.previous_secret_until !== null,
    pausedReason: r.paused_reason,
    failingSince: r.failing_since ? iso(r.failing_since) : null,
    createdAt: iso(r.created_at),
    pending: Number(r.pending),
    delivered: Number(r.delivered),
    failed: Number(r.failed),
  }
}

export async function listEndpoints(db: Queryable): Promise<EndpointView[]> {
  const r = await db.query<EndpointRow>(
    `select ${ENDPOINT_COLUMNS} from app_private.outbound_endpoints e order by e.id`,
  )
  return r.rows.map(endpointView)
}

export async function endpointById(db: Queryable, id: number): Promise<EndpointView | null> {
  const r = await db.query<EndpointRow>(
    `select ${ENDPOINT_COLUMNS} from app_private.outbound_endpoints e where e.id = $1`,
    [id],
  )
  return r.rows[0] ? endpointView(r.rows[0]) : null
}

export type EndpointFields = {
  kind: DestinationKind
  url: string
  description: string
  events: string[]
  enabled: boolean
  fullAddresses: boolean
}

export async function createEndpoint(db: Queryable, fields: EndpointFields, secret: string): Promise<number> {
  const r = await db.query<{ id: string | number }>(
    `insert into app_private.outbound_endpoints (url, description, events, enabled, full_addresses, secret, kind)
     values ($1, $2, $3::text[], $4, $5, $6, $7) returning id`,
    [fields.url, fields.description, fields.events, fields.enabled, fields.fullAddresses, secret, fields.kind],
  )
  return Number(r.rows[0]!.id)
}

/** Saves the owner's changes; enabling an endpoint again clears why the sender paused it. */
export async function updateEndpoint(db: Queryable, id: number, fields: EndpointFields): Promise<boolean> {
  const r = await db.query(
    `update app_private.outbound_endpoints
     set url = $2, description = $3, events = $4::text[], enabled = $5, full_addresses = $6, kind = $7,
         paused_reason = case when $5 then null else paused_reason end,
         failing_since = case when $5 and not enabled then null else failing_since end
     where id = $1`,
    [id, fields.url, fields.description, fields.events, fields.enabled, fields.fullAddresses, fields.kind],
  )
  return r.rowCount === 1
}

export async function deleteEndpoint(db: Queryable, id: number): Promise<boolean> {
  const r = await db.query('delete from app_private.outbound_endpoints where id = $1', [id])
  return r.rowCount === 1
}

/** A new secret; the old one keeps signing for `overlapMs` so receivers can switch without a gap. */
export async function rotateSecret(db: Queryable, id: number, secret: string, overlapMs: number): Promise<boolean> {
  const r = await db.query(
    `update app_private.outbound_endpoints
     set previous_secret = secret, secret = $2,
         previous_secret_until = now() + make_interval(secs => $3::double precision / 1000)
     where id = $1`,
    [id, secret, overlapMs],
  )
  return r.rowCount === 1
}

/** Queues the test event for this endpoint alone. */
export async function queueTestEvent(db: Db, endpointId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await tx.query<{ id: string | number }>(
      `insert into app_private.outbound_events (type, data) values ('webhook.test', $1::jsonb) returning id`,
      [JSON.stringify({ message: 'A test event from the console.', endpoint_id: endpointId })],
    )
    await tx.query('insert into app_private.outbound_deliveries (endpoint_id, event_id) values ($1, $2)', [
      endpointId,
      r.rows[0]!.id,
    ])
  })
}

/** Sends one delivery again now, under its own webhook-id; false when there is no such delivery. */
export async function replayDelivery(db: Queryable, endpointId: number, deliveryId: number): Promise<boolean> {
  const r = await db.query(
    `update app_private.outbound_deliveries
     set status = 'pending', next_attempt_at = now(), attempts = 0, locked_until = null
     where id = $1 and endpoint_id = $2 and status <> 'sending'`,
    [deliveryId, endpointId],
  )
  return r.rowCount === 1
}

/**
 * Everything since a time, again: deliveries this endpoint already has are sent again (same
 * webhook-id); events it wanted but never got (it was paused, or added later) get one.
 */
export async function replaySince(db: Db, endpointId: number, since: string): Promise<number> {
  return db.transaction(async (tx) => {
    const again = await tx.query(
      `update app_private.outbound_deliveries d
       set status = 'pending', next_attempt_at = now(), attempts = 0, locked_until = null
       from app_private.outbound_events ev
       where ev.id = d.event_id and d.endpoint_id = $1 and ev.created_at >= $2::timestamptz and d.status <> 'sending'`,
      [endpointId, since],
    )
    const missed = await tx.query(
      `insert into app_private.outbound_deliveries (endpoint_id, event_id)
       select e.id, ev.id from app_private.outbound_endpoints e
       join app_private.outbound_events ev on ev.type = any (e.events) and ev.created_at >= $2::timestamptz
       where e.id = $1
       on conflict (endpoint_id, event_id) do nothing`,
      [endpointId, since],
    )
    return (again.rowCount ?? 0) + (missed.rowCount ?? 0)
  })
}

type AttemptRow = {
  id: string | number
  delivery_id: string | number
  message_id: string
  type: string
  at: Date | string
  status: number | null
  latency_ms: number
  response: string
  delivery_status: DeliveryAttempt['deliveryStatus']
}

/** The newest attempts of one endpoint, newest first. */
export async function deliveryLog(db: Queryable, endpointId: number, limit = 100): Promise<DeliveryAttempt[]> {
  const r = await db.query<AttemptRow>(
    `select a.id, a.delivery_id, d.message_id, ev.type, a.at, a.status, a.latency_ms, a.response, d.status as delivery_status
     from app_private.outbound_attempts a
     join app_private.outbound_deliveries d on d.id = a.delivery_id
     join app_private.outbound_events ev on ev.id = d.event_id
     where a.endpoint_id = $1
     order by a.id desc limit $2`,
    [endpointId, limit],
  )
  return r.rows.map((x) => ({
    id: Number(x.id),
    deliveryId: Number(x.delivery_id),
    messageId: x.message_id,
    event: x.type,
    at: iso(x.at),
    status: x.status === null ? null : Number(x.status),
    latencyMs: Number(x.latency_ms),
    response: x.response,
    deliveryStatus: x.delivery_status,
  }))
}

export type ClaimedDelivery = {
  id: number
  messageId: string
  attempts: number
  /** It was 'sending' past its lease: the previous attempt's outcome was never recorded. */
  unfinished: boolean
  endpointId: number
  url: string
  secrets: string[]
  fullAddresses: boolean
  type: string
  data: Record<string, unknown>
  eventTime: string
}

/**
 * Claims one due delivery of an enabled endpoint: a pending one whose time has come, or one left
 * 'sending' past its lease by a process that died (it goes out again under the same webhook-id).
 */
export async function claimDueDelivery(db: Queryable, leaseMs: number): Promise<ClaimedDelivery | null> {
  const r = await db.query<{
    id: string | number
    message_id: string
    attempts: number
    endpoint_id: string | number
    url: string
    secret: string
    previous_secret: string | null
    full_addresses: boolean
    type: string
    data: Record<string, unknown>
    created_at: Date | string
    unfinished: boolean
  }>(
    `with due as (
       select d.id, d.status = 'sending' as unfinished from app_private.outbound_deliveries d
       join app_private.outbound_endpoints e on e.id = d.endpoint_id and e.enabled and e.kind = 'webhook'
       where (d.status = 'pending' and d.next_attempt_at <= now())
          or (d.status = 'sending' and d.locked_until < now())
       order by d.next_attempt_at
       limit 1
       for update of d skip locked
     )
     update app_private.outbound_deliveries d
     set status = 'sending', attempts = d.attempts + 1,
         locked_until = now() + make_interval(secs => $1::double precision / 1000)
     from due, app_private.outbound_endpoints e, app_private.outbound_events ev
     where d.id = due.id and e.id = d.endpoint_id and ev.id = d.event_id
     returning d.id, d.message_id, d.attempts, d.endpoint_id, e.url, e.secret,
       case when e.previous_secret_until > now() then e.previous_secret end as previous_secret,
       e.full_addresses, ev.type, ev.data, ev.created_at, due.unfinished`,
    [leaseMs],
  )
  const x = r.rows[0]
  if (!x) return null
  return {
    id: Number(x.id),
    messageId: x.message_id,
    attempts: Number(x.attempts),
    unfinished: x.unfinished,
    endpointId: Number(x.endpoint_id),
    url: x.url,
    secrets: [x.secret, ...(x.previous_secret ? [x.previous_secret] : [])],
    fullAddresses: x.full_addresses,
    type: x.type,
    data: x.data,
    eventTime: iso(x.created_at),
  }
}

export async function recordAttempt(
  db: Queryable,
  d: Pick<ClaimedDelivery, 'id' | 'endpointId'>,
  a: { status: number | null; latencyMs: number; response: string },
): Promise<void> {
  await db.query(
    `insert into app_private.outbound_attempts (delivery_id, endpoint_id, status, latency_ms, response)
     values ($1, $2, $3, $4, $5)`,
    [d.id, d.endpointId, a.status, a.latencyMs, a.response.slice(0, 1024)],
  )
}

export async function markDelivered(db: Queryable, d: ClaimedDelivery, status: number): Promise<void> {
  await db.query(
    `with d as (
       update app_private.outbound_deliveries
       set status = 'delivered', delivered_at = now(), locked_until = null, last_status = $2, last_error = null
       where id = $1 returning endpoint_id
     )
     update app_private.outbound_endpoints e set failing_since = null from d where e.id = d.endpoint_id`,
    [d.id, status],
  )
}

/**
 * A failed attempt: again after `retryInMs`, or for good (null). The endpoint's failing streak
 * starts with its first failure; returns whether that streak is now older than `pauseAfterMs`,
 * in which case the endpoint has just been paused.
 */
export async function markFailed(
  db: Queryable,
  d: ClaimedDelivery,
  outcome: { status: number | null; error: string; retryInMs: number | null; pauseAfterMs: number },
): Promise<boolean> {
  const r = await db.query<{ paused: boolean }>(
    `with d as (
       update app_private.outbound_deliveries
       set status = case when $3::double precision is null then 'failed' else 'pending' end,
           next_attempt_at = case when $3::double precision is null then next_attempt_at
             else now() + make_interval(secs => $3::double precision / 1000) end,
           locked_until = null, last_status = $2, last_error = $4
       where id = $1 returning endpoint_id
     )
     update app_private.outbound_endpoints e
     set failing_since = coalesce(e.failing_since, now()),
         enabled = e.enabled and not coalesce(e.failing_since < now() - make_interval(secs => $5::double precision / 1000), false),
         paused_reason = case
           when e.enabled and coalesce(e.failing_since < now() - make_interval(secs => $5::double precision / 1000), false)
           then 'every delivery failed for ' || round($5::numeric / 86400000, 1) || ' days' else e.paused_reason end
     from d where e.id = d.endpoint_id
     returning (not e.enabled and e.paused_reason like 'every delivery failed%'
       and coalesce(e.failing_since < now() - make_interval(secs => $5::double precision / 1000), false)) as paused`,
    [d.id, outcome.status, outcome.retryInMs, outcome.error.slice(0, 1000), outcome.pauseAfterMs],
  )
  return r.rows[0]?.paused === true
}

/** 410 Gone: the receiver says the endpoint is no more; it is paused until the owner enables it. */
export async function pauseEndpoint(db: Queryable, endpointId: number, reason: string): Promise<void> {
  await db.query('update app_private.outbound_endpoints set enabled = false, paused_reason = $2 where id = $1', [
    endpointId,
    reason,
  ])
}

/** Milliseconds until the next delivery is due (0: now), or null when none waits. */
export async function msUntilNextDue(db: Queryable): Promise<number | null> {
  const r = await db.query<{ ms: number | string | null }>(
    `select extract(epoch from min(greatest(
         case when d.status = 'pending' then d.next_attempt_at else d.locked_until end,
         case when e.kind <> 'webhook' then e.next_message_at end)) - now()) * 1000 as ms
     from app_private.outbound_deliveries d
     join app_private.outbound_endpoints e on e.id = d.endpoint_id and e.enabled
     where d.status in ('pending', 'sending')`,
  )
  const ms = r.rows[0]?.ms
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms))
}

export type ChatBatch = {
  endpointId: number
  kind: Exclude<DestinationKind, 'webhook'>
  url: string
  fullAddresses: boolean
  deliveries: {
    id: number
    attempts: number
    /** Left 'sending' past its lease: the previous attempt's outcome was never recorded. */
    unfinished: boolean
    type: string
    data: Record<string, unknown>
    eventTime: string
  }[]
}

/**
 * Claims everything due for one chat destination whose next message may go now, up to `limit`
 * (the oldest first), and holds the destination's next message back by `intervalMs`: what
 * arrives meanwhile waits for one grouped message. SKIP LOCKED on the destination keeps two
 * senders from grouping the same events.
 */
export async function claimChatBatch(
  db: Db,
  leaseMs: number,
  intervalMs: number,
  limit: number,
): Promise<ChatBatch | null> {
  return db.transaction(async (tx) => {
    const e = await tx.query<{ id: string | number; kind: ChatBatch['kind']; url: string; full_addresses: boolean }>(
      `select e.id, e.kind, e.url, e.full_addresses from app_private.outbound_endpoints e
       where e.enabled and e.kind <> 'webhook' and (e.next_message_at is null or e.next_message_at <= now())
         and exists (select 1 from app_private.outbound_deliveries d where d.endpoint_id = e.id
           and ((d.status = 'pending' and d.next_attempt_at <= now()) or (d.status = 'sending' and d.locked_until < now())))
       order by e.next_message_at nulls first limit 1
       for update of e skip locked`,
    )
    const endpoint = e.rows[0]
    if (!endpoint) return null
    const d = await tx.query<{
      id: string | number
      attempts: number
      type: string
      data: Record<string, unknown>
      created_at: Date | string
      unfinished: boolean
    }>(
      `with due as (
         select d.id, d.status = 'sending' as unfinished from app_private.outbound_deliveries d
         where d.endpoint_id = $1
           and ((d.status = 'pending' and d.next_attempt_at <= now()) or (d.status = 'sending' and d.locked_until < now()))
         order by d.id limit $3
         for update skip locked
       )
       update app_private.outbound_deliveries d
       set status = 'sending', attempts = d.attempts + 1,
           locked_until = now() + make_interval(secs => $2::double precision / 1000)
       from due, app_private.outbound_events ev
       where d.id = due.id and ev.id = d.event_id
       returning d.id, d.attempts, ev.type, ev.data, ev.created_at, due.unfinished`,
      [endpoint.id, leaseMs, limit],
    )
    await tx.query(
      `update app_private.outbound_endpoints
       set next_message_at = now() + make_interval(secs => $2::double precision / 1000) where id = $1`,
      [endpoint.id, intervalMs],
    )
    return {
      endpointId: Number(endpoint.id),
      kind: endpoint.kind,
      url: endpoint.url,
      fullAddresses: endpoint.full_addresses,
      deliveries: d.rows
        .map((x) => ({
          id: Number(x.id),
          attempts: Number(x.attempts),
          unfinished: x.unfinished,
          type: x.type,
          data: x.data,
          eventTime: iso(x.created_at),
        }))
        .sort((a, b) => a.id - b.id),
    }
  })
}

/** The service asked us to wait (429, an exhausted rate-limit bucket): no message before then. */
export async function holdChatUntil(db: Queryable, endpointId: number, waitMs: number): Promise<void> {
  await db.query(
    `update app_private.outbound_endpoints
     set next_message_at = greatest(coalesce(next_message_at, now()), now() + make_interval(secs => $2::double precision / 1000))
     where id = $1`,
    [endpointId, waitMs],
  )
}

/**
 * The email queue has had emails due for 30 minutes and sent none in that time: one
 * email.queue_stalled event, unless one was recorded in the last six hours. Returns whether one
 * was recorded now.
 */
export async function recordQueueStall(db: Queryable): Promise<boolean> {
  const r = await db.query(
    `with q as (
       select count(*) filter (where status in ('pending', 'sending') and next_attempt_at < now() - interval '30 minutes') as due,
              min(next_attempt_at) filter (where status in ('pending', 'sending')) as oldest_due_at,
              max(sent_at) as last_sent_at
       from app_private.email_queue
     ), stalled as (
       select * from q where due > 0 and (last_sent_at is null or last_sent_at < now() - interval '30 minutes')
         and not exists (select 1 from app_private.outbound_events
                         where type = 'email.queue_stalled' and created_at > now() - interval '6 hours')
     )
     select app_private.emit_outbound_event('email.queue_stalled', null,
       jsonb_build_object('due', due, 'oldest_due_at', oldest_due_at, 'last_sent_at', last_sent_at))
     from stalled`,
  )
  return r.rows.length > 0
}

/** Queues the paused-endpoint notice to every owner, once per failing streak; returns how many were queued. */
export async function notifyOwnersOfPause(db: Queryable, endpointId: number): Promise<number> {
  const r = await db.query<{ url: string; failing_since: Date | string; paused_reason: string; owner: string }>(
    `select e.url, e.failing_since, e.paused_reason, o.email as owner
     from app_private.outbound_endpoints e cross join app_private.owner_emails o
     where e.id = $1 and e.failing_since is not null and e.paused_reason is not null`,
    [endpointId],
  )
  const items = r.rows.map((x) => ({
    to: x.owner,
    key: { endpointId, since: iso(x.failing_since), owner: x.owner },
    payload: { endpoint: x.url, since: iso(x.failing_since), reason: x.paused_reason },
  }))
  return (await enqueue(db, webhookPaused, items)).length
}

/**
 * The retention purge, when it is due: events older than `retentionDays` go with their deliveries
 * and log (cascade), whatever their outcome (a paused endpoint's waiting deliveries too), except
 * one on the wire right now. The process that moves `next_purge_at` forward a day does it, so
 * several processes purge once between them. Returns how many events went (null: not this
 * process's turn) and when the next purge is due.
 */
export async function purgeOldEvents(
  db: Db,
  retentionDays: number,
): Promise<{ purged: number | null; nextAt: number }> {
  return db.transaction(async (tx) => {
    const turn = await tx.query<{ next_purge_at: Date | string }>(
      `insert into app_private.outbound_housekeeping (id, next_purge_at) values (true, now() + interval '1 day')
       on conflict (id) do update set next_purge_at = excluded.next_purge_at
       where app_private.outbound_housekeeping.next_purge_at <= now()
       returning next_purge_at`,
    )
    if (!turn.rows[0]) {
      const r = await tx.query<{ next_purge_at: Date | string }>(
        'select next_purge_at from app_private.outbound_housekeeping',
      )
      return { purged: null, nextAt: new Date(r.rows[0]!.next_purge_at).getTime() }
    }
    const gone = await tx.query(
      `delete from app_private.outbound_events ev
       where ev.created_at < now() - make_interval(days => $1::integer)
         and not exists (select 1 from app_private.outbound_deliveries d
                         where d.event_id = ev.id and d.status = 'sending' and d.locked_until > now())`,
      [retentionDays],
    )
    return { purged: gone.rowCount ?? 0, nextAt: new Date(turn.rows[0].next_purge_at).getTime() }
  })
}
