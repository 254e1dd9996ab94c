import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { isHttps } from './client-ip.ts'
import {
  INLINE_HASHES_FILE,
  LANDING_PATHS,
  ONE_YEAR,
  OPENER_POLICY,
  pageCsp,
  parseInlineHashes,
  PERMISSIONS_POLICY,
  type InlineHashes,
} from './security-policy.ts'

/**
 * The built page's inline-block hashes (scripts/prerender.ts writes them beside index.html), or
 * none when there is no build yet (tests, a server started before `npm run build`): then nothing
 * inline is allowed. Read until found, then kept: a build replaces the folder before a restart.
 */
function buildHashes(staticDir: string | undefined): () => InlineHashes | undefined {
  let found: InlineHashes | undefined
  return () => {
    if (found || !staticDir) return found
    let json: string
    try {
      json = readFileSync(join(staticDir, INLINE_HASHES_FILE), 'utf8')
    } catch {
      return undefined
    }
    return (found = parseInlineHashes(json))
  }
}

// The values live in security-policy.ts, shared with the static-host header files.
export { pageCsp, PERMISSIONS_POLICY }

/** API answers are data for scripts: nothing in them may run, frame or load anything. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'"

/**
 * Security headers on every answer. Pages get the strict CSP; /rest and /functions, which other
 * origins call on purpose (CORS `*`), get a CSP that allows nothing and a cross-origin
 * Cross-Origin-Resource-Policy. Every answer but the landing page gets OPENER_POLICY. A header
 * a route set itself (the unsubscribe page's stricter CSP and Referrer-Policy) is kept. HSTS
 * only when the request came over HTTPS: sent over plain HTTP it is ignored by browsers, and on
 * localhost it would pin a developer's machine to HTTPS.
 */
export function securityHeaders(options: {
  trustedHops: number
  extraConnect: readonly string[]
  /** The built page's folder, whose csp-hashes.json allows its inline critical CSS and loader. */
  staticDir?: string
}): MiddlewareHandler {
  const hashes = buildHashes(options.staticDir)
  let csp: { http: string; https: string; inline: InlineHashes | undefined } | undefined
  const policies = () => {
    const inline = hashes()
    if (!csp || csp.inline !== inline)
      csp = {
        inline,
        http: pageCsp({ https: false, extraConnect: options.extraConnect, inline }),
        https: pageCsp({ https: true, extraConnect: options.extraConnect, inline }),
      }
    return csp
  }
  return async (c, next) => {
    await next()
    const https = isHttps(c, options.trustedHops)
    const csp = policies()
    const api = /^\/(rest|functions)\/v1(\/|$)/.test(c.req.path)
    const set = (name: string, value: string) => {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value)
    }
    set('Content-Security-Policy', api ? API_CSP : https ? csp.https : csp.http)
    set('X-Content-Type-Options', 'nosniff')
    set('X-Frame-Options', 'DENY')
    set('Referrer-Policy', 'strict-origin-when-cross-origin')
    set('Permissions-Policy', PERMISSIONS_POLICY)
    if (!LANDING_PATHS.includes(c.req.path)) set(...OPENER_POLICY)
    set('Cross-Origin-Resource-Policy', api ? 'cross-origin' : 'same-origin')
    if (https) set('Strict-Transport-Security', `max-age=${ONE_YEAR * 2}; includeSubDomains`)
  }
}
