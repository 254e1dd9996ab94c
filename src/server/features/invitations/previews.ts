import type { Db } from '../../db/db.ts'

/** Remembers the ids a session's invitation preview listed, replacing any earlier preview. */
export async function savePreview(db: Db, sessionId: string, ids: readonly (number | string)[]): Promise<void> {
  await db.query('update app_private.owner_sessions set invitation_preview = $2::bigint[] where id = $1::uuid', [
    sessionId,
    ids.map(String),
  ])
}

/**
 * Whether `ids` are exactly the ids of the session's latest preview (order and repeats aside).
 * The preview is used up either way: a confirmation, right or wrong, needs a new preview after it.
 */
export async function takePreview(db: Db, sessionId: string, ids: readonly number[]): Promise<boolean> {
  const r = await db.query<{ ids: (string | number)[] | null }>(
    `with old as (
       select id, invitation_preview from app_private.owner_sessions where id = $1::uuid for update
     )
     update app_private.owner_sessions s set invitation_preview = null
     from old where s.id = old.id
     returning old.invitation_preview::text[] as ids`,
    [sessionId],
  )
  const previewed = r.rows[0]?.ids
  if (!previewed) return false
  const key = (xs: readonly (number | string)[]) => [...new Set(xs.map(Number))].sort((a, b) => a - b).join(',')
  return key(previewed) === key(ids)
}
