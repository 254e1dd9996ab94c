/**
 * The sign-up's proof of work (docs/decisions/launch-day-bots.md): the page asks the
 * resend-email function for a challenge, solves it in a Web Worker, and sends the solution with
 * the resend-email call in this header, base64 of ALTCHA's JSON payload `{ challenge, solution }`.
 * The call's body stays `{ email }`, as the specification says.
 */
export const SIGNUP_PROOF_HEADER = 'x-signup-proof'

/** The function's sub-path that hands out challenges (GET), under /functions/v1/. */
export const SIGNUP_CHALLENGE_PATH = 'resend-email/challenge'

/**
 * The challenge's parameters. SHA-256, one round per counter; the server picks the counter
 * uniformly from 0 to maxCounter, so every solver, the page's or an attacker's, tries on average
 * about 35,000 hashes: about a second on a mid-range phone (Chromium at 4× CPU slowdown; figures in
 * docs/BENCHMARKS.md). The lower bound was 20,000 and public, so a solver starting
 * there did 15,000 on average while the page did 35,000; from 0 nobody skips anything.
 */
export const SIGNUP_CHALLENGE = {
  algorithm: 'SHA-256',
  cost: 1,
  minCounter: 0,
  maxCounter: 70_000,
  /** Seconds a challenge stays valid; the page fetches a fresh one when its own is older than half of it. */
  ttlSeconds: 15 * 60,
} as const
