import type { Db } from '../db/db.ts'
import { addressHash, audit } from './audit.ts'

/**
 * Erases a person, as the privacy policy promises: their sign-up, every email queued to them, and
 * their contact messages (whose owner emails and states go by cascade), in one transaction with
 * the audit entry, which names them only by a keyed hash.
 */
export async function erasePerson(db: Db, secret: Buffer, actor: string, address: string) {
  const email = address.trim().toLowerCase()
  return db.transaction(async (tx) => {
    const signups = await tx.query('delete from public.beta_signups where lower(btrim(email)) = $1', [email])
    const messages = await tx.query('delete from public.contact_messages where lower(btrim(email)) = $1', [email])
    const emails = await tx.query('delete from app_private.email_queue where lower(btrim(to_email)) = $1', [email])
    const counts = { signups: signups.rowCount, messages: messages.rowCount, emails: emails.rowCount }
    await audit(tx, actor, 'person.erase', { person: addressHash(secret, email), ...counts })
    return counts
  })
}
