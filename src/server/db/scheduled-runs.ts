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
