import { Hono } from 'hono'
import { apiError } from '../../../shared/http/errors.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'
import { endpointAnswer } from '../../http/console-endpoint.ts'
import { EndpointId, EndpointRequest, ReplayRequest, SUBSCRIBABLE_EVENTS } from '../../../shared/outbound-events.ts'
import type { Db } from '../../db/db.ts'
import { audit } from '../../owner/audit.ts'
import type { OwnerEnv } from '../../owner/deps.ts'
import { parseInput as parse } from '../../owner/input.ts'
import {
  createEndpoint,
  deleteEndpoint,
  deliveryLog,
  endpointById,
  listEndpoints,
  queueTestEvent,
  replayDelivery,
  replaySince,
  rotateSecret,
  updateEndpoint,
} from './queries.ts'
import { newSecret } from './signing.ts'
import { checkTarget, systemResolver, TargetRefused, type Resolver } from './targets.ts'

/** How long the old secret keeps signing after a rotation, so receivers can switch without a gap. */
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000

/** The Integrations view's webhook endpoints; the console's routes.ts puts the session check in front. */
export function webhookConsoleRoutes(deps: {
  db: Db
  allowLoopback: boolean
  /** The sender: a test event or a replay goes out now, not at its next poll. */
  wake: () => void
  resolve?: Resolver
}): Hono<OwnerEnv> {
  const { db, wake } = deps
  const resolve = deps.resolve ?? systemResolver
  const app = new Hono<OwnerEnv>()

  /** The URL's rules and every address it resolves to, now; a refusal is a 400 naming why. */
  async function checkedFields(body: unknown) {
    const fields = parse(EndpointRequest, body)
    try {
      const { url } = await checkTarget(fields.url, { allowLoopback: deps.allowLoopback }, resolve)
      return { ...fields, url: url.href }
    } catch (err) {
      if (err instanceof TargetRefused) throw apiError(400, '22023', `The URL ${err.message}.`)
      throw err
    }
  }

  async function found(id: number) {
    const endpoint = await endpointById(db, id)
    if (!endpoint) throw apiError(404, 'PGRST116', 'No such endpoint')
    return endpoint
  }

  app.get(routePath(endpoints.webhooks), async (c) =>
    endpointAnswer(c, 'webhooks', { endpoints: await listEndpoints(db), events: SUBSCRIBABLE_EVENTS }),
  )
  app.post(routePath(endpoints.createWebhook), async (c) => {
    const fields = await checkedFields(await c.req.json().catch(() => null))
    const secret = newSecret()
    const id = await db.transaction(async (tx) => {
      const id = await createEndpoint(tx, fields, secret)
      await audit(tx, c.get('session').email, 'webhook.create', {
        endpoint: id,
        url: fields.url,
        events: fields.events,
        fullAddresses: fields.fullAddresses,
      })
      return id
    })
    return endpointAnswer(c, 'createWebhook', { endpoint: await found(id), secret }, 201)
  })
  app.post(routePath(endpoints.updateWebhook), async (c) => {
    const id = parse(EndpointId, c.req.param('id'))
    const before = await found(id)
    const fields = await checkedFields(await c.req.json().catch(() => null))
    await db.transaction(async (tx) => {
      await updateEndpoint(tx, id, fields)
      await audit(tx, c.get('session').email, 'webhook.update', {
        endpoint: id,
        url: fields.url,
        events: fields.events,
        enabled: fields.enabled,
        // Turning full addresses on sends personal data to the URL: the audit log says who chose it.
        ...(before.fullAddresses !== fields.fullAddresses ? { fullAddresses: fields.fullAddresses } : {}),
      })
    })
    if (fields.enabled) wake()
    return endpointAnswer(c, 'updateWebhook', await found(id))
  })
  app.post(routePath(endpoints.deleteWebhook), async (c) => {
    const id = parse(EndpointId, c.req.param('id'))
    if (!(await deleteEndpoint(db, id))) throw apiError(404, 'PGRST116', 'No such endpoint')
    await audit(db, c.get('session').email, 'webhook.delete', { endpoint: id })
    return c.body(null, 204)
  })
  app.post(routePath(endpoints.rotateWebhookSecret), async (c) => {
    const id = parse(EndpointId, c.req.param('id'))
    const secret = newSecret()
    if (!(await rotateSecret(db, id, secret, ROTATION_OVERLAP_MS))) throw apiError(404, 'PGRST116', 'No such endpoint')
    await audit(db, c.get('session').email, 'webhook.rotate', { endpoint: id })
    return endpointAnswer(c, 'rotateWebhookSecret', { endpoint: await found(id), secret })
  })
  app.post(routePath(endpoints.testWebhook), async (c) => {
    const id = parse(EndpointId, c.req.param('id'))
    await found(id)
    await queueTestEvent(db, id)
    wake()
    return c.body(null, 204)
  })
  app.get(routePath(endpoints.webhookLog), async (c) => {
    const id = parse(EndpointId, c.req.param('id'))
    await found(id)
    return endpointAnswer(c, 'webhookLog', { attempts: await deliveryLog(db, id) })
  })
  app.post(routePath(endpoints.replayWebhook), async (c) => {
    const id = parse(EndpointId, c.req.param('id'))
    await found(id)
    const request = parse(ReplayRequest, await c.req.json().catch(() => null))
    let queued: number
    if ('deliveryId' in request) {
      if (!(await replayDelivery(db, id, request.deliveryId))) throw apiError(404, 'PGRST116', 'No such delivery')
      queued = 1
    } else queued = await replaySince(db, id, request.since)
    await audit(db, c.get('session').email, 'webhook.replay', { endpoint: id, ...request, queued })
    wake()
    return endpointAnswer(c, 'replayWebhook', { queued })
  })

  return app
}
