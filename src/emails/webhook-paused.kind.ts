import { z } from 'zod'
import { paths } from '../shared/paths.ts'
import { defineKind } from './define-kind.ts'
import { envelope } from './envelope.ts'
import { ownerTime } from './owner-format.ts'

/**
 * The owners' notice that the webhook sender paused an endpoint after days of failures (key:
 * `<endpoint id>:<failing since>:<owner>`, so one notice per owner per streak). Queued by the
 * server's outbound-events feature.
 */
export const webhookPaused = defineKind({
  kind: 'webhook-paused',
  payload: z.object({ endpoint: z.string(), since: z.string(), reason: z.string() }),
  dedupeKey: (key: { endpointId: number; since: string; owner: string }) =>
    `${key.endpointId}:${key.since}:${key.owner}`,
  example: {
    key: { endpointId: 3, since: '2026-11-21T09:00:00.000Z', owner: 'owner@example.com' },
    payload: {
      endpoint: 'https://hooks.example.com/launch',
      since: '2026-11-21T09:00:00.000Z',
      reason: 'every delivery failed for 5 days',
    },
  },
  async build(email, payload, settings) {
    const { renderWebhookPausedEmail } = await import('./webhook-paused.tsx')
    const rendered = await renderWebhookPausedEmail({
      ...payload,
      since: ownerTime(payload.since),
      consoleUrl: `${settings.PUBLIC_URL}${paths.console.href('integrations')}`,
    })
    return envelope(email, settings, rendered)
  },
})
