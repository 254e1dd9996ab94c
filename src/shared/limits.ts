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
