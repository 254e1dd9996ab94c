import type { TestflightState } from '../../../shared/invitations.ts'
import { invitation } from '../../../emails/invitation.kind.ts'
import { testflightState } from '../../../emails/testflight-state.kind.ts'
import { enqueue } from '../../../mail-core/enqueue.ts'
import type { Db } from '../../db/db.ts'

// The TestFlight link's last check, and the iPhone invitations it holds back.
// Decisions: docs/decisions/testflight-link-health.md

type KnownState = Exclude<TestflightState, 'unknown'>

export type TestflightCheck = { state: TestflightState; checkedAt: string }

/** The latest check, or null before the first. */
export async function readTestflightCheck(db: Db): Promise<TestflightCheck | null> {
  const r = await db.query<{ state: TestflightState; checked_at: string }>(
    'select state, checked_at from app_private.testflight_checks',
  )
  const row = r.rows[0]
  return row ? { state: row.state, checkedAt: new Date(row.checked_at).toISOString() } : null
}

/**
 * Records a check. An "unknown" reading keeps the last known state; a known state that differs
 * from the last known one (or a first reading that is not "open") is a change, and every owner is
 * queued one email about it, once (the dedupe key is the change's time), in the same transaction.
 * Returns the change, if there was one.
 */
export async function recordTestflightCheck(db: Db, state: TestflightState): Promise<{ changedTo: KnownState | null }> {
  return db.transaction(async (tx) => {
    // Locked first, so that two processes checking at once agree on what changed.
    const old = await tx.query<{ known_state: KnownState | null }>(
      'select known_state from app_private.testflight_checks for update',
    )
    const previous = old.rows[0]?.known_state ?? null
    const r = await tx.query<{ changed_at: string | null; owners: string[] | null }>(
      `insert into app_private.testflight_checks as t (state, known_state, checked_at, changed_at)
       values ($1, case when $1 = 'unknown' then null else $1 end, now(),
               case when $1 not in ('unknown', 'open') then now() end)
       on conflict (id) do update set
         state = excluded.state,
         checked_at = now(),
         known_state = case when excluded.state = 'unknown' then t.known_state else excluded.state end,
         changed_at = case when excluded.state <> 'unknown' and excluded.state is distinct from t.known_state
                      then now() else t.changed_at end
       returning changed_at, (select array_agg(email order by email) from app_private.owner_emails) as owners`,
      [state],
    )
    const { changed_at, owners } = r.rows[0]!
    const changed = state !== 'unknown' && state !== (previous ?? 'open')
    if (!changed || changed_at === null) return { changedTo: null }
    const at = new Date(changed_at).toISOString()
    await enqueue(
      tx,
      testflightState,
      (owners ?? []).map((owner) => ({
        to: owner,
        key: { at, owner },
        payload: { state, previous: previous ?? null },
      })),
    )
    return { changedTo: state }
  })
}

// Queued invitations whose only link is the iPhone's: what a full or closed link holds back.
// An invitation with both links still goes: its Android link works (the decision note says why).
const IOS_ONLY = `q.kind = $1 and q.status = 'pending'
  and exists (select 1 from public.beta_signups s
              where app_private.canonical_email(s.email) = app_private.canonical_email(q.to_email)
                and s.invitation_links = 'ios')`

/** Holds every queued iPhone-only invitation (due at 'infinity', which wakes nobody); returns how many were newly held. */
export async function holdIosInvitations(db: Db): Promise<number> {
  const r = await db.query(
    `update app_private.email_queue q set next_attempt_at = 'infinity'
     where ${IOS_ONLY} and q.next_attempt_at < 'infinity'`,
    [invitation.kind],
  )
  return r.rowCount
}

/**
 * Lets the held invitations go, oldest first, one `paceMs` apart after those already queued (the
 * pace the batch was sent with); returns how many.
 */
export async function releaseIosInvitations(db: Db, paceMs: number): Promise<number> {
  const r = await db.query(
    `with last as (
       select coalesce(max(next_attempt_at), now()) as at from app_private.email_queue
       where kind = $1 and status = 'pending' and next_attempt_at < 'infinity'
     ), held as (
       select q.id, row_number() over (order by q.created_at, q.id) as n
       from app_private.email_queue q where ${IOS_ONLY} and q.next_attempt_at = 'infinity'
     )
     update app_private.email_queue q
     set next_attempt_at = greatest(now(), (select at from last)) + make_interval(secs => $2::double precision * held.n / 1000)
     from held where q.id = held.id`,
    [invitation.kind, paceMs],
  )
  return r.rowCount
}

/** iPhone-only invitations still queued, and how many of them are held. */
export async function iosInvitationsQueued(db: Db): Promise<{ queued: number; held: number }> {
  const r = await db.query<{ queued: string | number; held: string | number }>(
    `select count(*) as queued, count(*) filter (where q.next_attempt_at = 'infinity') as held
     from app_private.email_queue q where ${IOS_ONLY}`,
    [invitation.kind],
  )
  return { queued: Number(r.rows[0]?.queued ?? 0), held: Number(r.rows[0]?.held ?? 0) }
}
