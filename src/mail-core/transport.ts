// The transports' contract: Resend's (resend.ts) here, the outbox's and SMTP's in the Node server
// (src/server/mail-transports), which picks one of them (transport.ts there).

import type { OutgoingEmail } from '../emails/define-kind.ts'

export type { OutgoingEmail }

/** Expected outcomes are values: the queue reads `retryable` (and `retryAfterMs`) to decide what to do next. */
export type SendResult =
  | { ok: true; id: string }
  | {
      ok: false
      retryable: boolean
      error: string
      retryAfterMs?: number
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
