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
