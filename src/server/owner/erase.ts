import type { Db } from '../db/db.ts'
import { addressHash, audit } from './audit.ts'

/**
 * Erases a person, as the privacy policy promises: their sign-up, every email queued to them, and
 * their contact messages (whose owner emails and states go by cascade), in one transaction with
 * the audit entry, which names them only by a keyed hash.
 */
export async function erasePerson(db: Db, secret: Buffer, actor: string, address: string) {
  const email = address.trim().toLowerCase()
  // The same mailbox in any spelling (letter case, dots and +tags where the provider ignores them),
  // as sign-ups are deduplicated (docs/decisions/suppression-and-canonical-mailbox.md).
  const same = (column: string) => `app_private.canonical_email(${column}) = app_private.canonical_email($1)`
  return db.transaction(async (tx) => {
    const signups = await tx.query(`delete from public.beta_signups where ${same('email')}`, [email])
    const messages = await tx.query(`delete from public.contact_messages where ${same('email')}`, [email])
    const emails = await tx.query(`delete from app_private.email_queue where ${same('to_email')}`, [email])
    const counts = { signups: signups.rowCount, messages: messages.rowCount, emails: emails.rowCount }
    await audit(tx, actor, 'person.erase', { person: addressHash(secret, email), ...counts })
    return counts
  })
}
