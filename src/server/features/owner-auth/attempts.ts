import type { Db } from '../../db/db.ts'

/** The window in which OWNER_SIGN_IN_ATTEMPTS attempts are allowed per client address. */
const ATTEMPT_WINDOW_MS = 15 * 60 * 1000

/**
 * Counts one sign-in attempt for `client` in the current fixed window and says whether it is
 * within `limit`. Counted in the database so every server process shares one budget.
 */
export async function takeAttempt(db: Db, client: string, limit: number, now = Date.now()): Promise<boolean> {
  const window = Math.floor(now / ATTEMPT_WINDOW_MS)
  // A refused attempt writes nothing: the count stops at the limit, and no row comes back.
  const r = await db.query<{ count: number }>(
    `insert into app_private.owner_attempts (bucket, count, expires_at)
     values ($1, 1, to_timestamp($2::double precision / 1000))
     on conflict (bucket) do update set count = app_private.owner_attempts.count + 1
     where app_private.owner_attempts.count < $3
     returning count`,
    [`sign-in:${window}:${client}`, (window + 1) * ATTEMPT_WINDOW_MS, limit],
  )
  const row = r.rows[0]
  if (!row) return false
  // Old windows are dropped as new ones start; a quiet server keeps at most one window's rows.
  if (Number(row.count) === 1) await db.query('delete from app_private.owner_attempts where expires_at < now()')
  return Number(row.count) <= limit
}
