import { z } from 'zod'
import { LIMITS } from './limits.ts'

/**
 * An email address as every side accepts it: trimmed, at most 254 characters, syntactically
 * valid, and free of CR/LF (it ends up in an email header). Letter case is kept as typed;
 * uniqueness is decided on the lower-cased form by the database.
 */
export const emailAddress = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters.`)
  .pipe(z.email('Enter a valid email address.'))

/** The form in which addresses are compared and stored as unique. */
export function normaliseEmail(address: string): string {
  return address.trim().toLowerCase()
}
