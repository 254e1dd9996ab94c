import type { Db } from '../../db/db.ts'
import type { Transport } from '../../email/transport.ts'
import { addressHash, audit } from './audit.ts'

/**
 * Erases a person, as the privacy policy promises: their sign-up, every email queued to them, and
 * their contact messages and feedback (whose owner emails and states go by cascade), in one transaction with
 * the audit entry, which names them only by a keyed hash. The mailbox then goes on the suppression
 * list, as when a person leaves the beta, so nobody can sign it up again until the owner lifts it;
 * and the transport's kept copies of their emails (the outbox's files) are deleted.
 * Rows are matched by canonical mailbox whatever they hold, also rows the shared address schema
 * would refuse (stored by SQL or an import). Issue 15, defect 5.
 */
export async function erasePerson(
  db: Db,
  secret: Buffer,
  actor: string,
  address: string,
  transport?: Pick<Transport, 'forget'>,
) {
  const email = address.trim()
  // The same mailbox in any spelling (letter case, dots and +tags where the provider ignores them),
  // as sign-ups are deduplicated (docs/decisions/suppression-and-canonical-mailbox.md).
  const same = (column: string) => `app_private.canonical_email(${column}) = app_private.canonical_email($1)`
  const counts = await db.transaction(async (tx) => {
    // The lock the sign-up trigger and unsubscribe take: a sign-up of this mailbox running now
    // either commits before the delete below or sees the suppression after it.
    await tx.query(
      `select pg_advisory_xact_lock(hashtextextended('beta_signups:' || app_private.canonical_email($1), 0))`,
      [email],
    )
    const signups = await tx.query(`delete from public.beta_signups where ${same('email')}`, [email])
    const messages = await tx.query(`delete from public.contact_messages where ${same('email')}`, [email])
    // Issue 18: their feedback too (its owner emails go by cascade), whichever link they used.
    const feedback = await tx.query(`delete from app_private.beta_feedback where ${same('email')}`, [email])
    const emails = await tx.query(`delete from app_private.email_queue where ${same('to_email')}`, [email])
    const suppressed = await tx.query(
      `insert into app_private.email_suppressions (mailbox_hmac) values (app_private.mailbox_hmac($1))
       on conflict (mailbox_hmac) do nothing`,
      [email],
    )
    const counts = {
      signups: signups.rowCount,
      messages: messages.rowCount,
      feedback: feedback.rowCount,
      emails: emails.rowCount,
    }
    await audit(tx, actor, 'person.erase', {
      person: addressHash(secret, email),
      ...counts,
      suppressed: suppressed.rowCount === 1 ? 'now' : 'already',
    })
    return counts
  })
  // After the commit, so no email of theirs can be queued again. An email being written at this
  // very moment (its row claimed before the delete) can still land; erasing again removes it.
  const outbox = (await transport?.forget?.(email)) ?? 0
  return { ...counts, outbox }
}
