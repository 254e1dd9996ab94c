import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { isHttps } from './client-ip.ts'
import {
  INLINE_HASHES_FILE,
  headersForPath,
  LANDING_PATHS,
  OPENER_POLICY,
  pageCsp,
  pageSecurityHeaders,
  parseInlineHashes,
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
export { pageCsp }

/**
 * API answers are data for scripts: nothing in them may run, frame or load anything, and other
 * origins may read them (CORS `*`).
 */
const API_OVERRIDES: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'cross-origin',
}

/**
 * Security headers on every answer: the page's (pageSecurityHeaders, the same list the static
 * hosts get), with API_OVERRIDES on /rest and /functions, and OPENER_POLICY on every answer but
 * the landing page. A header a route set itself (the unsubscribe page's stricter CSP and
 * Referrer-Policy) is kept. HSTS only when the request came over HTTPS: sent over plain HTTP it
 * is ignored by browsers, and on localhost it would pin a developer's machine to HTTPS.
 */
export function securityHeaders(options: {
  trustedHops: number
  extraConnect: readonly string[]
  /** The built page's folder, whose csp-hashes.json allows its inline critical CSS and loader. */
  staticDir?: string
}): MiddlewareHandler {
  const hashes = buildHashes(options.staticDir)
  type Lists = { http: [string, string][]; https: [string, string][]; inline: InlineHashes | undefined }
  let lists: Lists | undefined
  const headersFor = (https: boolean) => {
    const inline = hashes()
    if (!lists || lists.inline !== inline) {
      const page = (secure: boolean) =>
        pageSecurityHeaders({ https: secure, extraConnect: options.extraConnect, inline })
      lists = { inline, http: page(false), https: page(true) }
    }
    return https ? lists.https : lists.http
  }
  return async (c, next) => {
    await next()
    const api = /^\/(rest|functions)\/v1(\/|$)/.test(c.req.path)
    const set = (name: string, value: string) => {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value)
    }
    for (const [name, value] of headersForPath(c.req.path, headersFor(isHttps(c, options.trustedHops))))
      set(name, (api && API_OVERRIDES[name]) || value)
    if (!LANDING_PATHS.includes(c.req.path)) set(...OPENER_POLICY)
  }
}
