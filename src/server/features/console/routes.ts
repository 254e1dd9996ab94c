import { Hono } from 'hono'
import { apiError, nulError } from '../../../mail/errors.ts'
import { sessionCookie } from '../owner-auth/cookie.ts'
import { ownerDeps, type OwnerDeps } from '../../owner/deps.ts'
import { sameOrigin } from '../owner-auth/origin.ts'
import { readSession } from '../owner-auth/sessions.ts'
import { adminAccountRoutes, type OwnerEnv } from '../owner-auth/console-routes.ts'
import { adminAuthRoutes } from '../owner-auth/routes.ts'
import { adminDataRoutes } from './data-routes.ts'
import { adminConsoleRoutes, consoleHeaders } from './console-page.ts'
import { adminInvitationRoutes } from '../invitations/console-routes.ts'
import { feedbackConsoleRoutes } from '../feedback/routes.ts'
import { messageRoutes } from '../messages/routes.ts'
import { adminPlayTestingRoutes } from '../play-testing/routes.ts'
import { adminDataAccessRoutes } from '../data-access/routes.ts'

/** The console API: every route here needs a live session (admin.test.ts checks each one). */
export function adminApiRoutes(deps: OwnerDeps): Hono<OwnerEnv> {
  const app = new Hono<OwnerEnv>()
  app.use('*', async (c, next) => {
    const token = sessionCookie(c, deps.config)
    const session = token ? await readSession(deps.db, token, deps.config.OWNER_EMAILS, deps.config) : null
    if (!session) throw apiError(401, 'UNAUTHENTICATED', 'Sign in first')
    c.set('session', session)
    c.header('Cache-Control', 'no-store')
    // A NUL in a path or query parameter (%00) is refused before any route reads it (issue 15):
    // PostgreSQL refuses it in text, and an export would otherwise have started its answer.
    if (/%00/i.test(c.req.url)) throw nulError('The request URL')
    await next()
  })
  app.route('/', adminAccountRoutes(deps))
  app.route('/', adminDataRoutes(deps))
  app.route('/', adminInvitationRoutes(deps))
  app.route('/', messageRoutes(deps))
  app.route('/', feedbackConsoleRoutes(deps))
  app.route('/', adminPlayTestingRoutes(deps))
  app.route('/', adminDataAccessRoutes(deps))
  return app
}

/** Everything under /admin: the console, its sign-in, and its API (docs/decisions/owner-console.md). */
export function adminRoutes(input: Omit<OwnerDeps, 'secret' | 'exportSlots'>): Hono {
  const deps = ownerDeps(input)
  const app = new Hono()
  app.use('*', consoleHeaders())
  app.use('*', sameOrigin(deps.config.PUBLIC_URL, deps.config.TRUST_PROXY))
  app.route('/api', adminApiRoutes(deps))
  app.all('/api/*', () => {
    throw apiError(404, 'PGRST125', 'Invalid path specified in request URL')
  })
  app.route('/', adminAuthRoutes(deps))
  app.route('/', adminConsoleRoutes(deps.config.STATIC_DIR))
  return app
}
