import { solveChallengeWorkers, type Challenge } from 'altcha-lib'
import { SIGNUP_CHALLENGE, SIGNUP_CHALLENGE_PATH } from '../../shared/signup-challenge.ts'
import { readBackendEnv } from './env.ts'

// The sign-up's proof of work (docs/decisions/launch-day-bots.md). Loaded with import()
// when the visitor first focuses the email field, never with the page: it asks the backend for a
// challenge and solves it in Web Workers while the visitor types. The resend-email call then sends
// the result in the SIGNUP_PROOF_HEADER header; its body stays { email }.

/** A proof for the header, or null when the backend asks for none (SIGNUP_CHALLENGE=off). */
type SignupProof = string | null

type Pending = { startedAt: number; proof: Promise<SignupProof> }
let pending: Pending | undefined

/** Starts solving a challenge, unless one is already being solved and still fresh. */
export function startSignupProof(): void {
  const fresh = pending && Date.now() - pending.startedAt < (SIGNUP_CHALLENGE.ttlSeconds * 1000) / 2
  if (fresh) return
  const proof = solveOne()
  // A failure is reported when the proof is taken, not here.
  proof.catch(() => {})
  pending = { startedAt: Date.now(), proof }
}

/** The proof for one resend-email call; a proof counts once, so the next call solves a new one. Rejects when the solver fails. */
export function takeSignupProof(): Promise<SignupProof> {
  startSignupProof()
  const { proof } = pending!
  pending = undefined
  return proof
}

async function solveOne(): Promise<SignupProof> {
  const { url, anonKey } = readBackendEnv()
  const res = await fetch(`${url}/functions/v1/${SIGNUP_CHALLENGE_PATH}`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
  })
  // The backend has no challenge to give (SIGNUP_CHALLENGE=off): the call goes without a proof.
  if (res.status === 404) return null
  if (!res.ok) throw new Error(`challenge: HTTP ${res.status}`)
  const challenge = (await res.json()) as Challenge
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.min(navigator.hardwareConcurrency || 1, 4),
    createWorker: () => new Worker(new URL('./signup-proof-worker.ts', import.meta.url), { type: 'module' }),
    timeout: 60_000,
  })
  if (!solution) throw new Error('challenge: no solution')
  return btoa(JSON.stringify({ challenge, solution }))
}
