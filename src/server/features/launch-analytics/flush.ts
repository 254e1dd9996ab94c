import { isDatabaseUnavailable } from '../../../shared/http/errors.ts'
import type { Db } from '../../db/db.ts'
import type { Logger } from '../../log.ts'
import { writeBatch, type Batch } from './queries.ts'
import { turn } from './visit-buffer.ts'

// The flush: one timer while something waits in memory, none while idle; batches that fail because
// the database is away are kept and retried with the same id (never written twice).
// docs/decisions/launch-analytics.md

/** Batches kept for a retry while the database is away (a minute of a flood, hours of a launch). */
const MAX_UNSENT = 2_000

export function createFlusher(deps: {
  db: Db
  logger: Logger
  flushMs: number
  /** Takes what is buffered as batches (may fail: the buffer stays for the next try). */
  take: () => Promise<Batch[]>
  /** Whether anything waits in memory besides the unsent batches. */
  buffered: () => boolean
  /** After every batch is written. */
  written: () => Promise<void>
}) {
  const { db, logger } = deps
  const unsent: Batch[] = []
  let timer: NodeJS.Timeout | undefined
  let flushing: Promise<void> | undefined
  let closed = false

  function schedule(): void {
    if (timer || closed) return
    timer = setTimeout(() => {
      timer = undefined
      void flush()
    }, deps.flushMs)
    timer.unref()
  }

  /** Writes what is buffered; a failed batch is kept and retried with the same id (never twice). */
  function flush(): Promise<void> {
    flushing ??= (async () => {
      clearTimeout(timer)
      timer = undefined
      try {
        try {
          unsent.push(...(await deps.take()))
        } catch (err) {
          logger.warn({ err, event: 'analytics.flush_failed' }, 'visits could not be prepared; retrying')
        }
        while (unsent.length) {
          try {
            await writeBatch(db, unsent[0]!)
            unsent.shift()
            // One small transaction at a time, the event loop free in between.
            if (unsent.length) await turn()
          } catch (err) {
            // A database that is away: keep the batch and try again. Anything else would fail the
            // same way every time: log it and let the batch go rather than retry it forever.
            if (!isDatabaseUnavailable(err)) {
              logger.error({ err, event: 'analytics.batch_dropped' }, 'counted visits could not be written')
              unsent.shift()
              continue
            }
            logger.warn({ err, event: 'analytics.flush_failed' }, 'visits could not be written; retrying')
            if (unsent.length > MAX_UNSENT) unsent.splice(0, unsent.length - MAX_UNSENT)
            break
          }
        }
        if (!unsent.length) await deps.written()
      } finally {
        flushing = undefined
        if (deps.buffered() || unsent.length > 0) schedule()
      }
    })()
    return flushing
  }

  return {
    schedule,
    flush,
    get armed() {
      return timer !== undefined
    },
    /** No timer from now on (shutdown, after the last flush). */
    stop(): void {
      closed = true
      clearTimeout(timer)
      timer = undefined
    },
  }
}
