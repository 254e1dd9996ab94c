import { z } from 'zod'
import { count, iso } from './console-common.ts'

// The email queue against the provider's capacity (issue 52, item 3): what the console's Launch
// view and /metrics show, computed by the mail core (src/mail-core/email-capacity.ts) from the
// queue and the shared budget. docs/decisions/email-capacity.md

const perSecond = z.number().min(0)

/** GET /admin/api/email-queue: emails waiting by kind, the pace, and when the queue drains. */
export const EmailQueueState = z.strictObject({
  /** Pending or being sent, due now or later (a held invitation, due at 'infinity', is not). */
  waiting: z.array(z.strictObject({ kind: z.string(), count })),
  total: count,
  /** EMAIL_RATE_PER_SECOND and EMAIL_DAILY_LIMIT; null: not set (the provider's own limits apply). */
  ratePerSecond: perSecond.nullable(),
  dailyLimit: count.nullable(),
  /** Emails handed to the provider today (UTC, as Resend counts), by every process together. */
  sentToday: count,
  remainingToday: count.nullable(),
  /** Emails sent in the last minute, per second. */
  pacePerSecond: perSecond,
  /** A provider's "slow down": nothing is sent before this time. */
  pausedUntil: iso.nullable(),
  pauseReason: z.string().nullable(),
  /** About how long until nothing waits; null when nothing tells (no rate set and nothing sent lately). */
  drainSeconds: z.number().min(0).nullable(),
  /** False when what waits is more than the day's quota can still send (or the provider said it is spent). */
  fitsToday: z.boolean(),
})
export type EmailQueueState = z.infer<typeof EmailQueueState>

/** Whole minutes for "drains in about N minutes", at least 1 while anything waits. */
export function drainMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60))
}
