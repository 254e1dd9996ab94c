import { z } from 'zod'
import { AUDIENCES, MESSAGE_LIMITS } from './tester-messages.ts'
import { count, id, iso } from './console-common.ts'

// The Messages view: the owner's messages to a group of testers.
// docs/decisions/tester-messages-and-feedback.md

export const Audience = z.enum(AUDIENCES)

/** POST /tester-messages: a message to one group. requestId is made once per composed message by the console. */
export const SendTesterMessageRequest = z.strictObject({
  requestId: z.uuid('requestId must be a UUID.'),
  audience: Audience,
  subject: z
    .string()
    .trim()
    .min(1, 'Write a subject.')
    .max(MESSAGE_LIMITS.subject, `The subject must be at most ${MESSAGE_LIMITS.subject} characters.`)
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'The subject must be one line of text.'),
  body: z
    .string()
    .trim()
    .min(1, 'Write the message.')
    .max(MESSAGE_LIMITS.body, `The message must be at most ${MESSAGE_LIMITS.body} characters.`)
    .refine((s) => !s.includes('\u0000'), 'The message cannot contain that character.'),
  storeLinks: z.boolean(),
})
export type SendTesterMessageRequest = z.infer<typeof SendTesterMessageRequest>

export const AudienceCounts = z.strictObject(
  Object.fromEntries(AUDIENCES.map((a) => [a, count])) as {
    [A in (typeof AUDIENCES)[number]]: typeof count
  },
)
export type AudienceCounts = z.infer<typeof AudienceCounts>

export const SentTesterMessage = z.strictObject({
  id,
  audience: Audience,
  subject: z.string(),
  createdAt: iso,
  createdBy: z.string(),
  /** People the message was queued for when it was sent. */
  recipients: count,
  /** Emails still waiting to go (paced), sent, failed for good, and cancelled (the person left). */
  queued: count,
  sent: count,
  failed: count,
  cancelled: count,
})
export type SentTesterMessage = z.infer<typeof SentTesterMessage>

/** GET /tester-messages: how many each group reaches now, and the latest messages. */
export const TesterMessagesOverview = z.strictObject({
  audiences: AudienceCounts,
  messages: z.array(SentTesterMessage),
  stores: z.strictObject({ ios: z.boolean(), android: z.boolean() }),
})
export type TesterMessagesOverview = z.infer<typeof TesterMessagesOverview>

/** The answer to POST /tester-messages: `created` false when this request (or the same text) was sent already. */
export const SendTesterMessageResult = z.strictObject({ id, recipients: count, created: z.boolean() })
export type SendTesterMessageResult = z.infer<typeof SendTesterMessageResult>
