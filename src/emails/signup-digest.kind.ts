import { z } from 'zod'
import { defineKind } from './define-kind.ts'
import { envelope } from './envelope.ts'

/** The daily sign-up summary of one day (UTC) for one owner (key: `<day>:<owner>`), written when it was due. */
export const signupDigest = defineKind({
  kind: 'signup-digest',
  payload: z.object({ day: z.string(), count: z.number().int(), total: z.number().int() }),
  dedupeKey: (key: { day: string; owner: string }) => `${key.day}:${key.owner}`,
  example: {
    key: { day: '2026-11-22', owner: 'owner@example.com' },
    payload: { day: '2026-11-22', count: 2, total: 9 },
  },
  async build(email, { day, count, total }, settings) {
    const { renderSignupDigestEmail } = await import('./signup-digest.tsx')
    const rendered = await renderSignupDigestEmail({ day, count, total, consoleUrl: `${settings.PUBLIC_URL}/admin/` })
    return envelope(email, settings, rendered)
  },
})
