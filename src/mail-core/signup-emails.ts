import type { MailDb, Queryable } from './db.ts'
import { enqueue } from './enqueue.ts'
import { confirmSignup } from '../emails/confirm-signup.kind.ts'
import { welcome } from '../emails/welcome.kind.ts'

/**
 * Queues the welcome email for an address on the beta list, at most once per mailbox ever, sent
 * to the address as first typed, and marks the sign-up confirmed: without double opt-in, the
 * welcome email is its end. Returns whether a new email was queued. The rule is the SQL function
 * of migration 20261127021115 (whose key is welcome's dedupe key), which Supabase calls too.
 */
export async function enqueueWelcomeEmail(db: Queryable, email: string): Promise<boolean> {
  // The kind's name is a parameter (migration 20261127021115): the row's kind and its key's prefix.
  const r = await db.query<{ queued: boolean }>('select app_private.enqueue_welcome_email($1, $2) as queued', [
    email,
    welcome.kind,
  ])
  return r.rows[0]?.queued === true
}

export type SignupEmailKind = typeof welcome.kind | typeof confirmSignup.kind

/**
 * What resend-email queues. Without double opt-in, the welcome email. With it, the request to
 * confirm while the sign-up is unconfirmed, the welcome email once it is (a no-op by then: the
 * confirmation queued it). At most one of each per mailbox ever. Returns the kind queued, or null.
 */
export async function enqueueSignupEmail(
  db: MailDb,
  email: string,
  confirmation: boolean,
): Promise<SignupEmailKind | null> {
  if (!confirmation) return (await enqueueWelcomeEmail(db, email)) ? welcome.kind : null
  return db.transaction((tx) => enqueueSignupEmailIn(tx, email, true))
}

/** enqueueSignupEmail inside the caller's transaction (the unverified budget takes its share in the same one). */
export async function enqueueSignupEmailIn(
  tx: Queryable,
  email: string,
  confirmation: boolean,
): Promise<SignupEmailKind | null> {
  if (!confirmation) return (await enqueueWelcomeEmail(tx, email)) ? welcome.kind : null
  // Locked, so that a confirmation in between cannot leave a confirmed sign-up with a request to confirm.
  const r = await tx.query<{ email: string; mailbox: string; confirmed: boolean }>(
    `select email, app_private.canonical_email(email) as mailbox, confirmed_at is not null as confirmed
     from public.beta_signups
     where app_private.canonical_email(email) = app_private.canonical_email($1)
     for update`,
    [email],
  )
  const signup = r.rows[0]
  if (!signup) return null
  const kind = signup.confirmed ? welcome : confirmSignup
  const queued = await enqueue(tx, kind, { to: signup.email, key: signup.mailbox, payload: null })
  return queued.length > 0 ? kind.kind : null
}

/**
 * Removes the address from the list with any email queued for its mailbox, and suppresses the
 * mailbox (app_private.unsubscribe, migration 20261122100100). Returns whether the token was known.
 */
export async function unsubscribe(db: Queryable, token: string): Promise<boolean> {
  return (await unsubscribeSignup(db, token)) !== null
}

/**
 * unsubscribe, answering with the language the sign-up had (the page that says it is done speaks
 * it), or null for an unknown token. One statement: its snapshot still sees the row the function deletes.
 */
export async function unsubscribeSignup(db: Queryable, token: string): Promise<{ locale: string | null } | null> {
  const r = await db.query<{ ok: boolean; locale: string | null }>(
    `select (select locale from public.beta_signups where unsubscribe_token = $1::uuid) as locale,
            app_private.unsubscribe($1::uuid, $2::text[]) as ok`,
    // The emails queued per mailbox, which leave with it (keyed `<kind>:<canonical mailbox>`).
    [token, [welcome.kind, confirmSignup.kind]],
  )
  const row = r.rows[0]
  return row?.ok === true ? { locale: row.locale } : null
}

/**
 * Marks the sign-up of this address as having its welcome (or confirmation) email withheld by the
 * unverified budget: the console shows it, and the owner or the next call with a valid
 * proof sends it.
 */
export async function withholdWelcome(db: Queryable, email: string): Promise<void> {
  await db.query('select app_private.withhold_welcome($1)', [email])
}
