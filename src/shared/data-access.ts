import { z } from 'zod'
import { count, EmailRequest, iso } from './console-common.ts'

// A person's data on request ("Download data") and erasure. docs/decisions/play-closed-testing.md

/** `outbox`: emails deleted from the outbox folder (erasure leaves no copies). */
export const EraseResult = z.strictObject({
  signups: count,
  contactMessages: count,
  feedback: count,
  emails: count,
  outbox: count,
})
export type EraseResult = z.infer<typeof EraseResult>

/** GET /people/data?email=: one person's data, as one JSON file (an access request). */
export const PersonDataQuery = z.object({ email: EmailRequest.shape.email })

/** The file "Download data" gives: every row about the mailbox, by table, secrets (tokens) left out. */
export const PersonData = z.strictObject({
  email: z.string(),
  exportedAt: iso,
  about: z.string(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
})
export type PersonData = z.infer<typeof PersonData>
