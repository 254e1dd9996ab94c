import { Hono } from 'hono'
import { ContactMessageId } from '../../../shared/contact.ts'
import { apiError } from '../../../shared/http/errors.ts'
import { audit } from '../../owner/audit.ts'
import type { OwnerDeps, OwnerEnv } from '../../owner/deps.ts'
import { parseInput as parse } from '../../owner/input.ts'
import { endpointAnswer, endpointInput } from '../../http/console-endpoint.ts'
import { listContactMessages, markHandled, reopen } from './queries.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'

/** The console's inbox of contact messages; the console's routes.ts puts the session check in front. */
export function contactConsoleRoutes(deps: Pick<OwnerDeps, 'db'>): Hono<OwnerEnv> {
  const { db } = deps
  const app = new Hono<OwnerEnv>()

  app.get(routePath(endpoints.inbox), async (c) =>
    endpointAnswer(c, 'inbox', await listContactMessages(db, await endpointInput(c, 'inbox'))),
  )
  app.post(routePath(endpoints.markHandled), async (c) => {
    const id = parse(ContactMessageId, c.req.param('id'))
    if (!(await markHandled(db, id, c.get('session').email))) throw apiError(404, 'PGRST116', 'No such message')
    await audit(db, c.get('session').email, 'message.handled', { message: id })
    return c.body(null, 204)
  })
  app.post(routePath(endpoints.reopen), async (c) => {
    const id = parse(ContactMessageId, c.req.param('id'))
    if (!(await reopen(db, id))) throw apiError(404, 'PGRST116', 'No such message')
    await audit(db, c.get('session').email, 'message.reopened', { message: id })
    return c.body(null, 204)
  })

  return app
}
