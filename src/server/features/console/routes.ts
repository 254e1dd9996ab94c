import { Hono, type MiddlewareHandler } from 'hono'
import { apiError, nulError } from '../../../shared/http/errors.ts'
import type { OwnerEnv } from '../../owner/deps.ts'
import { adminConsoleRoutes, consoleHeaders } from './console-page.ts'

/**
 * What the /admin mount is made of. app.ts passes each feature's part, so this folder imports
 * no other feature's files (docs/architecture.md, "A feature is one folder").
 */
type AdminParts = {
  /** Refuses a cross-origin request that changes something (features/owner-auth/origin.ts). */
  originCheck: MiddlewareHandler
  /** Sets the owner's session, or refuses with a 401 (features/owner-auth/session-check.ts). */
  sessionCheck: MiddlewareHandler<OwnerEnv>
  /** The sign-in routes and page, which work without a session. */
  auth: Hono
  /** Each feature's console API, mounted under /admin/api behind the session check. */
  api: Hono<OwnerEnv>[]
}

/** The console API: every route here needs a live session (routes.test.ts checks each one). */
function adminApiRoutes(parts: Pick<AdminParts, 'sessionCheck' | 'api'>): Hono<OwnerEnv> {
  const app = new Hono<OwnerEnv>()
  app.use('*', parts.sessionCheck, async (c, next) => {
    c.header('Cache-Control', 'no-store')
    // A NUL in a path or query parameter (%00) is refused before any route reads it:
    // PostgreSQL refuses it in text, and an export would otherwise have started its answer.
    if (/%00/i.test(c.req.url)) throw nulError('The request URL')
    await next()
  })
  for (const routes of parts.api) app.route('/', routes)
  return app
}

/** Everything under /admin: the console, its sign-in, and its API (docs/decisions/owner-console.md). */
export function adminRoutes(staticDir: string, parts: AdminParts): Hono {
  const app = new Hono()
  app.use('*', consoleHeaders())
  app.use('*', parts.originCheck)
  app.route('/api', adminApiRoutes(parts))
  app.all('/api/*', () => {
    throw apiError(404, 'PGRST125', 'Invalid path specified in request URL')
  })
  app.route('/', parts.auth)
  app.route('/', adminConsoleRoutes(staticDir))
  return app
}
