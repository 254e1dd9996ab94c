import type { OutgoingEmail, SendResult } from './transport.ts'

const LINE_BREAK = /[\r\n]/
// RFC 5322 §3.6.8: printable US-ASCII except the colon.
const FIELD_NAME = /^[!-9;-~]+$/

/**
 * Returns a non-retryable failure when any header-bound field of `email` holds CR or LF,
 * or null when it is safe. Every transport calls this before doing any I/O, because a
 * line break in a header would let a visitor's input add headers or a body (header
 * injection), and no retry can make such an email safe.
 */
export function refuseHeaderInjection(email: OutgoingEmail): SendResult | null {
  const fields: Array<[string, string]> = [
    ['id', email.id],
    ['from', email.from],
    ['to', email.to],
    ['subject', email.subject],
  ]
  for (const [name, value] of Object.entries(email.headers)) {
    if (!FIELD_NAME.test(name)) {
      return { ok: false, retryable: false, error: `Refused: ${JSON.stringify(name)} is not a valid header name` }
    }
    fields.push([`header ${name}`, value])
  }
  for (const [field, value] of fields) {
    if (LINE_BREAK.test(value)) {
      return { ok: false, retryable: false, error: `Refused: ${field} contains a line break (CR or LF)` }
    }
  }
  return null
}
