import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { Db } from '../../db/db.ts'
import { PRODUCT } from '../../../shared/content.ts'

// A ceremony's challenge lives in the database (any process may get the answer) for 5 minutes, once.
const CHALLENGE_TTL_S = 300

export type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null }

/** The relying party is the origin the browser is on (sameOrigin() has checked it is ours). */
function relyingParty(origin: string) {
  return { origin, rpID: new URL(origin).hostname }
}

async function saveChallenge(db: Db, challenge: string, email: string | null): Promise<string> {
  await db.query('delete from app_private.owner_challenges where expires_at < now()')
  const r = await db.query<{ id: string }>(
    `insert into app_private.owner_challenges (challenge, email, expires_at)
     values ($1, $2, now() + make_interval(secs => $3)) returning id::text as id`,
    [challenge, email, CHALLENGE_TTL_S],
  )
  return r.rows[0]!.id
}

/** Takes a challenge out (single use); null when unknown, expired or for another owner. */
async function takeChallenge(db: Db, id: unknown, email: string | null): Promise<string | null> {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return null
  const r = await db.query<{ challenge: string; email: string | null }>(
    'delete from app_private.owner_challenges where id = $1::uuid and expires_at > now() returning challenge, email',
    [id],
  )
  const row = r.rows[0]
  return row && row.email === email ? row.challenge : null
}

export async function registrationOptions(db: Db, email: string, origin: string) {
  const existing = await db.query<{ id: string; transports: string[] }>(
    'select id, transports from app_private.owner_passkeys where email = $1',
    [email],
  )
  const options = await generateRegistrationOptions({
    rpName: `${PRODUCT.name} console`,
    rpID: relyingParty(origin).rpID,
    userName: email,
    attestationType: 'none',
    excludeCredentials: existing.rows.map((p) => ({
      id: p.id,
      transports: p.transports as AuthenticatorTransportFuture[],
    })),
    // A discoverable credential: signing in needs no address, the passkey alone.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  return { challengeId: await saveChallenge(db, options.challenge, email), options }
}

export async function registerPasskey(
  db: Db,
  email: string,
  origin: string,
  body: { challengeId?: unknown; response?: unknown; name?: unknown },
): Promise<boolean> {
  const challenge = await takeChallenge(db, body.challengeId, email)
  if (!challenge) return false
  const { rpID } = relyingParty(origin)
  const result = await verifyRegistrationResponse({
    response: body.response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null)
  if (!result?.verified || !result.registrationInfo) return false
  const { credential } = result.registrationInfo
  // Control characters (NUL among them, which PostgreSQL refuses in text) never make a name.
  const given = typeof body.name === 'string' ? body.name.replace(/\p{Cc}/gu, '').trim() : ''
  const name = given ? given.slice(0, 60) : 'Passkey'
  await db.query(
    `insert into app_private.owner_passkeys (id, email, public_key, counter, transports, name)
     values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing`,
    [credential.id, email, Buffer.from(credential.publicKey), credential.counter, credential.transports ?? [], name],
  )
  return true
}

export async function authenticationOptions(db: Db, origin: string) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(origin).rpID,
    userVerification: 'preferred',
  })
  return { challengeId: await saveChallenge(db, options.challenge, null), options }
}

/** Checks a passkey sign-in; returns the owner's address, or null. */
export async function verifyPasskeySignIn(
  db: Db,
  origin: string,
  owners: readonly string[],
  body: { challengeId?: unknown; response?: unknown },
): Promise<string | null> {
  const challenge = await takeChallenge(db, body.challengeId, null)
  const response = body.response as AuthenticationResponseJSON | undefined
  if (!challenge || typeof response?.id !== 'string') return null
  const r = await db.query<{
    id: string
    email: string
    public_key: Uint8Array
    counter: string | number
    transports: string[]
  }>('select id, email, public_key, counter, transports from app_private.owner_passkeys where id = $1', [response.id])
  const key = r.rows[0]
  if (!key || !owners.includes(key.email)) return null
  const { rpID } = relyingParty(origin)
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: key.id,
      publicKey: new Uint8Array(key.public_key),
      counter: Number(key.counter),
      transports: key.transports as AuthenticatorTransportFuture[],
    },
    requireUserVerification: false,
  }).catch(() => null)
  if (!result?.verified) return null
  await db.query('update app_private.owner_passkeys set counter = $2, last_used_at = now() where id = $1', [
    key.id,
    result.authenticationInfo.newCounter,
  ])
  return key.email
}

export async function listPasskeys(db: Db, email: string): Promise<Passkey[]> {
  const r = await db.query<{ id: string; name: string; created_at: Date | string; last_used_at: Date | string | null }>(
    'select id, name, created_at, last_used_at from app_private.owner_passkeys where email = $1 order by created_at',
    [email],
  )
  return r.rows.map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: new Date(p.created_at).toISOString(),
    lastUsedAt: p.last_used_at === null ? null : new Date(p.last_used_at).toISOString(),
  }))
}

export async function removePasskey(db: Db, email: string, id: string): Promise<boolean> {
  const r = await db.query('delete from app_private.owner_passkeys where id = $1 and email = $2', [id, email])
  return r.rowCount > 0
}
