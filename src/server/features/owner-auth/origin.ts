import type { Context, MiddlewareHandler } from 'hono'
import { apiError } from '../../../shared/http/errors.ts'
import { isHttps } from '../../http/client-ip.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The origin this request reached: the scheme it came over (a TLS socket, or a trusted proxy's
 * X-Forwarded-Proto), the Host it was sent to, and its port. Never the request URL's scheme,
 * which a client may write itself (an absolute-form request line).
 */
function requestOrigin(c: Context, trustedHops: number): string | null {
  const host = c.req.header('host') ?? new URL(c.req.url).host
  try {
    return new URL(`${isHttps(c, trustedHops) ? 'https' : 'http'}://${host}`).origin
  } catch {
    return null
  }
}

/**
 * Refuses a state-changing request whose Origin is not this server: every content type, JSON
 * included (hono's csrf middleware only looks at form types). Browsers send Origin on every POST,
 * PUT, PATCH and DELETE, so a missing one is refused too. Allowed: PUBLIC_URL's origin, or the
 * origin the request reached (scheme, host and port all equal: `https://host` is not
 * `http://host`), which is what a same-origin page sends.
 */
export function sameOrigin(publicUrl: string, trustedHops: number): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    let ok = false
    if (origin && origin !== 'null') {
      try {
        // An Origin header is a bare origin; anything with a path or other spelling is refused.
        const given = new URL(origin).origin
        ok = given === origin && (given === publicOrigin || given === requestOrigin(c, trustedHops))
      } catch {
        ok = false
      }
    }
    if (!ok) throw apiError(403, 'ORIGIN_REFUSED', 'Cross-origin request refused', `Origin: ${origin ?? '(none)'}`)
    return next()
  }
}
