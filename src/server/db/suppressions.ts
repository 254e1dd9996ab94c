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

/**
 * How many mailboxes are suppressed, and why (the console shows the numbers; the hashes say
 * nothing), and which owner addresses' mailboxes are among them: their mail as owners still
 * arrives, but the console says so, since beta-list mail to that mailbox does not.
 */
export async function countSuppressions(
  db: Db,
): Promise<{ count: number; bounced: number; complained: number; owners: string[] }> {
  const r = await db.query<{ n: string | number; bounced: string | number; complained: string | number }>(
    `select count(*) as n, count(*) filter (where reason = 'bounced') as bounced,
       count(*) filter (where reason = 'complained') as complained
     from app_private.email_suppressions`,
  )
  const row = r.rows[0]!
  const n = Number(row.n)
  // One HMAC per owner, and only when the list is not empty.
  const owners =
    n === 0
      ? []
      : (
          await db.query<{ email: string }>(
            'select email from app_private.owner_emails where app_private.is_suppressed(email) order by email',
          )
        ).rows.map((o) => o.email)
  return { count: n, bounced: Number(row.bounced), complained: Number(row.complained), owners }
}
