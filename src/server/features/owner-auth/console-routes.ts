import { Hono } from 'hono'
import { clearSessionCookie } from './cookie.ts'
import { audit, recentAudit } from '../../owner/audit.ts'
import type { OwnerDeps, OwnerEnv } from '../../owner/deps.ts'
import { listSessions, revokeSession } from './sessions.ts'
import { apiError } from '../../../shared/http/errors.ts'
import { listPasskeys, registerPasskey, registrationOptions, removePasskey } from './passkeys.ts'
import { endpointAnswer, endpointInput } from '../../http/console-endpoint.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'

/** The signed-in owner, their sessions, sign-out and the audit log (behind the session check: features/console/routes.ts). */
export function adminAccountRoutes(deps: OwnerDeps): Hono<OwnerEnv> {
  const { db, config } = deps
  const app = new Hono<OwnerEnv>()

  app.get(routePath(endpoints.me), (c) => {
    const s = c.get('session')
    return endpointAnswer(c, 'me', { email: s.email, sessionId: s.id })
  })

  app.get(routePath(endpoints.sessions), async (c) =>
    endpointAnswer(c, 'sessions', {
      sessions: await listSessions(db, c.get('session').id, config.OWNER_EMAILS, config),
    }),
  )

  app.post(routePath(endpoints.revokeSession), async (c) => {
    const s = c.get('session')
    const id = c.req.param('id')
    if (!(await revokeSession(db, id))) throw apiError(404, 'PGRST116', 'No such session')
    await audit(db, s.email, 'session.revoke', { session: id })
    if (id === s.id) clearSessionCookie(c, config)
    return c.body(null, 204)
  })

  app.post(routePath(endpoints.signOut), async (c) => {
    const s = c.get('session')
    await revokeSession(db, s.id)
    await audit(db, s.email, 'sign-out')
    clearSessionCookie(c, config)
    return c.body(null, 204)
  })

  app.get(routePath(endpoints.passkeys), async (c) =>
    endpointAnswer(c, 'passkeys', { passkeys: await listPasskeys(db, c.get('session').email) }),
  )
  app.post(routePath(endpoints.passkeyOptions), async (c) =>
    endpointAnswer(c, 'passkeyOptions', await registrationOptions(db, c.get('session').email, c.req.header('origin')!)),
  )
  app.post(routePath(endpoints.addPasskey), async (c) => {
    const s = c.get('session')
    const answer = await endpointInput(c, 'addPasskey')
    if (!(await registerPasskey(db, s.email, c.req.header('origin')!, answer)))
      throw apiError(400, 'PASSKEY_REFUSED', 'The passkey could not be verified. Try again.')
    await audit(db, s.email, 'passkey.add')
    return c.body(null, 201)
  })
  app.post(routePath(endpoints.removePasskey), async (c) => {
    const s = c.get('session')
    if (!(await removePasskey(db, s.email, c.req.param('id')))) throw apiError(404, 'PGRST116', 'No such passkey')
    await audit(db, s.email, 'passkey.remove')
    return c.body(null, 204)
  })

  app.get(routePath(endpoints.audit), async (c) => {
    return endpointAnswer(c, 'audit', { entries: await recentAudit(db) })
  })

  return app
}
