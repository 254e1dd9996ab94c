import type { Context } from 'hono'
import { createRateLimiter, tooManyRequests, type Limits } from '../../http/rate-limit.ts'

/** How many tokens that authenticated lately one process remembers (an owner has a handful). */
const KNOWN_TOKENS = 1_000

/**
 * The per-address budget of failed authentications, in front of the token lookup: an address
 * that sent too many unknown or revoked tokens gets 429 without a query, until its budget refills.
 * A token that authenticated lately in this process is still looked up from such an address (a
 * tool of the owner's behind the same address as a stranger keeps working); any other waits.
 * Memory is bounded: the limiter's clients, and at most KNOWN_TOKENS hashes (only a live token
 * adds one). docs/decisions/api-tokens.md
 */
export function authFailureBudget(limits: Limits) {
  const failures = createRateLimiter(limits)
  const known = new Map<string, true>()
  const group = 'failed API authentications'

  return {
    /** Throws the 429 when `address` is over its budget and `hash` is no token that passed lately. */
    admit(c: Context, address: string, hash: string): void {
      if (known.has(hash)) return
      const r = failures.peek(address)
      if (r.ok) return
      const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000))
      c.header('Retry-After', String(seconds))
      throw tooManyRequests(group, limits, seconds)
    },
    passed(hash: string): void {
      known.delete(hash)
      known.set(hash, true)
      if (known.size > KNOWN_TOKENS) known.delete(known.keys().next().value!)
    },
    failed(address: string, hash: string): void {
      known.delete(hash)
      failures.take(address)
    },
  }
}
