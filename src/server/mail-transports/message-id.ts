import addressparser from 'nodemailer/lib/addressparser'
import type { OutgoingEmail } from '../../mail-core/transport.ts'

/**
 * The Message-ID for an email, derived only from its stable id and its sender's domain,
 * so a resend after a crash carries the same Message-ID and receivers can spot the
 * duplicate. Characters outside RFC 5322's dot-atom are percent-encoded.
 */
function messageIdFor(id: string, from: string): string {
  const local = id.replace(
    /[^A-Za-z0-9!#$&'*+\-/=?^_`{|}~.]/g,
    (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  )
  return `<${local.replace(/^\.+|\.+$/g, '') || 'email'}@${senderDomain(from)}>`
}

function senderDomain(from: string): string {
  const [first] = addressparser(from, { flatten: true })
  const domain = first?.address.split('@')[1]?.toLowerCase()
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost'
}

/** nodemailer's message options for an email, the same for the outbox's .eml and an SMTP send. */
export function mailOptions(email: OutgoingEmail) {
  const { from, to, subject, text, html, headers } = email
  return { from, to, subject, text, html, headers, messageId: messageIdFor(email.id, email.from) }
}
