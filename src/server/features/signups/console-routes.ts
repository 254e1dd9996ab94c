import { Hono } from 'hono'
import { audit } from '../../owner/audit.ts'
import { csvDownload } from '../../owner/csv.ts'
import type { OwnerDeps } from '../../owner/deps.ts'
import { startExport } from '../../owner/exports.ts'
import { enqueueSignupEmail } from '../../../mail-core/signup-emails.ts'
import { allSignups, listSignups, signupStats } from './console-queries.ts'
import { addressHash } from '../../owner/audit.ts'
import { countSuppressions, liftSuppression } from '../../db/suppressions.ts'
import type { OwnerEnv } from '../../owner/deps.ts'
import { endpointAnswer, endpointInput } from '../../http/console-endpoint.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'

/** Sign-ups, their stats and export, and the suppression list; routes.ts puts the session check in front. */
export function adminDataRoutes(deps: OwnerDeps): Hono<OwnerEnv> {
  const { db } = deps
  const app = new Hono<OwnerEnv>()

  app.get(routePath(endpoints.signups), async (c) =>
    endpointAnswer(c, 'signups', await listSignups(db, await endpointInput(c, 'signups'))),
  )
  app.get(routePath(endpoints.signupStats), async (c) =>
    endpointAnswer(c, 'signupStats', await signupStats(db, (await endpointInput(c, 'signupStats')).days)),
  )

  app.get(routePath(endpoints.signupsExport), async (c) => {
    const { q } = await endpointInput(c, 'signupsExport')
    await audit(db, c.get('session').email, 'signups.export', q ? { search: 'yes' } : {})
    const batches = await startExport(deps.exportSlots, c.get('session').email, () => allSignups(db, q))
    return csvDownload('signups', ['email', 'signed_up_at', 'welcome_email'], batches, (r) => [
      r.email,
      r.createdAt,
      r.welcome,
    ])
  })

  // A welcome email the unverified budget withheld (or any not yet queued), sent by the owner.
  app.post(routePath(endpoints.sendWelcome), async (c) => {
    const { email } = await endpointInput(c, 'sendWelcome')
    const kind = await enqueueSignupEmail(db, email, deps.config.SIGNUP_CONFIRMATION ?? false)
    await audit(db, c.get('session').email, 'welcome.send', {
      person: addressHash(await deps.secret(), email),
      queued: kind !== null,
    })
    if (kind) deps.wakeEmailQueue()
    return endpointAnswer(c, 'sendWelcome', { queued: kind !== null })
  })

  // The suppression list (unsubscribed mailboxes, kept as keyed hashes): its size, and lifting one
  // when the person asks to come back (docs/decisions/suppression-and-canonical-mailbox.md).
  app.get(routePath(endpoints.suppressions), async (c) =>
    endpointAnswer(c, 'suppressions', await countSuppressions(db)),
  )
  app.post(routePath(endpoints.liftSuppression), async (c) => {
    const { email } = await endpointInput(c, 'liftSuppression')
    const lifted = await liftSuppression(db, email)
    await audit(db, c.get('session').email, 'suppression.lift', {
      person: addressHash(await deps.secret(), email),
      lifted,
    })
    return endpointAnswer(c, 'liftSuppression', { lifted })
  })

  return app
}
