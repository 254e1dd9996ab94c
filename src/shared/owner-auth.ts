import { z } from 'zod'
import { iso } from './console-common.ts'

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
export const PasskeySignIn = z.strictObject({ email: z.string() })
export const LinkRequestAnswer = z.strictObject({ message: z.string() })
