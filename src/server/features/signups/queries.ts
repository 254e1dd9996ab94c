import { enqueue } from '../../../mail-core/enqueue.ts'
import { welcome } from '../../../emails/welcome.kind.ts'
import type { Db } from '../../db/db.ts'

/**
 * The confirmation button (double opt-in): marks the sign-up with this token confirmed and queues
 * its welcome email (once). Confirming again changes nothing. `known` is false for a token that is
 * not (or no longer) on the list.
 */
export async function confirmSignup(
  db: Db,
  token: string,
): Promise<{ known: boolean; welcomeQueued: boolean; locale: string | null }> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ email: string; mailbox: string; locale: string | null }>(
      `update public.beta_signups set confirmed_at = coalesce(confirmed_at, now())
       where unsubscribe_token = $1::uuid
       returning email, app_private.canonical_email(email) as mailbox, locale`,
      [token],
    )
    const signup = r.rows[0]
    if (!signup) return { known: false, welcomeQueued: false, locale: null }
    const queued = await enqueue(tx, welcome, { to: signup.email, key: signup.mailbox, payload: null })
    return { known: true, welcomeQueued: queued.length > 0, locale: signup.locale }
  })
}

/** The sign-up with this unsubscribe token, by the language its pages speak; null when there is none. */
export async function signupByUnsubscribeToken(db: Db, token: string): Promise<{ locale: string | null } | null> {
  const r = await db.query<{ locale: string | null }>(
    'select locale from public.beta_signups where unsubscribe_token = $1::uuid',
    [token],
  )
  return r.rows[0] ?? null
}
