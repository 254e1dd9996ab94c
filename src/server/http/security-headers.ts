import type { MiddlewareHandler } from 'hono'
import { isHttps } from './client-ip.ts'
import { ONE_YEAR, pageCsp, PERMISSIONS_POLICY } from './security-policy.ts'

// The values live in security-policy.ts, shared with the static-host header files.
export { pageCsp, PERMISSIONS_POLICY }

/** API answers are data for scripts: nothing in them may run, frame or load anything. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'"

/**
 * Security headers on every answer. Pages get the strict CSP; /rest and /functions, which other
 * origins call on purpose (CORS `*`), get a CSP that allows nothing and a cross-origin
 * Cross-Origin-Resource-Policy. A header a route set itself (the unsubscribe page's stricter
 * CSP and Referrer-Policy) is kept. HSTS only when the request came over HTTPS: sent over plain
 * HTTP it is ignored by browsers, and on localhost it would pin a developer's machine to HTTPS.
 */
export function securityHeaders(options: { trustedHops: number; extraConnect: readonly string[] }): MiddlewareHandler {
  const csp = {
    http: pageCsp({ https: false, extraConnect: options.extraConnect }),
    https: pageCsp({ https: true, extraConnect: options.extraConnect }),
  }
  return async (c, next) => {
    await next()
    const https = isHttps(c, options.trustedHops)
    const api = /^\/(rest|functions)\/v1(\/|$)/.test(c.req.path)
    const set = (name: string, value: string) => {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value)
    }
    set('Content-Security-Policy', api ? API_CSP : https ? csp.https : csp.http)
    set('X-Content-Type-Options', 'nosniff')
    set('X-Frame-Options', 'DENY')
    set('Referrer-Policy', 'strict-origin-when-cross-origin')
    set('Permissions-Policy', PERMISSIONS_POLICY)
    set('Cross-Origin-Opener-Policy', 'same-origin')
    set('Cross-Origin-Resource-Policy', api ? 'cross-origin' : 'same-origin')
    if (https) set('Strict-Transport-Security', `max-age=${ONE_YEAR * 2}; includeSubDomains`)
  }
}
