import type { Db } from '../../db/db.ts'
import type { Logger } from '../../log.ts'
import { createSaltStore, dayBefore, utcDay } from './salts.ts'

// Today's and yesterday's salts in memory, and their deletion 48 hours after their day began.
// docs/decisions/launch-analytics.md

type Pair = { salt: Buffer; previous: Buffer | null }

export function createSaltDays(deps: { db: Db; logger: Logger; now: () => number; closed: () => boolean }) {
  const { logger, now } = deps
  const salts = createSaltStore(deps.db)
  /** Today's and yesterday's salts, once a flush has loaded them: the request path hashes at once. */
  const pairs = new Map<string, Pair>()
  let purgedDay: string | undefined
  let purgeTimer: NodeJS.Timeout | undefined

  async function pairFor(day: string): Promise<Pair> {
    const known = pairs.get(day)
    if (known) return known
    const pair = { salt: await salts.ensure(day), previous: (await salts.find(dayBefore(day))) ?? null }
    pairs.set(day, pair)
    for (const d of pairs.keys()) if (d < dayBefore(day)) pairs.delete(d)
    return pair
  }

  /** Deletes the salts (and visitor rows) 48 hours after their day began; once per UTC day per process. */
  async function purge(): Promise<void> {
    const today = utcDay(now())
    const gone = await salts.purgeBefore(today)
    if (gone) logger.info({ event: 'analytics.purged', salts: gone }, 'expired visitor salts deleted')
    for (const d of pairs.keys()) if (d < dayBefore(today)) pairs.delete(d)
    purgedDay = today
    // While this process holds salts, one timer at the next midnight deletes the one that expires
    // then; with none left (two days without a visit) nothing is scheduled.
    clearTimeout(purgeTimer)
    purgeTimer = undefined
    if (pairs.size && !deps.closed()) {
      const next = (Math.floor(now() / 86_400_000) + 1) * 86_400_000
      purgeTimer = setTimeout(() => void purge().catch(() => {}), next - now() + 1_000)
      purgeTimer.unref()
    }
  }

  /**
   * The day's purge, when not yet done. It never fails its caller (a flush that runs unawaited, a
   * sign-up, the console): a failure is logged, and the next call tries again.
   */
  async function purgeIfDue(): Promise<void> {
    if (purgedDay === utcDay(now())) return
    try {
      await purge()
    } catch (err) {
      logger.warn({ err, event: 'analytics.purge_failed' }, 'old salts could not be deleted yet; trying again later')
    }
  }

  return {
    /** The day's pair if loaded already (no query): the request path hashes at once with it. */
    loaded: (day: string) => pairs.get(day),
    pairFor,
    /** The day's salt if it exists; never made (a sign-up looks, it does not create). */
    find: (day: string) => salts.find(day),
    purge,
    purgeIfDue,
    stop(): void {
      clearTimeout(purgeTimer)
      purgeTimer = undefined
    },
  }
}
