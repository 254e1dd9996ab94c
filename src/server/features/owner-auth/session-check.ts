import type { MiddlewareHandler } from 'hono'
import { apiError } from '../../../shared/http/errors.ts'
import type { OwnerDeps, OwnerEnv } from '../../owner/deps.ts'
import { sessionCookie } from './cookie.ts'
import { readSession } from './sessions.ts'

/** Sets the owner's live session on the request, or refuses it with a 401 before any route runs. */
export function sessionCheck(deps: Pick<OwnerDeps, 'db' | 'config'>): MiddlewareHandler<OwnerEnv> {
  return async (c, next) => {
    const token = sessionCookie(c, deps.config)
    const session = token ? await readSession(deps.db, token, deps.config.OWNER_EMAILS, deps.config) : null
    if (!session) throw apiError(401, 'UNAUTHENTICATED', 'Sign in first')
    c.set('session', session)
    await next()
  }
}
