import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Config } from './config.ts'
import type { Db } from './db/db.ts'
import { ApiError } from './errors.ts'
import type { Logger } from './log.ts'
import { requireApiKey } from './routes/api-key.ts'
import { functionRoutes } from './routes/functions.ts'
import { healthRoutes } from './routes/health.ts'
import { restRoutes } from './routes/rest.ts'
import { staticRoutes } from './routes/static.ts'
import { unsubscribeRoutes } from './routes/unsubscribe.ts'

export type AppDeps = {
  config: Pick<Config, 'ANON_KEY' | 'STATIC_DIR'>
  db: Db
  logger: Logger
  /** Called after an email was queued, so the worker sends it now rather than at its next poll. */
  wakeEmailQueue?: () => void
}

// What Supabase's API gateway allows, so supabase-js and the page's clients work cross-origin too.
const supabaseCors = cors({
  origin: '*',
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: [
    'authorization',
    'x-client-info',
    'apikey',
    'content-type',
    'prefer',
    'x-supabase-api-version',
    'accept-profile',
    'content-profile',
    'x-region',
  ],
  exposeHeaders: ['Content-Range', 'Preference-Applied'],
  maxAge: 86_400,
})

/** The whole HTTP surface; no I/O until a request arrives. */
export function createApp(deps: AppDeps): Hono {
  const { config, db, logger } = deps
  const app = new Hono()

  app.use('*', async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    if (!c.res.headers.has('Referrer-Policy')) c.header('Referrer-Policy', 'strict-origin-when-cross-origin')
  })
  for (const prefix of ['/rest/v1', '/functions/v1']) {
    app.use(prefix, supabaseCors, requireApiKey(config.ANON_KEY))
    app.use(`${prefix}/*`, supabaseCors, requireApiKey(config.ANON_KEY))
  }
  app.route('/rest/v1', restRoutes(db))
  app.route('/functions/v1', functionRoutes({ db, logger, wakeEmailQueue: deps.wakeEmailQueue ?? (() => {}) }))
  app.route('/', healthRoutes(db))
  app.route('/', unsubscribeRoutes({ db, logger }))
  app.route('/', staticRoutes(config.STATIC_DIR))

  app.notFound((c) => c.text('Not found', 404))
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body, err.status as ContentfulStatusCode)
    logger.error({ err, method: c.req.method, path: c.req.path }, 'request failed')
    return c.json({ code: 'XX000', message: 'Internal error', details: null, hint: null }, 500)
  })
  return app
}
