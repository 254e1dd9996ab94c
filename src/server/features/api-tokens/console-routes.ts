import { Hono } from 'hono'
import { apiError } from '../../../shared/http/errors.ts'
import { ApiTokenId } from '../../../shared/api-tokens.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'
import type { Db } from '../../db/db.ts'
import { endpointAnswer, endpointInput } from '../../http/console-endpoint.ts'
import { audit } from '../../owner/audit.ts'
import type { OwnerEnv } from '../../owner/deps.ts'
import { parseInput } from '../../owner/input.ts'
import { createToken, listTokens, revokeToken } from './queries.ts'
import { newToken } from './tokens.ts'

/** The Integrations view's API tokens; the console's routes.ts puts the session and Origin checks in front. */
export function apiTokenConsoleRoutes(deps: { db: Db }): Hono<OwnerEnv> {
  const { db } = deps
  const app = new Hono<OwnerEnv>()

  app.get(routePath(endpoints.apiTokens), async (c) => endpointAnswer(c, 'apiTokens', { tokens: await listTokens(db) }))

  app.post(routePath(endpoints.createApiToken), async (c) => {
    const fields = await endpointInput(c, 'createApiToken')
    const actor = c.get('session').email
    const secret = newToken()
    const token = await db.transaction(async (tx) => {
      const made = await createToken(tx, { ...fields, createdBy: actor }, secret)
      await audit(tx, actor, 'api-token.create', {
        token: made.id,
        name: made.name,
        prefix: made.prefix,
        scopes: made.scopes,
      })
      return made
    })
    // The only time the token leaves the server: it is stored as its hash.
    c.header('Cache-Control', 'no-store')
    return endpointAnswer(c, 'createApiToken', { token, secret: secret.token }, 201)
  })

  app.post(routePath(endpoints.revokeApiToken), async (c) => {
    const id = parseInput(ApiTokenId, c.req.param('id'))
    const token = await db.transaction(async (tx) => {
      const revoked = await revokeToken(tx, id)
      if (revoked)
        await audit(tx, c.get('session').email, 'api-token.revoke', {
          token: id,
          name: revoked.name,
          prefix: revoked.prefix,
        })
      return revoked
    })
    if (!token) throw apiError(404, 'PGRST116', 'No such token (or it is revoked already).')
    return endpointAnswer(c, 'revokeApiToken', token)
  })

  return app
}
