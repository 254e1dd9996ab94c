import type { MiddlewareHandler } from 'hono'
import { apiError } from '../../mail/errors.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a state-changing request whose Origin is not this server: every content type, JSON
 * included (hono's csrf middleware only looks at form types). Browsers send Origin on every POST,
 * PUT, PATCH and DELETE, so a missing one is refused too. Allowed: the Host the request came to
 * (what a same-origin page sends), or PUBLIC_URL's origin (behind a proxy that rewrites Host).
 */
export function sameOrigin(publicUrl: string): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    const host = c.req.header('host') ?? new URL(c.req.url).host
    let ok = false
    if (origin && origin !== 'null') {
      try {
        const o = new URL(origin)
        ok = origin === publicOrigin || (o.host === host && o.origin === origin)
      } catch {
        ok = false
      }
    }
    if (!ok) throw apiError(403, 'ORIGIN_REFUSED', 'Cross-origin request refused', `Origin: ${origin ?? '(none)'}`)
    return next()
  }
}
