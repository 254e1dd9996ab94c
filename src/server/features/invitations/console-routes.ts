import { Hono } from 'hono'
import { MAX_INVITATION_BATCH } from '../../../shared/invitations.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/db.ts'
import { apiError } from '../../../shared/http/errors.ts'
import { invitationCounts, inviteSignups, previewInvitations, selectedAddresses, type Stores } from './queries.ts'
import { exportHeaders, exportStream } from './exports.ts'
import { audit } from '../../owner/audit.ts'
import { savePreview, takePreview } from './previews.ts'
import { startExport, type ExportSlots } from '../../owner/exports.ts'
import type { OwnerEnv } from '../../owner/deps.ts'
import { endpointAnswer, endpointInput } from '../../http/console-endpoint.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'
import type { TestflightWatch } from './testflight-watch.ts'

// The console's side of the beta invitations. app.ts mounts these behind the session and Origin checks (features/console/routes.ts).
// Decisions: docs/decisions/beta-invitations.md

type InvitationConfig = Pick<Config, 'BETA_IOS_URL' | 'BETA_ANDROID_URL' | 'INVITATION_INTERVAL_MS'>

export function adminInvitationRoutes(deps: {
  db: Db
  config: InvitationConfig
  wakeEmailQueue: () => void
  exportSlots: ExportSlots
  /** The TestFlight link's health (the Node server's; absent: not checked). */
  testflight?: TestflightWatch
}): Hono<OwnerEnv> {
  const { db, config } = deps
  const stores: Stores = { ios: Boolean(config.BETA_IOS_URL), android: Boolean(config.BETA_ANDROID_URL) }
  const app = new Hono<OwnerEnv>()

  // Counts per status and platform, and which store links are set (the console says when one is not).
  app.get(routePath(endpoints.invitations), async (c) =>
    endpointAnswer(c, 'invitations', {
      ...(await invitationCounts(db)),
      stores,
      maxBatch: MAX_INVITATION_BATCH,
      testflight: (await deps.testflight?.health()) ?? null,
    }),
  )

  app.get(routePath(endpoints.invitationPreview), async (c) => {
    const { n, platform, disposable } = await endpointInput(c, 'invitationPreview')
    const includeDisposable = disposable === 'include'
    const { rows, disposableLeftOut } = await previewInvitations(db, { limit: n, platform, stores, includeDisposable })
    await savePreview(
      db,
      c.get('session').id,
      rows.map((r) => r.id),
    )
    return endpointAnswer(c, 'invitationPreview', {
      rows: rows.map((r) => ({ ...r, id: Number(r.id) })),
      stores,
      disposableLeftOut,
    })
  })

  app.post(routePath(endpoints.invite), async (c) => {
    // The exact ids the preview showed: nobody outside them can be invited by this confirmation.
    const { ids } = await endpointInput(c, 'invite')
    const actor = c.get('session').email
    // Exactly the previewed ids, not any eligible id the client names.
    if (!(await takePreview(db, c.get('session').id, ids)))
      throw apiError(
        409,
        'PREVIEW_MISMATCH',
        'These are not the people of your latest preview.',
        null,
        'Preview again, then confirm.',
      )
    // A fresh reading of the TestFlight link first: a full one holds this batch's iPhone invitations.
    await deps.testflight?.beforeBatch()
    const { invited } = await inviteSignups(db, {
      ids: ids.map(String),
      stores,
      intervalMs: config.INVITATION_INTERVAL_MS,
    })
    // Ids, not addresses: the audit log keeps no address in clear (an erased person's id means nothing).
    await audit(db, actor, 'invitations.send', { count: invited.length, ids: invited.map((i) => Number(i.id)) })
    await deps.testflight?.afterBatch()
    if (invited.length > 0) deps.wakeEmailQueue()
    return endpointAnswer(c, 'invite', { invited: invited.length, skipped: ids.length - invited.length })
  })

  app.get(routePath(endpoints.storeExport), async (c) => {
    const { format, ...selection } = await endpointInput(c, 'storeExport')
    await audit(db, c.get('session').email, 'invitations.export', { format, ...selection, q: selection.q ? 'yes' : '' })
    const day = new Date().toISOString().slice(0, 10)
    const batches = await startExport(deps.exportSlots, c.get('session').email, () =>
      selectedAddresses(db, selection, 5000, format === 'play'),
    )
    return new Response(exportStream(format, batches), {
      headers: exportHeaders(format, day),
    })
  })

  return app
}
