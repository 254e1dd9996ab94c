import type { Queryable } from './db.ts'

/**
 * The suppression list as the mail core uses it (app_private.email_suppressions; reasons since
 * migration 20261124100100): the queue skips a suppressed mailbox, a permanent SMTP refusal and
 * Resend's webhook put one on it.
 */
export type SuppressionReason = 'unsubscribed' | 'bounced' | 'complained'

export async function isSuppressedMailbox(db: Queryable, email: string): Promise<boolean> {
  const r = await db.query<{ s: boolean }>('select app_private.is_suppressed($1) as s', [email])
  return r.rows[0]?.s === true
}

/** Suppresses the mailbox of this address; a stronger reason replaces a weaker one. */
export async function suppressMailbox(db: Queryable, email: string, reason: SuppressionReason): Promise<void> {
  await db.query('select app_private.suppress_mailbox($1, $2)', [email, reason])
}
