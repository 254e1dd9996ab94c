import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'
import { SIGNUP_CHALLENGE } from '../shared/signup-challenge.ts'
import type { Queryable } from './db.ts'

/**
 * The sign-up's proof of work: ALTCHA challenges signed with a server secret, checked
 * once each across processes (app_private.spent_signup_proofs), and the hourly budget of emails
 * queued for calls without a valid proof (app_private.unverified_email_budget), both in migration
 * 20261124100000. Web-standard crypto only: the Node server and the edge function share it.
 */

export type SignupChallengeSettings = {
  /** 'pow' (the default): calls without a valid proof share UNVERIFIED_EMAILS_PER_HOUR; 'off': today's behaviour. */
  mode: 'pow' | 'off'
  /** The HMAC secret; the settings' SIGNUP_CHALLENGE_SECRET, else the database's key (signupChallengeKeyFrom). */
  secret: () => Promise<string>
  /** Emails queued per clock hour, for all processes together, for calls without a valid proof. */
  unverifiedEmailsPerHour: number
}

// Two keys from the one secret: one signs the challenge's parameters, the other the derived key,
// which lets verification skip re-deriving it (ALTCHA v2's deterministic mode: one HMAC each).
const keys = (secret: string) => ({ hmacSignatureSecret: secret, hmacKeySignatureSecret: `${secret}:key` })

/** A fresh challenge: the server knows its answer, the client has to search for it. */
export async function createSignupChallenge(secret: string, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: SIGNUP_CHALLENGE.algorithm,
    cost: SIGNUP_CHALLENGE.cost,
    counter: randomInt(SIGNUP_CHALLENGE.maxCounter, SIGNUP_CHALLENGE.minCounter),
    deriveKey,
    expiresAt: Math.floor(now / 1000) + SIGNUP_CHALLENGE.ttlSeconds,
    ...keys(secret),
  })
}

/** The header's value for a solved challenge: base64 of ALTCHA's payload. */
export function encodeSignupProof(challenge: Challenge, solution: Solution): string {
  return btoa(JSON.stringify({ challenge, solution }))
}

type Proof = { challenge: Challenge; solution: Solution }

function decodeProof(header: string): Proof | null {
  if (header.length > 4096) return null
  try {
    const value = JSON.parse(atob(header)) as Partial<Proof> | null
    const params = value?.challenge?.parameters
    if (!value?.solution || !params || typeof value.challenge?.signature !== 'string') return null
    if (typeof params.expiresAt !== 'number') return null
    return value as Proof
  } catch {
    return null
  }
}

/**
 * Whether the header carries a valid, unexpired, unspent proof signed with this secret; spends it.
 * Anything else (missing, malformed, forged, expired, used before) is false: no proof.
 */
export async function spendSignupProof(db: Queryable, secret: string, header: string | null): Promise<boolean> {
  const proof = header ? decodeProof(header) : null
  if (!proof) return false
  const checked = await verifySolution({
    challenge: proof.challenge,
    solution: proof.solution,
    deriveKey,
    ...keys(secret),
  }).catch(() => null)
  if (!checked?.verified) return false
  const r = await db.query<{ spent: boolean }>('select app_private.spend_signup_proof($1, to_timestamp($2)) as spent', [
    proof.challenge.signature,
    proof.challenge.parameters.expiresAt,
  ])
  return r.rows[0]?.spent === true
}

/** Takes one email of this hour's shared budget for calls without a proof: whether one was left. */
export async function takeUnverifiedEmail(db: Queryable, perHour: number): Promise<boolean> {
  const r = await db.query<{ taken: boolean }>('select app_private.take_unverified_email($1) as taken', [perHour])
  return r.rows[0]?.taken === true
}

/**
 * The secret from the settings when there is one, else the key migration 20261124100000 made
 * (Vault on Supabase, app_private.secrets elsewhere), read once per process.
 */
export function signupChallengeKeyFrom(db: Queryable, configured?: string): () => Promise<string> {
  let key: Promise<string> | undefined = configured ? Promise.resolve(configured) : undefined
  return () => {
    key ??= db.query<{ k: string }>('select app_private.signup_challenge_key() as k').then((r) => r.rows[0]!.k)
    // A failed read (the database away) is not kept: the next call asks again.
    key.catch(() => (key = undefined))
    return key
  }
}
