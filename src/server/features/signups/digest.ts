import type { Config } from '../../config.ts'
import { enqueue } from '../../../mail-core/enqueue.ts'
import { signupDigest } from '../../../emails/signup-digest.kind.ts'
import type { Db } from '../../db/db.ts'
import type { Logger } from '../../log.ts'

const DAY = 24 * 60 * 60 * 1000

/**
 * Queues the sign-up summary of `day` (YYYY-MM-DD, UTC) for every owner; at most once per day and
 * owner whatever the number of processes or restarts (dedupe_key). Returns how many were queued.
 */
export async function queueSignupDigest(db: Db, day: string): Promise<number> {
  const r = await db.query<{ count: string | number; total: string | number; owners: string[] | null }>(
    `select
       (select count(*) from public.beta_signups
        where created_at >= ($1::date)::timestamp at time zone 'UTC'
          and created_at < ($1::date + 1)::timestamp at time zone 'UTC') as count,
       (select count(*) from public.beta_signups) as total,
       (select array_agg(email order by email) from app_private.owner_emails) as owners`,
    [day],
  )
  const { count, total, owners } = r.rows[0]!
  const payload = { day, count: Number(count), total: Number(total) }
  const queued = await enqueue(
    db,
    signupDigest,
    (owners ?? []).map((owner) => ({ to: owner, key: { day, owner }, payload })),
  )
  return queued.length
}

/** Milliseconds from `now` to the next `hour`:00 UTC (0 when it is that moment). */
export function msUntilHour(now: number, hour: number): number {
  const d = new Date(now)
  const at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour)
  return at >= now ? at - now : at + DAY - now
}

/**
 * The optional daily digest (OWNER_DIGEST_HOUR). Off: no timer at all. On: one timer a day. At
 * start, a digest whose hour already passed today is queued at once (deduplicated), so a restart
 * never skips a day.
 */
export function createSignupDigest(deps: {
  db: Db
  logger: Logger
  config: Pick<Config, 'OWNER_DIGEST_HOUR'>
  wakeEmailQueue: () => void
  now?: () => number
}) {
  const { db, logger, config } = deps
  const now = deps.now ?? Date.now
  let timer: NodeJS.Timeout | undefined
  let running = false

  async function due(): Promise<void> {
    const yesterday = new Date(now() - DAY).toISOString().slice(0, 10)
    try {
      const queued = await queueSignupDigest(db, yesterday)
      if (queued > 0) {
        logger.info({ event: 'owner.digest', day: yesterday, queued }, 'sign-up digest queued')
        deps.wakeEmailQueue()
      }
    } catch (err) {
      logger.error({ err }, 'sign-up digest could not be queued')
    }
  }

  function schedule(): void {
    if (!running) return
    const hour = config.OWNER_DIGEST_HOUR!
    // +1 s so the timer lands after the hour, never a hair before it.
    timer = setTimeout(() => void due().then(schedule), msUntilHour(now(), hour) + 1000)
    timer.unref()
  }

  return {
    start(): void {
      if (config.OWNER_DIGEST_HOUR === undefined || running) return
      running = true
      if (new Date(now()).getUTCHours() >= config.OWNER_DIGEST_HOUR) void due()
      schedule()
    },
    stop(): void {
      running = false
      clearTimeout(timer)
      timer = undefined
    },
  }
}
