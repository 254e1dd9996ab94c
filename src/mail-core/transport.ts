// The transports' contract: Resend's (resend.ts) here, the outbox's and SMTP's in the Node server
// (src/server/mail-transports), which picks one of them (transport.ts there).

import type { OutgoingEmail } from '../emails/define-kind.ts'

export type { OutgoingEmail }

/**
 * The provider asked every sender to wait: a 429 (with `retry-after`), Resend's spent rate-limit
 * window or daily quota, SMTP's 421 or 452 (or a 4.7.x code). No process sends before `ms` from
 * now (the queue writes it to the shared budget, docs/decisions/email-capacity.md).
 */
export type ProviderPause = {
  ms: number
  reason: string
  /** The provider's daily quota is spent (Resend's daily_quota_exceeded). */
  dailyQuota?: boolean
}

/** Expected outcomes are values: the queue reads `retryable` (and `retryAfterMs`) to decide what to do next. */
export type SendResult =
  | { ok: true; id: string; pause?: ProviderPause }
  | {
      ok: false
      retryable: boolean
      error: string
      retryAfterMs?: number
      /** Not this email's fault: retried once the pause ends, without counting the attempt. */
      pause?: ProviderPause
      /** The receiving server refused the mailbox for good (SMTP 550, 551, 553): it is suppressed as bounced. */
      bounced?: boolean
    }

/** A way of delivering an email. `send` never throws for delivery problems; it reports them as a SendResult. */
export interface Transport {
  readonly name: string
  send(email: OutgoingEmail): Promise<SendResult>
  close(): Promise<void>
  /**
   * Deletes the copies the transport keeps of emails to or about this mailbox (any spelling), when
   * the person is erased; returns how many emails. Only the outbox keeps copies.
   */
  forget?(address: string): Promise<number>
}
