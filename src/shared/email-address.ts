import { z } from 'zod'
import { LIMITS } from './limits.ts'

/**
 * An email address as every side accepts it: trimmed, at most 254 characters, syntactically
 * valid, at most 64 characters before the @ (SMTP's limit), and free of CR/LF (it ends up in an email header). Letter case is kept as typed;
 * uniqueness is decided on the lower-cased form by the database.
 */
export const emailAddress = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters.`)
  .pipe(
    z
      .email('Enter a valid email address.')
      .refine(
        (a) => a.lastIndexOf('@') <= LIMITS.emailLocalPart,
        `The part before the @ must be at most ${LIMITS.emailLocalPart} characters.`,
      ),
  )

/** The address trimmed and in lower case (log hashes). */
export function normaliseEmail(address: string): string {
  return address.trim().toLowerCase()
}

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * The mailbox an address reaches, the form in which sign-ups are unique: lower case, the `+tag`
 * dropped at every domain, and at Gmail the dots of the local part ignored and googlemail.com
 * read as gmail.com. The twin of app_private.canonical_email in the migrations, which decides;
 * a test checks that both agree. A rule that would leave the local part empty is not applied.
 */
export function canonicalEmail(address: string): string {
  const a = address.trim().toLowerCase()
  const at = a.lastIndexOf('@')
  if (at < 0) return a
  let local = a.slice(0, at)
  let domain = a.slice(at + 1)
  if (GMAIL_DOMAINS.has(domain)) domain = 'gmail.com'
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  if (domain === 'gmail.com' && local.replaceAll('.', '') !== '') local = local.replaceAll('.', '')
  return `${local}@${domain}`
}
