import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Hono } from 'hono'

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

/** The console's HTML (Vite's second entry, dist/client/admin/index.html); it renders in the browser. */
export function adminConsoleRoutes(staticDir: string): Hono {
  const app = new Hono()
  const serve = async (c: import('hono').Context) => {
    const html = await readFile(join(staticDir, 'admin', 'index.html'), 'utf8').catch(() => undefined)
    c.header('Content-Security-Policy', CONSOLE_CSP)
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'same-origin')
    c.header('X-Robots-Tag', 'noindex')
    if (html === undefined) return c.text('The console is not built: run npm run build.', 404)
    return c.html(html)
  }
  app.get('/', serve)
  app.get('/index.html', serve)
  app.get('/sign-in', serve)
  return app
}
