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
