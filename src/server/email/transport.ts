import { createOutboxTransport } from './outbox.ts'
import { createResendTransport } from './resend.ts'
import { createSmtpTransport } from './smtp.ts'

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
  { ok: true; id: string } | { ok: false; retryable: boolean; error: string; retryAfterMs?: number }

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

export type EmailConfig = {
  EMAIL_TRANSPORT: 'outbox' | 'smtp' | 'resend'
  OUTBOX_DIR: string
  SMTP_URL?: string
  RESEND_API_KEY?: string
  RESEND_API_URL: string
}

/** Picks the transport named by EMAIL_TRANSPORT; throws when the setting it needs is missing. */
export function createTransport(config: EmailConfig): Transport {
  switch (config.EMAIL_TRANSPORT) {
    case 'outbox':
      if (!config.OUTBOX_DIR) throw new Error('OUTBOX_DIR is required when EMAIL_TRANSPORT=outbox')
      return createOutboxTransport({ dir: config.OUTBOX_DIR })
    case 'smtp':
      if (!config.SMTP_URL)
        throw new Error('SMTP_URL is required when EMAIL_TRANSPORT=smtp (e.g. smtp://user:pass@host:587)')
      return createSmtpTransport({ url: config.SMTP_URL })
    case 'resend':
      if (!config.RESEND_API_KEY) throw new Error('RESEND_API_KEY is required when EMAIL_TRANSPORT=resend')
      if (!config.RESEND_API_URL) throw new Error('RESEND_API_URL is required when EMAIL_TRANSPORT=resend')
      return createResendTransport({ apiKey: config.RESEND_API_KEY, apiUrl: config.RESEND_API_URL })
    default:
      throw new Error(`Unknown EMAIL_TRANSPORT: ${String((config as { EMAIL_TRANSPORT: unknown }).EMAIL_TRANSPORT)}`)
  }
}
