import type { Db, Tx } from '../../db/db.ts'
import { nonceHash, type LinkClaims } from './link-token.ts'

/** Whether a link was already spent, in any process (its page then shows no button). */
export async function linkSpent(db: Db, claims: LinkClaims): Promise<boolean> {
  const r = await db.query('select 1 from app_private.owner_used_links where nonce_hash = $1', [
    nonceHash(claims.nonce),
  ])
  return r.rows.length > 0
}

/** Spends a link; false when it was already spent. Kept until it would have expired anyway. */
export async function spendLink(tx: Tx, claims: LinkClaims): Promise<boolean> {
  const r = await tx.query(
    `insert into app_private.owner_used_links (nonce_hash, expires_at)
     values ($1, to_timestamp($2::double precision / 1000)) on conflict (nonce_hash) do nothing`,
    [nonceHash(claims.nonce), claims.expiresAt],
  )
  return r.rowCount > 0
}
