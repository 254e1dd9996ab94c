import { z } from 'zod'
import { defineKind } from './define-kind.ts'
import { envelope } from './envelope.ts'

/**
 * The end-of-hour summary of the contact messages past an owner's cap. Queued in SQL,
 * by the contact_messages trigger, due when its hour ends (key: `<UTC hour, YYYY-MM-DDTHH>:<owner>`;
 * the payload counts the messages past the cap and names the hour).
 */
export const contactOwnerSummary = defineKind({
  kind: 'contact-owner-summary',
  payload: z.object({ count: z.number().int(), hourStart: z.string(), feedback: z.number().int().min(0).optional() }),
  dedupeKey: (key: { hour: string; owner: string }) => `${key.hour}:${key.owner}`,
  example: {
    key: { hour: '2026-11-22T14', owner: 'owner@example.com' },
    payload: { count: 3, hourStart: '2026-11-22T14:00:00+00:00', feedback: 1 },
  },
  async build(email, { count, feedback = 0 }, settings) {
    if (count < 1) return { cancel: 'no messages past the cap' }
    const { renderContactOwnerSummaryEmail } = await import('./contact-owner-summary.tsx')
    const rendered = await renderContactOwnerSummaryEmail({
      count,
      feedback,
      consoleUrl: `${settings.PUBLIC_URL}/admin/#/inbox`,
    })
    return envelope(email, settings, rendered)
  },
})
