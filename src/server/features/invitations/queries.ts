import type { InvitationLinks, Platform, PlatformChoice, PlatformFilter } from '../../../shared/beta-testers.ts'
import type { Selection } from '../../../shared/console-common.ts'
import { enqueue } from '../../../mail-core/enqueue.ts'
import { invitation } from '../../../emails/invitation.kind.ts'
import { msUntilAfterLastPending } from '../../../mail-core/queue-rows.ts'
import type { Db, Tx } from '../../db/db.ts'
import { isDisposable } from '../../owner/disposable.ts'
import { selectionWhere } from '../../owner/selection.ts'

// From the beta list to the testers' phones. Decisions: docs/decisions/beta-invitations.md
// The words (Platform, PlatformChoice, ...) are src/shared/beta-testers.ts's, the console's too.

export type { Selection }

/** Which stores have a link configured (BETA_IOS_URL, BETA_ANDROID_URL). */
export type Stores = { ios: boolean; android: boolean }

type PreviewRow = {
  id: string
  email: string
  platform: PlatformChoice
  created_at: string
  /** The links the invitation will carry. */
  links: InvitationLinks
  /** On a throwaway-address domain. */
  disposable: boolean
}

// The links a person can be sent, from their platform and the configured stores; null: none.
// $1 = iOS link configured, $2 = Android link configured. An unconfirmed address (double opt-in
// on, the button not pressed yet) gets nothing: it may not even be theirs.
const LINKS = `(case
  when s.confirmed_at is null then null
  when s.platform = 'ios' and $1::boolean then 'ios'
  when s.platform = 'android' and $2::boolean then 'android'
  when s.platform = 'unknown' and $1::boolean and $2::boolean then 'both'
  when s.platform = 'unknown' and $1::boolean then 'ios'
  when s.platform = 'unknown' and $2::boolean then 'android'
end)`

// Any fixed number: one invitation batch at a time, so batches queue one after the other at the set pace.
const INVITE_LOCK = 1_100_011

/** Exactly who "Invite the next N" would invite: the oldest waiting who can be sent a link, first. */
export async function previewInvitations(
  db: Db,
  input: { limit: number; platform: PlatformFilter; stores: Stores; includeDisposable?: boolean },
): Promise<{ rows: PreviewRow[]; disposableLeftOut: number }> {
  // Throwaway addresses are known to the list package, not to SQL: read the oldest in
  // pages and pass over them until the batch is full.
  const rows: PreviewRow[] = []
  let disposableLeftOut = 0
  const page = Math.max(input.limit, 200)
  for (let offset = 0; rows.length < input.limit; offset += page) {
    const r = await db.query<Omit<PreviewRow, 'disposable'>>(
      `select s.id::text as id, s.email, s.platform, s.created_at, ${LINKS} as links
       from public.beta_signups s
       where s.status = 'waiting' and ${LINKS} is not null and ($3::text = 'all' or s.platform = $3::text)
       order by s.created_at, s.id
       limit $4 offset $5`,
      [input.stores.ios, input.stores.android, input.platform, page, offset],
    )
    for (const x of r.rows) {
      if (rows.length === input.limit) break
      const disposable = isDisposable(x.email)
      if (disposable && !input.includeDisposable) disposableLeftOut += 1
      else rows.push({ ...x, created_at: new Date(x.created_at).toISOString(), disposable })
    }
    if (r.rows.length < page) break
  }
  return { rows, disposableLeftOut }
}

/**
 * Invites exactly the given sign-ups (the ids of a preview) that are still waiting, and queues one
 * invitation email each, in one transaction. The status update is forward-only (waiting ->
 * invited), so a second confirmation, concurrent or later, finds nobody left to invite; the
 * dedupe key makes a second email impossible even so. Emails are spaced `intervalMs` apart after
 * those already queued, which keeps any batch under the provider's rate limit.
 */
export async function inviteSignups(
  db: Db,
  input: { ids: readonly string[]; stores: Stores; intervalMs: number },
): Promise<{ invited: { id: string; email: string }[] }> {
  const ids = input.ids.filter((id) => /^\d{1,18}$/.test(id))
  if (ids.length === 0) return { invited: [] }
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [INVITE_LOCK])
    const chosen = await tx.query<{ id: string; email: string }>(
      `with chosen as (
         update public.beta_signups s
         set status = 'invited', invited_at = now(), invitation_links = ${LINKS}
         where s.id = any ($3::bigint[]) and s.status = 'waiting' and ${LINKS} is not null
         returning s.id, s.email, s.created_at
       )
       select id::text as id, email from chosen order by created_at, id`,
      [input.stores.ios, input.stores.android, ids],
    )
    // After the invitations already waiting, one pace apart; the pace also holds after downtime
    // (trigger email_queue_pace_invitations reads it from the payload).
    const start = await msUntilAfterLastPending(tx, invitation.kind, input.intervalMs)
    const queued = await enqueue(
      tx,
      invitation,
      chosen.rows.map((s, n) => ({
        to: s.email,
        key: s.id,
        payload: { paceMs: input.intervalMs },
        delayMs: start + n * input.intervalMs,
      })),
    )
    return { invited: queued.map((q) => ({ id: q.key, email: q.to })).sort((a, b) => Number(a.id) - Number(b.id)) }
  })
}

/**
 * The sign-up whose platform-choice token is open (known, no platform chosen with it yet), by the
 * language its pages speak; null when there is none.
 */
export async function openPlatformSignup(db: Db, token: string): Promise<{ locale: string | null } | null> {
  const r = await db.query<{ locale: string | null }>(
    `select locale from public.beta_signups where platform_token = $1::uuid and platform = 'unknown'`,
    [token],
  )
  return r.rows[0] ?? null
}

/** Records the person's phone once; null for an unknown or already used token, else the sign-up's language. */
export async function choosePlatform(
  db: Db | Tx,
  token: string,
  platform: Platform,
): Promise<{ locale: string | null } | null> {
  const r = await db.query<{ locale: string | null }>(
    `update public.beta_signups set platform = $2 where platform_token = $1::uuid and platform = 'unknown'
     returning locale`,
    [token, platform],
  )
  return r.rows[0] ?? null
}

/**
 * Records the first opening of an invitation link for `platform`; returns false (and changes
 * nothing) unless the token belongs to someone invited with a link for that platform.
 */
export async function recordInvitationOpened(db: Db, token: string, platform: Platform): Promise<boolean> {
  const r = await db.query<{ opened: boolean }>(
    `select opened_at is not null as opened from public.beta_signups
     where invite_token = $1::uuid and status = 'invited' and invitation_links in ($2, 'both')`,
    [token, platform],
  )
  const row = r.rows[0]
  if (!row) return false
  if (!row.opened)
    await db.query(
      'update public.beta_signups set opened_at = now() where invite_token = $1::uuid and opened_at is null',
      [token],
    )
  return true
}

type InvitationCounts = {
  byStatus: Record<'waiting' | 'invited' | 'opened', number>
  byPlatform: Record<PlatformChoice, number>
}

/** Counts per status (opened being a part of invited) and per platform, for the console. */
export async function invitationCounts(db: Db): Promise<InvitationCounts> {
  const r = await db.query<{ status: string; platform: PlatformChoice; opened: boolean; n: string | number }>(
    `select status, platform, opened_at is not null as opened, count(*) as n
     from public.beta_signups group by 1, 2, 3`,
  )
  const counts: InvitationCounts = {
    byStatus: { waiting: 0, invited: 0, opened: 0 },
    byPlatform: { unknown: 0, ios: 0, android: 0 },
  }
  for (const row of r.rows) {
    const n = Number(row.n)
    counts.byStatus[row.status as 'waiting' | 'invited'] += n
    if (row.opened) counts.byStatus.opened += n
    counts.byPlatform[row.platform] += n
  }
  return counts
}

/**
 * The addresses of a selection, oldest first, in batches by key (no OFFSET, no cursor: the same
 * on PGlite and PostgreSQL, and memory stays one batch whatever the list's size). With `play`
 * (the Play Console list), each person's Google account where they gave one.
 */
export async function* selectedAddresses(db: Db, sel: Selection, batch = 5000, play = false): AsyncGenerator<string[]> {
  const where = selectionWhere(sel, 3)
  const address = play ? 'coalesce(p.google_account, s.email)' : 's.email'
  let after = 0
  for (;;) {
    const r: { rows: { id: string; email: string }[] } = await db.query<{ id: string; email: string }>(
      `select s.id::text as id, ${address} as email
       from public.beta_signups s left join app_private.play_testers p on p.signup_id = s.id
       where s.id > $2 and ${where.sql} order by s.id limit $1`,
      [batch, after, ...where.params],
    )
    if (r.rows.length === 0) return
    yield r.rows.map((x) => x.email)
    if (r.rows.length < batch) return
    after = Number(r.rows.at(-1)!.id)
  }
}
