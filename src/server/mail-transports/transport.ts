import { createOutboxTransport } from './outbox.ts'
import { createResendTransport } from '../../mail-core/resend.ts'
import { createSmtpTransport } from './smtp.ts'
import type { Transport } from '../../mail-core/transport.ts'

export type { OutgoingEmail, SendResult, Transport } from '../../mail-core/transport.ts'

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
