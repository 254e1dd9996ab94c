import type { Db } from '../../db/db.ts'
import type { Transport } from '../../mail-transports/transport.ts'
import { addressHash, audit } from '../../owner/audit.ts'
import type { PersonSource } from '../../person-data.ts'
import { eraseSources } from './queries.ts'

/** How erasure is called: the list of sources is bound once (the `personData` port, or the owner CLI's). */
type ErasePerson = (
  db: Pick<Db, 'transaction'>,
  secret: Buffer,
  actor: string,
  address: string,
  transport?: Pick<Transport, 'forget'>,
) => Promise<{ signups: number; contactMessages: number; feedback: number; emails: number; outbox: number }>

/**
 * Erasure over these sources (every feature's, in erasure's order: features.ts's PERSON_DATA).
 * Erases a person, as the privacy policy promises: their sign-up, every email queued to them, and
 * their contact messages and feedback (whose owner emails and states go by cascade), in one transaction with
 * the audit entry, which names them only by a keyed hash. The mailbox then goes on the suppression
 * list, as when a person leaves the beta, so nobody can sign it up again until the owner lifts it;
 * and the transport's kept copies of their emails (the outbox's files) are deleted.
 * Rows are matched by canonical mailbox whatever they hold, also rows the shared address schema
 * would refuse (stored by SQL or an import).
 */
export const personEraser =
  (sources: readonly PersonSource[]): ErasePerson =>
  async (db, secret, actor, address, transport) => {
    const email = address.trim()
    // The same mailbox in any spelling (letter case, dots and +tags where the provider ignores them),
    // as sign-ups are deduplicated (docs/decisions/suppression-and-canonical-mailbox.md): the
    // deletes of every feature's person-data sources match so.
    const counts = await db.transaction(async (tx) => {
      // The lock the sign-up trigger and unsubscribe take: a sign-up of this mailbox running now
      // either commits before the delete below or sees the suppression after it.
      await tx.query(
        `select pg_advisory_xact_lock(hashtextextended('beta_signups:' || app_private.canonical_email($1), 0))`,
        [email],
      )
      // The sign-up's delete trigger then writes person.erased, not an unsubscribe, and blanks the
      // address in webhook events not yet sent (migration 20261126130000).
      await tx.query(`select set_config('app.person_left', 'erased', true)`)
      // Every table of the one list that "Download data" reads too.
      const erased = await eraseSources(tx, sources, email)
      const suppressed = await tx.query(
        `insert into app_private.email_suppressions (mailbox_hmac) values (app_private.mailbox_hmac($1))
       on conflict (mailbox_hmac) do nothing`,
        [email],
      )
      // The journal a restore re-applies (docs/decisions/backups.md): a backup taken before now
      // still holds this person, and must not bring them back.
      await tx.query(
        `insert into app_private.suppression_journal (mailbox_hmac, event) values (app_private.mailbox_hmac($1), 'erased')`,
        [email],
      )
      const counts = {
        signups: erased['public.beta_signups'] ?? 0,
        contactMessages: erased['public.contact_messages'] ?? 0,
        feedback: erased['app_private.beta_feedback'] ?? 0,
        emails: erased['app_private.email_queue'] ?? 0,
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
