/**
 * Field length limits, enforced by the page (maxLength), the zod schemas (server and
 * edge function) and CHECK constraints in the migration. See docs/decisions/server-supabase-subset.md.
 */
export const LIMITS = {
  /** RFC 5321 caps a forward path at 256 octets including the angle brackets. */
  email: 254,
  /** RFC 5321 §4.5.3.1.1: the local part (before the @) is at most 64 octets. */
  emailLocalPart: 64,
  name: 100,
  message: 5000,
  /** The bot trap (honeypot.ts): filled only by bots, so only bounded. */
  honeypot: 2000,
} as const

/** The tester feedback page's fields (the table's checks say the same). */
export const FEEDBACK_LIMITS = { text: 5000, osVersion: 100, build: 100 } as const

/** What a tester may write with "I had trouble" on Play's answer page. */
export const PLAY_LIMITS = { troubleDetails: 2000 } as const

/** A share link's name (`/go/<name>`) and a sign-up's source or medium. */
export const SOURCE_LIMITS = { channelName: 40, source: 64 } as const

/**
 * The Launch view's sources: at most `max` one by one, then one row named `other` for the rest
 * and for the visits counted past the caps on new sources (shared/launch-analytics.ts).
 */
export const SOURCE_ROWS = { max: 200, other: '(other)' } as const

/** The console's lists: the last page one may ask for, and the most rows on a page. */
export const PAGE_LIMITS = { page: 100_000, size: 200 } as const

/** After the contact dialog closes, its fields and status reset once the close has settled (spec §9: 300 ms). */
export const CONTACT_RESET_DELAY_MS = 300

/** The most sign-ups a founder may enter as expected on the readiness card (a sanity bound, not a plan's). */
export const EXPECTED_SIGNUPS_MAX = 100_000_000
