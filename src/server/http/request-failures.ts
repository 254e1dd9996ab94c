import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from '../log.ts'
import type { FastPath } from './fast-path.ts'

/**
 * What runs on the request path outside Hono's error handling (the fast path, the HTTP
 * server's own listeners) must never throw into the event loop: a throw in an event listener is
 * an uncaught exception, and the process exits (issue 37: one Range header stopped the server).
 * Each such throw is a bug, so it is logged at error level; at most one line a minute, with the
 * number since the last line, so a request that finds one cannot flood the logs either.
 */
export type FailureLog = (err: unknown, where: string) => void

export function failureLog(logger: Pick<Logger, 'error'>, now: () => number = Date.now): FailureLog {
  let unlogged = 0
  let loggedAt = -Infinity
  return (err, where) => {
    const t = now()
    if (t - loggedAt < 60_000) {
      unlogged++
      return
    }
    logger.error(
      { event: 'request.unhandled_throw', where, err, unlogged },
      `${where} threw outside the app's error handling; the request was answered without it`,
    )
    loggedAt = t
    unlogged = 0
  }
}

/**
 * The fast path, and the app for what it declines or fails on. A throw before anything was
 * written leaves that request to the app (which answers every request the fast path can); after
 * the head was written only the connection can be closed.
 */
export function fastPathThenApp(
  fastPath: FastPath,
  app: (req: IncomingMessage, res: ServerResponse) => void,
  failed: FailureLog,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    let answered: boolean
    try {
      answered = fastPath(req, res)
    } catch (err) {
      failed(err, 'fast path')
      if (res.headersSent) {
        res.destroy()
        return
      }
      answered = false
    }
    if (!answered) app(req, res)
  }
}

/** `@hono/node-server`'s listener, whose promise must not reject unhandled (that too stops the process). */
export function settledListener(
  listener: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  failed: FailureLog,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    let pending: Promise<unknown>
    try {
      pending = listener(req, res)
    } catch (err) {
      pending = Promise.reject(err)
    }
    pending.catch((err: unknown) => {
      failed(err, 'request listener')
      res.destroy()
    })
  }
}

/** A socket-level listener (connection, clientError, checkExpectation) that closes what it holds on a throw. */
export function guarded<A extends unknown[]>(
  where: string,
  listener: (...args: A) => void,
  failed: FailureLog,
  close: (...args: A) => void,
): (...args: A) => void {
  return (...args) => {
    try {
      listener(...args)
    } catch (err) {
      failed(err, where)
      try {
        close(...args)
      } catch {
        // Nothing more can be done for this connection; the process goes on.
      }
    }
  }
}
