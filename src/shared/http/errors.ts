/** The error body PostgREST (and so supabase-js) expects: `{ code, details, hint, message }`. */
export type PgrstError = { code: string; message: string; details: string | null; hint: string | null }

/** The body of every unexpected failure (a 500): nothing of the cause reaches the client; the log has it. */
export const INTERNAL_ERROR: PgrstError = { code: 'XX000', message: 'Internal error', details: null, hint: null }

/** An expected failure with its HTTP status and a PostgREST-shaped body; app.onError sends it as is. */
export class ApiError extends Error {
  status: number
  body: PgrstError
  constructor(status: number, body: PgrstError) {
    super(body.message)
    this.status = status
    this.body = body
  }
}

export function apiError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): ApiError {
  return new ApiError(status, { code, message, details, hint })
}

type PgLikeError = { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown }

/**
 * Translates a database error the way PostgREST does (docs.postgrest.org, "HTTP Status Codes"),
 * for the codes a client can provoke; anything else is not the client's fault and is rethrown.
 * 42501 is 401 because every caller here is the anonymous role.
 */
export function fromPgError(err: unknown): ApiError {
  // An outage is the server's to answer (app.onError: 503, Retry-After), not the request's fault.
  if (isDatabaseUnavailable(err)) throw err
  const e = (err ?? {}) as PgLikeError
  const code = typeof e.code === 'string' ? e.code : ''
  const status = statusFor(code)
  if (status === undefined) throw err
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
  return new ApiError(status, { code, message: String(e.message ?? ''), details: text(e.detail), hint: text(e.hint) })
}

function statusFor(code: string): number | undefined {
  if (code === '42501') return 401
  if (code === '23505' || code === '23503') return 409
  if (code === 'P0001') return 400
  // Class 22 (data exception) and 23 (integrity constraint violation): bad input.
  if (code.startsWith('22') || code.startsWith('23')) return 400
  if (code === '428C9' || code === '42703') return 400
  if (code.startsWith('08') || code.startsWith('53')) return 503
  return undefined
}

/**
 * A value PostgreSQL refused as data (SQLSTATE class 22: a NUL byte in text, a date out of range,
 * a number that does not fit), which is always the input's fault: 400 as PostgREST answers it.
 * Undefined for anything else. The routes validate first; this is the net under them.
 */
export function dataException(err: unknown): ApiError | undefined {
  const code = (err as { code?: unknown } | null)?.code
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return undefined
  return fromPgError(err)
}

/** Text PostgreSQL cannot store (NUL): 400, with the code PostgreSQL gives it (22021). */
export function nulError(what: string): ApiError {
  return apiError(400, '22021', `${what} may not contain the NUL character (\\u0000).`)
}

// Node's socket errors when the database's host or port does not answer, or drops the connection.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH'])
// node-postgres's own words when a connection ends or cannot be had (it gives them no code).
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed)/

/**
 * Whether `err` says the database cannot be reached, rather than that it refused a
 * statement: a socket error, node-postgres losing its connection, SQLSTATE class 08 (connection
 * exception), 57P01-57P03 (shut down, crashed, not yet accepting) or class 53 (insufficient
 * resources, which PostgREST also answers with 503; 53400, a configured limit, is not an outage).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false
  const e = err as { code?: unknown; message?: unknown; errors?: unknown }
  const code = typeof e.code === 'string' ? e.code : ''
  if (NETWORK_CODES.has(code)) return true
  if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return true
  if (/^53[0-9A-Z]{3}$/.test(code) && code !== '53400') return true
  // Connecting to a name with several addresses fails with one error per address.
  if (Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isDatabaseUnavailable)) return true
  return code === '' && typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)
}

/** Seconds a client is asked to wait during an outage. */
export const OUTAGE_RETRY_AFTER_S = 5

/** PostgREST's answer when it cannot reach the database (PGRST000, 503). */
export function databaseUnavailable(): ApiError {
  return apiError(
    503,
    'PGRST000',
    'Database connection error. Retrying the connection.',
    null,
    `Retry after ${OUTAGE_RETRY_AFTER_S} seconds.`,
  )
}
