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
} as const

/** After the contact dialog closes, its fields and status reset once the close has settled (spec §9: 300 ms). */
export const CONTACT_RESET_DELAY_MS = 300
