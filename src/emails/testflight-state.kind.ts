import { z } from 'zod'
import { paths } from '../shared/paths.ts'
import { defineKind } from './define-kind.ts'
import { envelope } from './envelope.ts'

const KnownState = z.enum(['open', 'full', 'closed'])

/**
 * To one owner when the public TestFlight link changes state (key: the change's time and the
 * owner): full or closed holds iPhone invitations back, open lets them go
 * (docs/decisions/testflight-link-health.md).
 */
export const testflightState = defineKind({
  kind: 'testflight-state',
  payload: z.object({ state: KnownState, previous: KnownState.nullable() }),
  dedupeKey: (key: { at: string; owner: string }) => `${key.at}:${key.owner}`,
  example: {
    key: { at: '2026-11-29T10:00:00.000Z', owner: 'owner@example.com' },
    payload: { state: 'full', previous: 'open' },
  },
  // The owner should hear of it before the next batch of invitations goes out.
  priority: 1,
  async build(email, { state }, settings) {
    const { renderTestflightStateEmail } = await import('./testflight-state.tsx')
    const rendered = await renderTestflightStateEmail({
      state,
      consoleUrl: `${settings.PUBLIC_URL}${paths.console.href('invitations')}`,
    })
    return envelope(email, settings, rendered)
  },
})
