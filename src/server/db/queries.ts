import type { Db, Tx } from './db.ts'
import { TABLES, type TableName } from './tables.ts'

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

// Several statements as anon in one transaction (the probes, which roll back); one insert uses db.asAnon.
async function asAnon<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // The database's grants, row-level security and triggers decide, exactly as behind PostgREST.
    await tx.query('set local role anon')
    return fn(tx)
  })
}

/**
 * Inserts one row as the anon role. Column names must come from TABLES (the caller checks);
 * `returning` asks for the row back, which anon may not read, as PostgREST's return=representation does.
 */
export async function insertRow(
  db: Db,
  table: TableName,
  row: Record<string, unknown>,
  options: { returning?: boolean } = {},
): Promise<void> {
  const columns = Object.keys(row)
  if (!columns.every((c) => TABLES[table].columns.includes(c)))
    throw new Error(`insertRow: unknown column for ${table}`)
  const values = columns.map((c) => toParam(row[c]))
  const sql = columns.length
    ? `insert into public.${ident(table)} (${columns.map(ident).join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`
    : `insert into public.${ident(table)} default values`
  await db.asAnon(sql + (options.returning ? ' returning *' : ''), values)
}

const ROLLBACK = Symbol('rollback')

/** Runs a read, update or delete as anon and throws the database's refusal; never changes anything. */
export async function probeAsAnon(db: Db, table: TableName, action: 'select' | 'update' | 'delete'): Promise<void> {
  const t = `public.${ident(table)}`
  const sql = {
    select: `select * from ${t} limit 0`,
    update: `update ${t} set ${ident(TABLES[table].columns[1]!)} = ${ident(TABLES[table].columns[1]!)} where false`,
    delete: `delete from ${t} where false`,
  }[action]
  try {
    await asAnon(db, async (tx) => {
      await tx.query(sql)
      throw ROLLBACK
    })
  } catch (err) {
    if (err !== ROLLBACK) throw err
  }
}

// JSON values that are not text reach PostgreSQL as their JSON text, as PostgREST sends them.
function toParam(v: unknown): unknown {
  if (v === null || v === undefined || typeof v === 'string') return v ?? null
  return JSON.stringify(v)
}

/**
 * Queues the welcome email for an address on the beta list, at most once per mailbox ever
 * (dedupe_key, on the canonical form), sent to the address as first typed, and marks the sign-up
 * confirmed: without double opt-in, the welcome email is its end. Returns whether a new email was
 * queued.
 */
export async function enqueueWelcomeEmail(db: Db, email: string): Promise<boolean> {
  const r = await db.query(
    `with signup as (
       update public.beta_signups s set confirmed_at = coalesce(s.confirmed_at, now())
       where app_private.canonical_email(s.email) = app_private.canonical_email($1)
       returning s.email
     )
     insert into app_private.email_queue (kind, to_email, dedupe_key)
     select 'welcome', email, 'welcome:' || app_private.canonical_email(email) from signup
     on conflict (dedupe_key) do nothing`,
    [email],
  )
  return r.rowCount > 0
}

export type SignupEmailKind = 'welcome' | 'confirm-signup'

/**
 * What resend-email queues. Without double opt-in, the welcome email. With it, the request to
 * confirm while the sign-up is unconfirmed, the welcome email once it is (a no-op by then: the
 * confirmation queued it). At most one of each per mailbox ever. Returns the kind queued, or null.
 */
export async function enqueueSignupEmail(
  db: Db,
  email: string,
  confirmation: boolean,
): Promise<SignupEmailKind | null> {
  if (!confirmation) return (await enqueueWelcomeEmail(db, email)) ? 'welcome' : null
  const r = await db.query<{ kind: SignupEmailKind }>(
    `insert into app_private.email_queue (kind, to_email, dedupe_key)
     select k.kind, s.email, k.kind || ':' || app_private.canonical_email(s.email)
     from public.beta_signups s
     cross join lateral (select case when s.confirmed_at is null then 'confirm-signup' else 'welcome' end as kind) k
     where app_private.canonical_email(s.email) = app_private.canonical_email($1)
     on conflict (dedupe_key) do nothing
     returning kind`,
    [email],
  )
  return r.rows[0]?.kind ?? null
}

/**
 * The confirmation button (double opt-in): marks the sign-up with this token confirmed and queues
 * its welcome email (once). Confirming again changes nothing. `known` is false for a token that is
 * not (or no longer) on the list.
 */
export async function confirmSignup(db: Db, token: string): Promise<{ known: boolean; welcomeQueued: boolean }> {
  const r = await db.query<{ known: string | number; queued: string | number }>(
    `with confirmed as (
       update public.beta_signups set confirmed_at = coalesce(confirmed_at, now())
       where unsubscribe_token = $1::uuid
       returning email
     ), queued as (
       insert into app_private.email_queue (kind, to_email, dedupe_key)
       select 'welcome', email, 'welcome:' || app_private.canonical_email(email) from confirmed
       on conflict (dedupe_key) do nothing
       returning 1
     )
     select (select count(*) from confirmed) as known, (select count(*) from queued) as queued`,
    [token],
  )
  const row = r.rows[0]!
  return { known: Number(row.known) > 0, welcomeQueued: Number(row.queued) > 0 }
}

export async function isKnownUnsubscribeToken(db: Db, token: string): Promise<boolean> {
  const r = await db.query('select 1 from public.beta_signups where unsubscribe_token = $1::uuid', [token])
  return r.rows.length > 0
}

/**
 * Removes the address from the list with any email queued for its mailbox, and suppresses the
 * mailbox (app_private.unsubscribe, see suppressions.ts). Returns whether the token was known.
 */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const r = await db.query<{ ok: boolean }>('select app_private.unsubscribe($1::uuid) as ok', [token])
  return r.rows[0]?.ok === true
}

export async function ping(db: Db): Promise<void> {
  await db.query('select 1')
}
