import nodemailer from 'nodemailer'
import type { NodemailerError } from 'nodemailer'
import { refuseHeaderInjection } from '../../mail-core/header-safety.ts'
import { mailOptions } from './message-id.ts'
import type { OutgoingEmail, SendResult, Transport } from '../../mail-core/transport.ts'

type SmtpOptions = {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465 (TLS from the start). */
  url: string
  /** Milliseconds to wait for the connection, the greeting and each reply; default 15 s. */
  timeoutMs?: number
}

/** Sends through one pooled nodemailer SMTP transporter. */
export function createSmtpTransport(options: SmtpOptions): Transport {
  const url = parseSmtpUrl(options.url)
  const timeout = options.timeoutMs ?? 15_000
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  })
  return {
    name: 'smtp',
    async send(email: OutgoingEmail): Promise<SendResult> {
      const refused = refuseHeaderInjection(email)
      if (refused) return refused
      const options = mailOptions(email)
      try {
        await transporter.sendMail(options)
        return { ok: true, id: options.messageId }
      } catch (err) {
        return classifySmtpError(err as NodemailerError)
      }
    },
    async close() {
      transporter.close()
    },
  }
}

function parseSmtpUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error('SMTP_URL is not a valid URL (expected smtp://user:pass@host:port or smtps://...)')
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`)
  }
  return raw
}

/** 550 mailbox unavailable, 551 user not local, 553 mailbox name not allowed (RFC 5321, 4.2.3). */
const MAILBOX_GONE = new Set([550, 551, 553])

// Problems with the server or our settings, not with this message: once fixed, the same email goes through.
const SETTINGS_CODES = new Set(['EAUTH', 'ENOAUTH', 'ETLS', 'EDNS', 'ECONFIG', 'EPROXY'])

/** SMTP names no time to wait: a "slow down" holds every process for a minute. */
export const SMTP_SLOW_DOWN_MS = 60_000

/**
 * The server's "slow down": 421 (closing the channel), 452 (too many, or out of room for now), or
 * any 4yz reply with an enhanced code 4.7.x (RFC 3463: a policy, such as a sending rate). Treated
 * like Resend's 429: every process pauses (docs/decisions/email-capacity.md).
 */
function isSlowDown(reply: number, response: string | undefined): boolean {
  if (reply === 421 || reply === 452) return true
  return reply >= 400 && reply < 500 && /^\d{3}[ -]4\.7\.\d{1,3}\b/.test(response ?? '')
}

/**
 * RFC 5321: a 4yz reply is transient and a 5yz reply permanent, except 503 (bad sequence),
 * which says the session was confused rather than that the message was refused. Without a
 * reply the connection failed (refused, reset, timed out), so the outcome can be retried;
 * the stable Message-ID lets a receiver drop a duplicate if the first attempt did arrive.
 */
function classifySmtpError(err: NodemailerError): SendResult {
  const code = err.code ?? 'UNKNOWN'
  const reply = err.responseCode
  const error = `SMTP ${reply ?? code}: ${err.response ?? err.message}`
  if (SETTINGS_CODES.has(code)) return { ok: false, retryable: true, error }
  // The receiver refused the mailbox for good; the queue suppresses it as bounced. A
  // refusal of our own sender (MAIL FROM) is a problem of our settings, not of the mailbox.
  if (typeof reply === 'number' && MAILBOX_GONE.has(reply) && err.command !== 'MAIL FROM')
    return { ok: false, retryable: false, error, bounced: true }
  if (typeof reply === 'number' && isSlowDown(reply, err.response))
    return { ok: false, retryable: true, error, pause: { ms: SMTP_SLOW_DOWN_MS, reason: error } }
  if (typeof reply === 'number') return { ok: false, retryable: reply < 500 || reply === 503, error }
  // Nodemailer rejected the envelope itself (no valid recipient): sending again cannot help.
  if (code === 'EENVELOPE') return { ok: false, retryable: false, error }
  return { ok: false, retryable: true, error }
}
