import type { ApiScope, ApiSignup, ApiTokenView } from '../../../shared/api-tokens.ts'
import type { Db, Tx } from '../../db/db.ts'

type Stamp = Date | string | null

const iso = (v: Stamp) => (v === null ? null : new Date(v).toISOString())

const TOKEN_COLUMNS = `id::text as id, name, prefix, scopes, created_by, created_at, last_used_at, revoked_at`

type TokenRow = {
  id: string
  name: string
  prefix: string
  scopes: ApiScope[]
  created_by: string
  created_at: Date | string
  last_used_at: Stamp
  revoked_at: Stamp
}

function view(r: TokenRow): ApiTokenView {
  return {
    id: Number(r.id),
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.created_by,
    lastUsedAt: iso(r.last_used_at),
    revokedAt: iso(r.revoked_at),
  }
}

export async function createToken(
  tx: Tx,
  fields: { name: string; scopes: ApiScope[]; createdBy: string },
  secret: { prefix: string; hash: Buffer },
): Promise<ApiTokenView> {
  const r = await tx.query<TokenRow>(
    `insert into app_private.api_tokens (name, prefix, token_hash, scopes, created_by)
     values ($1, $2, $3, $4::text[], $5) returning ${TOKEN_COLUMNS}`,
    [fields.name, secret.prefix, secret.hash, fields.scopes, fields.createdBy],
  )
  return view(r.rows[0]!)
}

/** Live tokens first (newest first), then revoked ones. */
export async function listTokens(db: Db): Promise<ApiTokenView[]> {
  const r = await db.query<TokenRow>(
    `select ${TOKEN_COLUMNS} from app_private.api_tokens t order by t.revoked_at is not null, t.id desc`,
  )
  return r.rows.map(view)
}

/** Revokes a live token; null when there is none with that id (or it was revoked already). */
export async function revokeToken(db: Db | Tx, id: number): Promise<ApiTokenView | null> {
  const r = await db.query<TokenRow>(
    `update app_private.api_tokens set revoked_at = now() where id = $1 and revoked_at is null
     returning ${TOKEN_COLUMNS}`,
    [id],
  )
  return r.rows[0] ? view(r.rows[0]) : null
}

export type TokenUse = { id: number; scopes: ApiScope[]; lastUsedAt: number | null }

/** The live token with this hash, or null (unknown or revoked). One lookup on a unique index. */
export async function liveToken(db: Db, hash: Buffer): Promise<TokenUse | null> {
  const r = await db.query<{ id: string; scopes: ApiScope[]; last_used_at: Stamp }>(
    `select id::text as id, scopes, last_used_at from app_private.api_tokens
     where token_hash = $1 and revoked_at is null`,
    [hash],
  )
  const row = r.rows[0]
  if (!row) return null
  return {
    id: Number(row.id),
    scopes: row.scopes,
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).getTime(),
  }
}

/** Sets the last-used time; the condition keeps it to one write a minute even across processes. */
export async function touchToken(db: Db, id: number): Promise<void> {
  await db.query(
    `update app_private.api_tokens set last_used_at = now()
     where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
    [id],
  )
}

export async function signupCounts(db: Db): Promise<ApiSignupCounts> {
  const r = await db.query<Record<keyof ApiSignupCounts, string>>(
    `select count(*)::text as total, count(confirmed_at)::text as confirmed,
       count(*) filter (where suppressed)::text as suppressed, count(invited_at)::text as invited,
       count(opened_at)::text as opened
     from public.beta_signups`,
  )
  const row = r.rows[0]!
  return {
    total: Number(row.total),
    confirmed: Number(row.confirmed),
    suppressed: Number(row.suppressed),
    invited: Number(row.invited),
    opened: Number(row.opened),
  }
}

export type ApiSignupCounts = { total: number; confirmed: number; suppressed: number; invited: number; opened: number }

/**
 * One page of sign-ups after `afterId`, oldest first (keyset pagination on the primary key): a
 * row inserted meanwhile has a higher id and comes on a later page, a row deleted meanwhile
 * shifts nothing, so every row is listed once.
 */
export async function signupsAfter(db: Db, afterId: number, limit: number): Promise<ApiSignup[]> {
  const r = await db.query<{
    id: string
    email: string
    created_at: Date | string
    confirmed_at: Stamp
    source: string | null
    source_medium: string | null
    source_campaign: string | null
    locale: string | null
    platform: string
    status: string
    invited_at: Stamp
    opened_at: Stamp
    suppressed: boolean | null
  }>(
    `select id::text as id, email, created_at, confirmed_at, source, source_medium, source_campaign, locale,
       platform, status, invited_at, opened_at, suppressed
     from public.beta_signups s where s.id > $1 order by s.id limit $2`,
    [afterId, limit],
  )
  return r.rows.map((s) => ({
    id: Number(s.id),
    email: s.email,
    created_at: new Date(s.created_at).toISOString(),
    confirmed_at: iso(s.confirmed_at),
    source: s.source,
    source_medium: s.source_medium,
    source_campaign: s.source_campaign,
    locale: s.locale,
    platform: s.platform,
    status: s.status,
    invited_at: iso(s.invited_at),
    opened_at: iso(s.opened_at),
    suppressed: s.suppressed === true,
  }))
}
