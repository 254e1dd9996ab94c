import type { Db } from './db.ts'

/**
 * The suppression list: mailboxes that left the beta, kept only as HMAC-SHA-256 of their canonical
 * form (app_private.email_suppressions). Signing up a suppressed mailbox gets the usual answer but
 * stores and sends nothing; the insert trigger enforces it. unsubscribe() in queries.ts adds to it.
 * See docs/decisions/suppression-and-canonical-mailbox.md.
 */

/** Whether the mailbox of this address left the beta. */
export async function isSuppressed(db: Db, email: string): Promise<boolean> {
  const r = await db.query<{ s: boolean }>('select app_private.is_suppressed($1) as s', [email])
  return r.rows[0]?.s === true
}

/**
 * Lets the mailbox of this address sign up again (the owner's console calls it, when the person
 * asked). Returns whether it was suppressed. Any spelling of the mailbox works.
 */
export async function liftSuppression(db: Db, email: string): Promise<boolean> {
  const r = await db.query<{ lifted: boolean }>('select app_private.lift_suppression($1) as lifted', [email])
  return r.rows[0]?.lifted === true
}

/** How many mailboxes are suppressed, and why (the console shows the numbers; the hashes say nothing). */
export async function countSuppressions(db: Db): Promise<{ count: number; bounced: number; complained: number }> {
  const r = await db.query<{ n: string | number; bounced: string | number; complained: string | number }>(
    `select count(*) as n, count(*) filter (where reason = 'bounced') as bounced,
       count(*) filter (where reason = 'complained') as complained
     from app_private.email_suppressions`,
  )
  const row = r.rows[0]!
  return { count: Number(row.n), bounced: Number(row.bounced), complained: Number(row.complained) }
}
