import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type MiddlewareHandler } from 'hono'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHORT = 'public, max-age=3600'

/**
 * The built page. Vite's hashed files under /assets never change, so browsers keep them a year;
 * HTML is revalidated on every visit so a deploy shows at once. A missing folder (tests, or
 * before the first build) gives 404s, not a crash.
 */
export function staticRoutes(dir: string): Hono {
  const app = new Hono()
  let files: MiddlewareHandler | undefined
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (!files && existsSync(dir)) {
      files = serveStatic({ root: dir, precompressed: true })
    }
    if (!files) return next()
    let missing = false
    const res = await files(c, async () => {
      missing = true
    })
    if (missing || !(res instanceof Response)) return next()
    res.headers.set('Cache-Control', cacheControl(c.req.path))
    return res
  })
  app.on(['GET', 'HEAD'], '*', async (c) => {
    c.header('Cache-Control', 'no-cache')
    const page = await readFile(join(dir, '404.html'), 'utf8').catch(() => undefined)
    return page === undefined ? c.text('Not found', 404) : c.html(page, 404)
  })
  return app
}

function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE
  if (urlPath.endsWith('/') || /\.html?$/.test(urlPath)) return 'no-cache'
  return SHORT
}
