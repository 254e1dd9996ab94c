import { z } from 'zod'
import { paths } from '../shared/paths.ts'
import { defineKind } from './define-kind.ts'
import { envelope } from './envelope.ts'

const Payload = z.object({
  count: z.number().int(),
  hourStart: z.string(),
  feedback: z.number().int().min(0).optional(),
})
type Payload = z.infer<typeof Payload>

/** The owner's hour as the cap counted it (app_private.owner_notify_counts), read when the worker claims the summary. */
export type OwnerHourCounts = { hourStart: string; pastCap: number; pastCapFeedback: number }

/**
 * The summary's payload: the contact messages and feedback entries past the cap in the hour, how
 * many of them were feedback, and the hour. A row queued before migration 20261127021115 stored the
 * counts up to then in its payload; the hour's later ones (counted since) add to them.
 */
export function summaryPayload(stored: unknown, hour: OwnerHourCounts): Payload {
  const old = Payload.partial().safeParse(stored)
  const before = old.success ? old.data : {}
  return {
    count: (before.count ?? 0) + hour.pastCap,
    hourStart: before.hourStart ?? hour.hourStart,
    feedback: (before.feedback ?? 0) + hour.pastCapFeedback,
  }
}

/**
 * The end-of-hour summary of the contact messages and feedback entries past an owner's cap. Queued
 * in SQL, by the contact_messages and beta_feedback triggers (the kind's name their argument),
 * due when its hour ends (key: `<UTC hour, YYYY-MM-DDTHH>:<owner>`), without a payload: the
 * counts stay with the cap's, and the worker reads them when it claims the row (summaryPayload).
 */
export const contactOwnerSummary = defineKind({
  kind: 'contact-owner-summary',
  payload: Payload,
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
      consoleUrl: `${settings.PUBLIC_URL}${paths.console.href('inbox')}`,
    })
    return envelope(email, settings, rendered)
  },
})
