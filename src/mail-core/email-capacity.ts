import { emailCapacity } from '../emails/email-capacity.kind.ts'
import { drainMinutes, type EmailQueueState } from '../shared/email-queue.ts'
import type { MailDb, Queryable } from './db.ts'
import { enqueue } from './enqueue.ts'
import type { ProviderPause } from './transport.ts'

// The email queue against the provider's capacity (issue 52, item 3): the pause a provider asks
// for, the queue's state for the console and /metrics, and the owners' notice when the day's
// quota will not be enough. The budget itself is taken in the claim (queue-rows.ts).
// docs/decisions/email-capacity.md

/** The plan's limits as the settings give them (EMAIL_RATE_PER_SECOND, EMAIL_DAILY_LIMIT); absent: unlimited. */
export type CapacitySettings = { EMAIL_RATE_PER_SECOND?: number; EMAIL_DAILY_LIMIT?: number }

/** No process sends before the pause ends; a longer pause already recorded stands. */
export async function pauseSending(db: Queryable, pause: ProviderPause): Promise<void> {
  await db.query(
    `update app_private.email_budget
     set paused_until = greatest(coalesce(paused_until, '-infinity'), clock_timestamp() + make_interval(secs => $1::double precision / 1000)),
         pause_reason = left($2, 500),
         quota_hit_on = case when $3::boolean then (now() at time zone 'UTC')::date else quota_hit_on end
     where id`,
    [pause.ms, pause.reason, pause.dailyQuota ?? false],
  )
}

type BudgetRow = {
  sent_today: number | string
  paused_s: number | string
  pause_reason: string | null
  paused_until: Date | string | null
  quota_hit_today: boolean
  to_midnight_s: number | string
  sent_last_minute: number | string
}

/** What waits, the pace and the drain time, as every process reads it from the database. */
export async function readEmailQueueState(db: Queryable, settings: CapacitySettings): Promise<EmailQueueState> {
  const waiting = await db.query<{ kind: string; n: number | string }>(
    `select kind, count(*) as n from app_private.email_queue
     where status in ('pending', 'sending') and next_attempt_at < 'infinity'
     group by kind order by count(*) desc, kind`,
  )
  const budget = await db.query<BudgetRow>(
    `select case when b.day = (now() at time zone 'UTC')::date then b.day_sent else 0 end as sent_today,
       greatest(0, extract(epoch from b.paused_until - now())) as paused_s,
       case when b.paused_until > now() then b.pause_reason end as pause_reason,
       case when b.paused_until > now() then b.paused_until end as paused_until,
       coalesce(b.quota_hit_on = (now() at time zone 'UTC')::date, false) as quota_hit_today,
       extract(epoch from (((now() at time zone 'UTC')::date + 1)::timestamp at time zone 'UTC') - now()) as to_midnight_s,
       (select count(*) from app_private.email_queue where sent_at > now() - interval '1 minute') as sent_last_minute
     from app_private.email_budget b where b.id`,
  )
  const b = budget.rows[0]
  const kinds = waiting.rows.map((r) => ({ kind: r.kind, count: Number(r.n) }))
  const pausedUntil = b?.paused_until ? new Date(b.paused_until).toISOString() : null
  return estimate({
    waiting: kinds,
    ratePerSecond: settings.EMAIL_RATE_PER_SECOND ?? null,
    dailyLimit: settings.EMAIL_DAILY_LIMIT ?? null,
    sentToday: Number(b?.sent_today ?? 0),
    sentLastMinute: Number(b?.sent_last_minute ?? 0),
    pausedSeconds: Number(b?.paused_s ?? 0),
    pausedUntil,
    pauseReason: b?.pause_reason ?? null,
    quotaHitToday: b?.quota_hit_today ?? false,
    secondsToMidnight: Number(b?.to_midnight_s ?? 86_400),
  })
}

/**
 * The drain time: at the configured rate (else the last minute's pace), after any pause, and a
 * day's wait for each daily quota the backlog needs beyond today's remainder.
 */
function estimate(input: {
  waiting: { kind: string; count: number }[]
  ratePerSecond: number | null
  dailyLimit: number | null
  sentToday: number
  sentLastMinute: number
  pausedSeconds: number
  pausedUntil: string | null
  pauseReason: string | null
  quotaHitToday: boolean
  secondsToMidnight: number
}): EmailQueueState {
  const total = input.waiting.reduce((n, w) => n + w.count, 0)
  const pace = input.sentLastMinute / 60
  const remainingToday = input.dailyLimit === null ? null : Math.max(0, input.dailyLimit - input.sentToday)
  const perSecond = input.ratePerSecond ?? (pace > 0 ? pace : null)
  const fitsToday = total === 0 || (!input.quotaHitToday && (remainingToday === null || total <= remainingToday))
  let drainSeconds: number | null = null
  if (total === 0) drainSeconds = 0
  else if (perSecond !== null) {
    if (fitsToday) drainSeconds = input.pausedSeconds + total / perSecond
    else if (input.dailyLimit !== null && input.dailyLimit > 0) {
      const beyond = total - (remainingToday ?? 0)
      const days = Math.ceil(beyond / input.dailyLimit)
      const lastDay = beyond - (days - 1) * input.dailyLimit
      drainSeconds = input.secondsToMidnight + (days - 1) * 86_400 + lastDay / perSecond
    }
  }
  return {
    waiting: input.waiting,
    total,
    ratePerSecond: input.ratePerSecond,
    dailyLimit: input.dailyLimit,
    sentToday: input.sentToday,
    remainingToday,
    pacePerSecond: pace,
    pausedUntil: input.pausedUntil,
    pauseReason: input.pauseReason,
    drainSeconds,
    fitsToday,
  }
}

/**
 * When what waits will not go out within the day's quota: tells the owners once a UTC day, by
 * email and by the `email.capacity_short` event, whichever process notices first (the budget
 * row's `short_warned_on`, set in the same transaction). Returns whether this call told them.
 */
export async function warnIfShort(db: MailDb, state: EmailQueueState): Promise<boolean> {
  if (state.fitsToday) return false
  return db.transaction(async (tx) => {
    const won = await tx.query<{ day: string }>(
      `update app_private.email_budget set short_warned_on = (now() at time zone 'UTC')::date
       where id and short_warned_on is distinct from (now() at time zone 'UTC')::date
       returning to_char(short_warned_on, 'YYYY-MM-DD') as day`,
    )
    const day = won.rows[0]?.day
    if (!day) return false
    const minutes = state.drainSeconds === null ? null : drainMinutes(state.drainSeconds)
    await tx.query(`select app_private.emit_outbound_event('email.capacity_short', null, $1::jsonb)`, [
      JSON.stringify({
        day,
        waiting: state.total,
        daily_limit: state.dailyLimit,
        remaining_today: state.remainingToday,
        drains_in_minutes: minutes,
      }),
    ])
    const owners = await tx.query<{ email: string }>('select email from app_private.owner_emails order by email')
    await enqueue(
      tx,
      emailCapacity,
      owners.rows.map((o) => ({
        to: o.email,
        key: { day, owner: o.email },
        payload: {
          day,
          waiting: state.total,
          dailyLimit: state.dailyLimit,
          remainingToday: state.remainingToday,
          drainMinutes: minutes,
        },
      })),
    )
    return true
  })
}
