import { Hono } from 'hono'
import type { OwnerDeps } from '../../owner/deps.ts'
import type { OwnerEnv } from '../../owner/deps.ts'
import { endpointAnswer, endpointInput } from '../../http/console-endpoint.ts'
import { audienceCounts, listTesterMessages, sendTesterMessage } from './queries.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'

// The console's Messages view. app.ts mounts these behind the session and Origin checks (features/console/routes.ts).
// Decisions: docs/decisions/tester-messages-and-feedback.md

export function testerMessageRoutes(deps: Pick<OwnerDeps, 'db' | 'config' | 'wakeEmailQueue'>): Hono<OwnerEnv> {
  const { db, config } = deps
  const app = new Hono<OwnerEnv>()

  // How many people each group reaches now (the exact number the send would queue), and the latest messages.
  app.get(routePath(endpoints.testerMessages), async (c) =>
    endpointAnswer(c, 'testerMessages', {
      audiences: await audienceCounts(db),
      messages: await listTesterMessages(db),
      stores: { ios: Boolean(config.BETA_IOS_URL), android: Boolean(config.BETA_ANDROID_URL) },
    }),
  )

  app.post(routePath(endpoints.sendTesterMessage), async (c) => {
    const input = await endpointInput(c, 'sendTesterMessage')
    const actor = c.get('session').email
    const outcome = await sendTesterMessage(db, { ...input, actor, intervalMs: config.INVITATION_INTERVAL_MS })
    if (outcome.created && outcome.recipients > 0) deps.wakeEmailQueue()
    return endpointAnswer(
      c,
      'sendTesterMessage',
      { id: outcome.id, recipients: outcome.recipients, created: outcome.created },
      outcome.created ? 201 : 200,
    )
  })

  return app
}
