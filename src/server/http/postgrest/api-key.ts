import { createHash, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { apiError } from '../../../shared/http/errors.ts'

// Supabase's API gateway answers these two bodies (message and hint word for word).
const NO_KEY = { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }
const BAD_KEY = { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }

/** Lets a request through only when every key it carries (apikey header or url param, Bearer token) is the anon key. */
export function requireApiKey(anonKey: string): MiddlewareHandler {
  const expected = digest(anonKey)
  return async (c, next) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim()
    const keys = [c.req.header('apikey'), c.req.query('apikey'), bearer].filter((k): k is string => !!k)
    if (keys.length === 0) throw apiError(401, 'PGRST302', NO_KEY.message, null, NO_KEY.hint)
    if (!keys.every((k) => timingSafeEqual(digest(k), expected)))
      throw apiError(401, 'PGRST301', BAD_KEY.message, null, BAD_KEY.hint)
    await next()
  }
}

// Equal-length digests let timingSafeEqual compare keys of any length.
function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest()
}
