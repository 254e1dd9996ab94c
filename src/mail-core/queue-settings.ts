import { z } from 'zod'
import type { KindSettings } from '../emails/define-kind.ts'

/** The queue's settings; the Node server reads them from its config, the edge function takes QUEUE_DEFAULTS. */
export type QueueSettings = KindSettings & {
  EMAIL_POLL_INTERVAL_MS: number
  EMAIL_MAX_ATTEMPTS: number
  /** First retry delay; doubles on each attempt, with jitter, capped at EMAIL_RETRY_MAX_MS. */
  EMAIL_RETRY_BASE_MS: number
  EMAIL_RETRY_MAX_MS: number
  /** How long a claimed email stays the claimant's; past it, another worker may send it. */
  EMAIL_LEASE_MS: number
  /** On: the claim also deletes sign-ups left unconfirmed (see claimEmails). */
  SIGNUP_CONFIRMATION?: boolean
  /** The plan's pace and daily quota, shared by every process (email-capacity.ts); absent: unlimited. */
  EMAIL_RATE_PER_SECOND?: number
  EMAIL_DAILY_LIMIT?: number
}

/** The retry rules both deployments share: the Node server's defaults (config.ts), the function's values. */
export const QUEUE_DEFAULTS = {
  EMAIL_POLL_INTERVAL_MS: 5_000,
  EMAIL_MAX_ATTEMPTS: 10,
  EMAIL_RETRY_BASE_MS: 60_000,
  EMAIL_RETRY_MAX_MS: 6 * 60 * 60 * 1000,
  EMAIL_LEASE_MS: 2 * 60 * 1000,
} as const

/**
 * The email plan's limits, for every process together (docs/decisions/email-capacity.md): sends
 * per second (a token bucket whose burst is the rate) and per UTC day. Unset: unlimited; the
 * provider's own answers (a 429, SMTP's 421 or 452) pause every sender either way. One
 * declaration for the Node server's config and the edge function's settings.
 */
export const EMAIL_CAPACITY_SETTINGS = {
  EMAIL_RATE_PER_SECOND: z.coerce
    .number({ error: 'must be a number of emails per second, such as 2 or 0.5' })
    .positive('must be more than 0 (unset it for no limit)')
    .max(10_000)
    .optional(),
  EMAIL_DAILY_LIMIT: z.coerce
    .number({ error: 'must be a whole number of emails per day, such as 100' })
    .int('must be a whole number of emails per day, such as 100')
    .min(1, 'must be at least 1 (unset it for no limit)')
    .optional(),
}
