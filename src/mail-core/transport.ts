// The transports' contract: Resend's (resend.ts) here, the outbox's and SMTP's in the Node server
// (src/server/mail-transports), which picks one of them (transport.ts there).

/** One email, ready to send. `id` is stable per email (the queue row id): it is the idempotency key, the Message-ID seed and the outbox file name. */
export type OutgoingEmail = {
  id: string
  from: string
  to: string
  subject: string
  html: string
  text: string
  headers: Record<string, string>
}

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
