import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Hono, type MiddlewareHandler } from 'hono'
import { consoleViewAt } from '../../../shared/console-views.ts'

/**
 * The console's own policy: its scripts and styles from our origin only, API calls to our origin
 * only, nothing inline, no eval, never framed. Stricter than the page's (no manifest, no fonts).
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ')

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Every answer under /admin is the console's, whichever route wrote it: `/admin/`
 * and the console's built files are served by the static route, which would otherwise give
 * them the public page's CSP, `no-cache` and no `noindex`. Runs inside the page-wide security
 * headers, which then only fill in what is still missing; a header a route set itself (the
 * sign-in page's CSP) is kept.
 */
export function consoleHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const h = c.res.headers
    const html = /^text\/html/i.test(h.get('Content-Type') ?? '')
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', CONSOLE_CSP)
    if (!h.has('Referrer-Policy')) h.set('Referrer-Policy', 'same-origin')
    h.set('X-Robots-Tag', 'noindex, nofollow')
    // Vite's hashed file names never change. HTML and data are never kept; a file a route
    // marked public (the sign-in page's style sheet) keeps its hour.
    const cache = h.get('Cache-Control') ?? ''
    if (c.req.path.startsWith('/admin/assets/') && c.res.status === 200) h.set('Cache-Control', IMMUTABLE)
    else if (html || c.res.status === 304 || !cache.startsWith('public')) h.set('Cache-Control', 'no-store')
  }
}

/**
 * The console's HTML (Vite's second entry, dist/client/admin/index.html) at `/admin/` and at each
 * view's path; it renders in the browser.
 */
export function adminConsoleRoutes(staticDir: string): Hono {
  const app = new Hono()
  const serve = async (c: import('hono').Context) => {
    const html = await readFile(join(staticDir, 'admin', 'index.html'), 'utf8').catch(() => undefined)
    c.header('Content-Security-Policy', CONSOLE_CSP)
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'same-origin')
    if (html === undefined) return c.text('The console is not built: run npm run build.', 404)
    return c.html(html)
  }
  app.get('/', serve)
  app.get('/index.html', serve)
  app.get('/sign-in', serve)
  // Each view at its own path; any other name is not the console's (a 404).
  app.on('GET', ['/:view', '/:view/'], (c, next) => (consoleViewAt(c.req.path) ? serve(c) : next()))
  return app
}
