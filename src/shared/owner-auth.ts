import { z } from 'zod'
import { iso } from './console-common.ts'
import { emailAddress } from './email-address.ts'

// Who is signed in, their sessions and passkeys, the audit log, and the sign-in calls under /admin/auth.

export const Me = z.strictObject({ email: z.string(), sessionId: z.string() })
export type Me = z.infer<typeof Me>

export const SessionInfo = z.strictObject({
  id: z.string(),
  email: z.string(),
  method: z.string(),
  userAgent: z.string().nullable(),
  createdAt: iso,
  lastSeenAt: iso,
  current: z.boolean(),
})
export type SessionInfo = z.infer<typeof SessionInfo>
export const SessionList = z.strictObject({ sessions: z.array(SessionInfo) })

export const AuditEntry = z.strictObject({
  at: iso,
  actor: z.string(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
})
export type AuditEntry = z.infer<typeof AuditEntry>
export const AuditLog = z.strictObject({ entries: z.array(AuditEntry) })

export const Passkey = z.strictObject({ id: z.string(), name: z.string(), createdAt: iso, lastUsedAt: iso.nullable() })
export type Passkey = z.infer<typeof Passkey>
export const PasskeyList = z.strictObject({ passkeys: z.array(Passkey) })

/** WebAuthn options for the browser, and the id of the challenge they carry. */
export const PasskeyOptions = z.strictObject({ challengeId: z.string(), options: z.unknown() })

/**
 * The authenticator's answer to a challenge, for adding a passkey (with its name) or signing in
 * with one. `response` is checked by @simplewebauthn/server, which knows its shape.
 */
export const PasskeyAnswer = z.strictObject({ challengeId: z.string(), response: z.unknown() })
export const NewPasskey = PasskeyAnswer.extend({ name: z.string().optional() })
export const PasskeySignIn = z.strictObject({ email: z.string() })

const NOT_AN_ADDRESS = 'Enter a valid email address.'
/**
 * Asking for an emailed sign-in link. Whatever is wrong (no body, another key, no address), the
 * answer is the one message the sign-in form shows.
 */
export const LinkRequest = z.strictObject(
  { email: z.string({ error: NOT_AN_ADDRESS }).refine((v) => emailAddress.safeParse(v).success, NOT_AN_ADDRESS) },
  { error: NOT_AN_ADDRESS },
)
export const LinkRequestAnswer = z.strictObject({ message: z.string() })
