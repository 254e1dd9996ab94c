import { Hono } from 'hono'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'
import { readEmailQueueState, type CapacitySettings } from '../../../mail-core/email-capacity.ts'
import type { Db } from '../../db/db.ts'
import { endpointAnswer } from '../../http/console-endpoint.ts'
import type { OwnerEnv } from '../../owner/deps.ts'

/**
 * GET /admin/api/email-queue, the Launch view's email card (issue 52): what waits by kind, the
 * pace, and when the queue drains, against the plan's limits. docs/decisions/email-capacity.md
 */
export function emailQueueConsoleRoutes(deps: { db: Db; capacity: CapacitySettings }): Hono<OwnerEnv> {
  const app = new Hono<OwnerEnv>()
  app.get(routePath(endpoints.emailQueue), async (c) =>
    endpointAnswer(c, 'emailQueue', await readEmailQueueState(deps.db, deps.capacity)),
  )
  return app
}
