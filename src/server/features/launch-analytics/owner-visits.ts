import type { Visit } from './visit-buffer.ts'

// The owner's own visits are left out: a request carrying a session-shaped cookie waits in memory
// until the flush checks the session (never on the request path). docs/decisions/launch-analytics.md

/** Owner visits waiting for their session check; past this many, they count as a flood. */
const MAX_HELD = 10_000
/**
 * Distinct session-shaped cookies checked against the database per flush: the owner has a few
 * browsers; anything beyond is someone sending made-up cookies, and counts as a flood.
 */
const MAX_TOKENS_PER_FLUSH = 4

export type OwnerSession = { looksLike: (token: string) => boolean; isLive: (token: string) => Promise<boolean> }

export function createOwnerVisits(session: OwnerSession | undefined) {
  let held: { token: string; visit: Visit }[] = []
  let heldTokens = new Set<string>()

  return {
    /** Whether the cookie has a session token's shape: then the visit is held, not recorded. */
    mayBeOwner: (token: string | undefined): token is string => !!token && !!session?.looksLike(token),
    /** Holds a visit for the next flush; false when too many are held already (a flood). */
    hold(token: string, visit: Visit): boolean {
      if (held.length >= MAX_HELD) return false
      if (!heldTokens.has(token)) {
        if (heldTokens.size >= MAX_TOKENS_PER_FLUSH) return false
        heldTokens.add(token)
      }
      held.push({ token, visit })
      return true
    },
    get waiting() {
      return held.length > 0
    },
    /**
     * A live session leaves a visit out, anything else is a visitor. At most MAX_TOKENS_PER_FLUSH
     * distinct tokens were held, so this is at most that many queries.
     */
    async settle(owner: (visit: Visit) => void, visitor: (visit: Visit) => void): Promise<void> {
      const waiting = held
      held = []
      heldTokens = new Set()
      const verdicts = new Map<string, Promise<boolean>>()
      for (const { token, visit } of waiting) {
        if (!verdicts.has(token))
          verdicts.set(
            token,
            session!.isLive(token).catch(() => false),
          )
        if (await verdicts.get(token)!) owner(visit)
        else visitor(visit)
      }
    },
  }
}
