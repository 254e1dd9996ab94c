import { apiError } from '../../shared/http/errors.ts'
import type { Db } from './db.ts'

/** How long a request waits for a database that is still opening before it gets a 503. */
const STARTING_WAIT_MS = 10_000
/** The Retry-After (seconds) sent with that 503. */
export const STARTING_RETRY_AFTER_S = 5

/**
 * A Db whose calls wait until `ready` (open and migrated) settles. Lets the server listen (and
 * serve the page) while the database opens and migrates, which keeps start-up quick. A call
 * that would wait longer than `waitMs` fails with PostgREST's own 503 for a database it cannot
 * use yet (PGRST002), instead of holding the request until a proxy gives up on it.
 */
export function deferredDb(ready: Promise<Db>, options: { waitMs?: number } = {}): Db & { isReady(): boolean } {
  const waitMs = options.waitMs ?? STARTING_WAIT_MS
  let db: Db | undefined
  // Callers handle a failed open through their own calls; this avoids an unhandled rejection meanwhile.
  ready.then(
    (d) => (db = d),
    () => {},
  )
  async function opened(): Promise<Db> {
    if (db) return db
    let timer: NodeJS.Timeout | undefined
    const starting = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(startingError()), waitMs)
    })
    try {
      return await Promise.race([ready, starting])
    } finally {
      clearTimeout(timer)
    }
  }
  return {
    isReady: () => db !== undefined,
    query: async (sql, params) => (await opened()).query(sql, params),
    exec: async (sql) => (await opened()).exec(sql),
    asAnon: async (sql, params) => (await opened()).asAnon(sql, params),
    transaction: async (fn) => (await opened()).transaction(fn),
    // Shutting down during start-up still closes the database once it is open.
    close: async () => (await ready).close(),
  }
}

function startingError() {
  return apiError(
    503,
    'PGRST002',
    'The database is still starting',
    null,
    `Try again in ${STARTING_RETRY_AFTER_S} seconds`,
  )
}

/** While the database is not ready, a 503 tells the client when to come back (RFC 9110 Retry-After). */
export function withRetryAfterWhileStarting<E>(
  fetch: (req: Request, env: E) => Response | Promise<Response>,
  isReady: () => boolean,
): (req: Request, env: E) => Promise<Response> {
  return async (req, env) => {
    const res = await fetch(req, env)
    if (res.status !== 503 || isReady() || res.headers.has('retry-after')) return res
    const headers = new Headers(res.headers)
    headers.set('Retry-After', String(STARTING_RETRY_AFTER_S))
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
  }
}
