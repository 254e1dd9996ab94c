import { createHash, randomBytes } from 'node:crypto'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/db.ts'

type SessionConfig = Pick<Config, 'OWNER_SESSION_IDLE_MINUTES' | 'OWNER_SESSION_ABSOLUTE_HOURS'>
type Session = { id: string; email: string; method: string }
type SessionRow = Session & { userAgent: string | null; createdAt: string; lastSeenAt: string; current: boolean }

/**
 * How often last_seen_at is written: at most once a minute (an idle timeout of an hour needs no
 * write per request), and at most a tenth of the idle timeout. A use since the last write is up
 * to this much later than last_seen_at says, so a session lives `idle + touch` after last_seen_at:
 * never less than the idle timeout after its last use (with 1 minute, a busy session
 * ended after 60 s), and at most a tenth more.
 */
function sessionWindows(config: SessionConfig): { touchS: number; idleS: number } {
  const idle = config.OWNER_SESSION_IDLE_MINUTES * 60
  const touchS = Math.min(60, idle / 10)
  return { touchS, idleS: idle + touchS }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest()

/** What createSession hands out: 32 random bytes in base64url, 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/**
 * Whether a cookie's value could be a session token at all: anything else is refused without a
 * query (launch analytics checks page loads' cookies only when they pass this).
 */
export function looksLikeSessionToken(token: string): boolean {
  return TOKEN_SHAPE.test(token)
}

/** Opens a session with a new random id and token (never one the browser brought); returns the cookie's token. */
export async function createSession(
  db: Db,
  input: { email: string; method: 'link' | 'passkey'; userAgent: string | undefined },
  config: SessionConfig,
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.query(
    `insert into app_private.owner_sessions (token_hash, email, method, user_agent, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
    [
      hashToken(token),
      input.email,
      input.method,
      input.userAgent?.slice(0, 300) ?? null,
      config.OWNER_SESSION_ABSOLUTE_HOURS,
    ],
  )
  return token
}

/** The live session a cookie's token names: not revoked, within both timeouts, of a current owner. */
export async function readSession(
  db: Db,
  token: string,
  owners: readonly string[],
  config: SessionConfig,
): Promise<Session | null> {
  if (!looksLikeSessionToken(token)) return null
  const { touchS, idleS } = sessionWindows(config)
  const r = await db.query<{ id: string; email: string; method: string; stale: boolean }>(
    `select id::text as id, email, method, last_seen_at < now() - make_interval(secs => $3) as stale
     from app_private.owner_sessions
     where token_hash = $1 and revoked_at is null and expires_at > now()
       and last_seen_at > now() - make_interval(secs => $2)`,
    [hashToken(token), idleS, touchS],
  )
  const row = r.rows[0]
  if (!row || !owners.includes(row.email)) return null
  if (row.stale)
    await db.query('update app_private.owner_sessions set last_seen_at = now() where id = $1::uuid', [row.id])
  return { id: row.id, email: row.email, method: row.method }
}

/** The live sessions of current owners (a removed owner's sessions sign nobody in, so none is listed). */
export async function listSessions(
  db: Db,
  currentId: string,
  owners: readonly string[],
  config: SessionConfig,
): Promise<SessionRow[]> {
  const r = await db.query<{
    id: string
    email: string
    method: string
    user_agent: string | null
    created_at: Date | string
    last_seen_at: Date | string
  }>(
    `select id::text as id, email, method, user_agent, created_at, last_seen_at from app_private.owner_sessions
     where revoked_at is null and expires_at > now() and last_seen_at > now() - make_interval(secs => $1)
       and email = any($2::text[])
     order by last_seen_at desc`,
    [sessionWindows(config).idleS, owners],
  )
  return r.rows.map((s) => ({
    id: s.id,
    email: s.email,
    method: s.method,
    userAgent: s.user_agent,
    createdAt: new Date(s.created_at).toISOString(),
    lastSeenAt: new Date(s.last_seen_at).toISOString(),
    current: s.id === currentId,
  }))
}

/** Revokes a session by id; returns whether a live one was revoked. */
export async function revokeSession(db: Db, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false
  const r = await db.query(
    'update app_private.owner_sessions set revoked_at = now() where id = $1::uuid and revoked_at is null',
    [id],
  )
  return r.rowCount > 0
}

/** Forgets sessions that can no longer be used, and spent links past their expiry. */
export async function pruneSessions(db: Db): Promise<void> {
  await db.query(
    "delete from app_private.owner_sessions where expires_at < now() - interval '7 days' or revoked_at < now() - interval '7 days'",
  )
  await db.query('delete from app_private.owner_used_links where expires_at < now()')
}
