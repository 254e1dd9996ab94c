import type { Config } from '../../config.ts'
import type { Db } from '../../db/db.ts'
import type { Logger } from '../../log.ts'
import { isDatabaseUnavailable } from '../../../shared/http/errors.ts'
import { recordThresholdReached } from './queries.ts'

// play.threshold_reached: "12 testers for 14 days" becomes true at a UTC midnight, by the passing
// of time, so no trigger sees it. The watch computes the console's card (playTestingSummary) at
// start, after each tester's answer, and at the one moment the rule can come true (the card's
// "apply on" day); the database remembers each stretch it emitted for (migration
// 20261126170100), so it is never sent twice. Idle costs nothing: no answer and no pending
// "apply on" day, no timer at all. docs/decisions/play-closed-testing.md

/** setTimeout's longest wait; a later "apply on" day is reached in hops. */
const MAX_TIMER_MS = 2 ** 31 - 1
/** After a failed check (the database away): one more try, so a pending day is not forgotten. */
const RETRY_MS = 60_000

export type PlayThresholdWatch = {
  start(): void
  stop(): void
  /** A tester answered (joined, left): the count may have changed. */
  poke(): void
  /** The check in flight, if any (tests). */
  settled(): Promise<void>
  /** No check running and no timer set: where a server whose test is not near its day rests. */
  idle(): boolean
}

export function createPlayThresholdWatch(deps: {
  db: Db
  logger: Logger
  config: Pick<Config, 'PLAY_REQUIRED_TESTERS' | 'PLAY_REQUIRED_DAYS'>
  /** After the event was written: the webhook sender sends it now. */
  wakeOutbound: () => void
  now?: () => number
}): PlayThresholdWatch {
  const { db, logger, config } = deps
  const rule = { required: config.PLAY_REQUIRED_TESTERS, days: config.PLAY_REQUIRED_DAYS }
  const now = deps.now ?? Date.now
  let running = false
  let timer: NodeJS.Timeout | undefined
  let inFlight: Promise<void> | undefined
  let again = false

  async function check(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    const { recorded, progress } = await recordThresholdReached(db, rule, new Date(now()))
    if (recorded) {
      logger.info(
        { event: 'play.threshold_reached', testers: progress.counting, since: progress.requiredSince },
        'the Play closed test has reached its testers and days',
      )
      deps.wakeOutbound()
    }
    // Enough testers, days still to go: wake at the day the card names, not before.
    if (running && !progress.reached && progress.applyOn !== null) {
      const wait = Date.parse(`${progress.applyOn}T00:00:00Z`) - now()
      timer = setTimeout(() => runCheck(), Math.min(Math.max(wait, 0), MAX_TIMER_MS))
      timer.unref()
    }
  }

  function runCheck(): void {
    if (!running) return
    // A poke during a check runs one more after it: the answer may have come after its read.
    if (inFlight) {
      again = true
      return
    }
    inFlight = check()
      .catch((err: unknown) => {
        if (!isDatabaseUnavailable(err)) logger.error({ err }, 'the Play threshold check failed')
        if (running && !timer) {
          timer = setTimeout(() => runCheck(), RETRY_MS)
          timer.unref()
        }
      })
      .finally(() => {
        inFlight = undefined
        if (again) {
          again = false
          runCheck()
        }
      })
  }

  return {
    start() {
      if (running) return
      running = true
      // After a restart: a day reached while no process ran is told now.
      runCheck()
    },
    stop() {
      running = false
      clearTimeout(timer)
      timer = undefined
    },
    poke: runCheck,
    async settled() {
      while (inFlight) await inFlight
    },
    idle: () => inFlight === undefined && timer === undefined,
  }
}
