import type { ErrorHandler } from 'hono'
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status'
import {
  ApiError,
  dataException,
  databaseUnavailable,
  INTERNAL_ERROR,
  isDatabaseUnavailable,
  OUTAGE_RETRY_AFTER_S,
} from '../../shared/http/errors.ts'
import type { Logger } from '../log.ts'
import { clientAborted } from './aborted.ts'

/** The app's onError: every failure in PostgREST's error shape, and only a bug logged as one. */
export function errorAnswer(logger: Logger): ErrorHandler {
  return (err, c) => {
    if (err instanceof ApiError) return c.json(err.body, err.status as ContentfulStatusCode)
    // First: a client that left mid-body fails its read with a socket error (ECONNRESET), which
    // is not the database's.
    if (clientAborted(c)) {
      logger.debug({ event: 'request.aborted', method: c.req.method, path: c.req.path }, 'client left mid-request')
      // nginx's "client closed request": never sent, and never counted as a server error.
      return c.body(null, 499 as StatusCode)
    }
    if (isDatabaseUnavailable(err)) {
      // Logged once per outage by watchOutages, not per request.
      c.header('Retry-After', String(OUTAGE_RETRY_AFTER_S))
      return c.json(databaseUnavailable().body, 503)
    }
    const badData = dataException(err)
    if (badData) return c.json(badData.body, 400)
    logger.error({ err, method: c.req.method, path: c.req.path }, 'request failed')
    return c.json(INTERNAL_ERROR, 500)
  }
}
