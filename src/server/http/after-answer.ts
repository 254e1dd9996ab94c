import type { Context } from 'hono'
import type { ServerResponse } from 'node:http'

/**
 * Work a request starts once its answer has left (`POST /admin/auth/email` must answer
 * before the owner's database work, so its timing does not tell whether an address is an
 * owner's). The work is tracked: shutdown waits for it before the database closes, so an
 * answered request's link is still queued, and tests wait for it before they empty tables.
 */
export type AfterAnswer = {
  /** Runs `work` after the answer; `work` handles (logs) its own errors. */
  run(c: Context, work: () => Promise<void>): void
  /** Resolves when all work started so far, and any it started, has ended. */
  settled(): Promise<void>
}

export function createAfterAnswer(): AfterAnswer {
  const running = new Set<Promise<void>>()
  return {
    run(c, work) {
      // Registered now, before the answer leaves, so that `settled` already waits for it.
      const tracked: Promise<void> = new Promise<void>((answered) => whenAnswered(c, answered))
        .then(work)
        .catch(() => {})
        .finally(() => running.delete(tracked))
      running.add(tracked)
    },
    async settled() {
      while (running.size) await Promise.all(running)
    },
  }
}

/**
 * On Node, after the response's last byte was handed to the socket (on PGlite the work's query
 * blocks the thread, and the answer must not wait for it); elsewhere (app.request in tests) on
 * the next turn of the event loop, after the answer was returned.
 */
function whenAnswered(c: Context, fn: () => void): void {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing
  if (outgoing && !outgoing.writableFinished) {
    // Not in 'finish' itself: Node corks the socket and flushes on the next tick, and PGlite's
    // query would hold the thread before the bytes left (the bench measured 1.8 ms of it).
    outgoing.once('finish', () => setImmediate(fn))
    // A client that leaves before the answer ends still asked for its link.
    outgoing.once('close', () => {
      if (!outgoing.writableFinished) fn()
    })
  } else setImmediate(fn)
}
