import { z } from 'zod'
import { paths } from '../shared/paths.ts'
import { defineKind } from './define-kind.ts'
import { envelope } from './envelope.ts'
import { ownerDay, ownerNumber } from './owner-format.ts'

/**
 * The owners' notice that the email queue will not drain within the day's quota (key:
 * `<UTC day>:<owner>`, so once a day per owner, whichever process notices first). Queued by the
 * mail core (src/mail-core/email-capacity.ts). docs/decisions/email-capacity.md
 */
export const emailCapacity = defineKind({
  kind: 'email-capacity',
  payload: z.object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    waiting: z.number().int().min(0),
    /** Null when no EMAIL_DAILY_LIMIT is set and the provider itself said today's quota is spent. */
    dailyLimit: z.number().int().min(0).nullable(),
    remainingToday: z.number().int().min(0).nullable(),
    drainMinutes: z.number().int().min(1).nullable(),
  }),
  dedupeKey: (key: { day: string; owner: string }) => `${key.day}:${key.owner}`,
  example: {
    key: { day: '2026-12-02', owner: 'owner@example.com' },
    payload: { day: '2026-12-02', waiting: 20_000, dailyLimit: 100, remainingToday: 40, drainMinutes: 287_000 },
  },
  // Not behind the backlog it warns about; at most one a day per owner.
  priority: 1,
  async build(email, payload, settings) {
    const { renderEmailCapacityEmail } = await import('./email-capacity.tsx')
    const rendered = await renderEmailCapacityEmail({
      day: ownerDay(payload.day),
      waiting: ownerNumber(payload.waiting),
      limit: payload.dailyLimit === null ? null : ownerNumber(payload.dailyLimit),
      remaining: payload.remainingToday === null ? null : ownerNumber(payload.remainingToday),
      minutes: payload.drainMinutes === null ? null : ownerNumber(payload.drainMinutes),
      consoleUrl: `${settings.PUBLIC_URL}${paths.console.href('launch')}`,
    })
    return envelope(email, settings, rendered)
  },
})
