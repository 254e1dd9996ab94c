import type { Queryable } from './db.ts'

/**
 * The suppression list as the mail core uses it (app_private.email_suppressions; reasons since
 * migration 20261124100100): the queue skips a suppressed mailbox, a permanent SMTP refusal and
 * Resend's webhook put one on it.
 */
type SuppressionReason = 'unsubscribed' | 'bounced' | 'complained'

/**
 * Whether the queue must hold this email back. The list governs mail to the beta list; an owner's
 * own address (app_private.owner_emails, OWNER_EMAILS) is never silenced by it: the
 * founder's mailbox lands there in ordinary ways (a test sign-up erased, one 550), and the
 * canonical-mailbox rule widens each one.
 */
export async function isSuppressedMailbox(db: Queryable, email: string): Promise<boolean> {
  const r = await db.query<{ s: boolean }>(
    `select app_private.is_suppressed($1)
       and not exists (select 1 from app_private.owner_emails o where o.email = lower(btrim($1))) as s`,
    [email],
  )
  return r.rows[0]?.s === true
}

/** Suppresses the mailbox of this address; a stronger reason replaces a weaker one. */
export async function suppressMailbox(db: Queryable, email: string, reason: SuppressionReason): Promise<void> {
  await db.query('select app_private.suppress_mailbox($1, $2)', [email, reason])
}
