import { hostname } from 'node:os'
import type { Db } from './db.ts'

// "Run this once across processes" for the scheduled jobs (issue 52): several server processes
// on one database each arm the same timer; the first to claim a run does it, the others skip it.
// One conditional upsert on app_private.scheduled_runs (migration 20261202102000), no session
// state and no advisory lock, so it works through a transaction pooler and on PGlite alike.
// docs/decisions/several-processes.md

/** What became of a run this process asked for. */
export type RunOutcome =
  | { state: 'ran' }
  /** Another process finished it, or already claimed a later one. */
  | { state: 'skipped' }
  /** Another process holds it now; it may be taken over once `leaseUntil` (ms) passed. */
  | { state: 'busy'; leaseUntil: number }

export type Run = {
  /** The job's name, one row per job: 'backup', 'testflight-check'. */
  job: string
  /** When this run was due: every process computes the same moment for the same run. */
  dueAt: Date
  /** How long a claim holds without renewal; renewed every third of it while the run lasts. */
  leaseMs: number
}

const CLAIMER = `${hostname()}:${process.pid}`

/**
 * Runs `fn` unless another process claimed the same run (`job` at `dueAt`) and has not died
 * holding it. A run that throws releases its claim (another process may take it over) and rethrows.
 */
export async function runOnceAcross(db: Db, run: Run, fn: () => Promise<void>): Promise<RunOutcome> {
  const claimed = await db.query(
    `insert into app_private.scheduled_runs as r (job, due_at, lease_until, claimed_by)
     values ($1, $2::timestamptz, now() + make_interval(secs => $3::double precision / 1000), $4)
     on conflict (job) do update
       set due_at = excluded.due_at, lease_until = excluded.lease_until, done_at = null,
           claimed_by = excluded.claimed_by
       where r.due_at < excluded.due_at
          or (r.due_at = excluded.due_at and r.done_at is null and r.lease_until <= now())
     returning 1`,
    [run.job, run.dueAt.toISOString(), run.leaseMs, CLAIMER],
  )
  if (claimed.rows.length === 0) return standing(db, run)
  const renew = setInterval(() => {
    void db
      .query(
        `update app_private.scheduled_runs
         set lease_until = now() + make_interval(secs => $3::double precision / 1000)
         where job = $1 and due_at = $2::timestamptz and done_at is null`,
        [run.job, run.dueAt.toISOString(), run.leaseMs],
      )
      .catch(() => {})
  }, run.leaseMs / 3)
  renew.unref()
  try {
    await fn()
  } catch (err) {
    clearInterval(renew)
    await db
      .query('update app_private.scheduled_runs set lease_until = now() where job = $1 and due_at = $2::timestamptz', [
        run.job,
        run.dueAt.toISOString(),
      ])
      .catch(() => {})
    throw err
  }
  clearInterval(renew)
  await db.query(
    'update app_private.scheduled_runs set done_at = now(), lease_until = now() where job = $1 and due_at = $2::timestamptz',
    [run.job, run.dueAt.toISOString()],
  )
  return { state: 'ran' }
}

/** Why a claim failed: the run is done or superseded, or held by a live lease. */
async function standing(db: Db, run: Run): Promise<RunOutcome> {
  const r = await db.query<{ later: boolean; done: boolean; lease_until: Date | string }>(
    `select due_at > $2::timestamptz as later, done_at is not null as done, lease_until
     from app_private.scheduled_runs where job = $1`,
    [run.job, run.dueAt.toISOString()],
  )
  const row = r.rows[0]
  if (!row || row.later || row.done) return { state: 'skipped' }
  return { state: 'busy', leaseUntil: new Date(row.lease_until).getTime() }
}

/** Who holds a job's lease, when another process does. */
type LeaseHolder = { claimedBy: string; since: Date; until: Date }

/**
 * Work that is not a scheduled run but must be done by one process at a time, for a while: the
 * job's row is this process's until `until`, unless another process holds it. Null when taken,
 * else who holds it. The same host and process id is taken back (a container restarted in place
 * runs its server as the same pid); `force` takes it whoever holds it (PGlite: one process owns
 * the database, so any holder is gone). The first sign-in link is the one such job
 * (features/owner-auth/first-link.ts).
 */
export async function takeLease(db: Db, job: string, until: Date, force = false): Promise<LeaseHolder | null> {
  const taken = await db.query(
    `insert into app_private.scheduled_runs as r (job, due_at, lease_until, claimed_by)
     values ($1, now(), $2::timestamptz, $3)
     on conflict (job) do update
       set due_at = excluded.due_at, lease_until = excluded.lease_until, done_at = null,
           claimed_by = excluded.claimed_by
       where r.lease_until <= now() or r.claimed_by = excluded.claimed_by or $4::boolean
     returning 1`,
    [job, until.toISOString(), CLAIMER, force],
  )
  if (taken.rows.length) return null
  const r = await db.query<{ claimed_by: string; due_at: Date | string; lease_until: Date | string }>(
    'select claimed_by, due_at, lease_until from app_private.scheduled_runs where job = $1',
    [job],
  )
  const row = r.rows[0]!
  return { claimedBy: row.claimed_by, since: new Date(row.due_at), until: new Date(row.lease_until) }
}

/** Gives this process's lease on `job` up (at shutdown), so that the next start may take it. */
export async function releaseLease(db: Db, job: string): Promise<void> {
  await db.query(
    'update app_private.scheduled_runs set lease_until = now() where job = $1 and claimed_by = $2 and lease_until > now()',
    [job, CLAIMER],
  )
}
