import { z } from 'zod'
import type { Locale } from './content.ts'
import { AUDIENCES, languageName, MESSAGE_LIMITS, TRANSLATED_LOCALES } from './tester-messages.ts'
import { count, id, iso } from './console-common.ts'

// The Messages view: the owner's messages to a group of testers.
// docs/decisions/tester-messages-and-feedback.md

export const Audience = z.enum(AUDIENCES)

/**
 * A message's subject and body, its checks worded for one language of a per-language message
 * (`in German`), or for the one text everyone gets (`where` empty).
 */
function messageText(where = '') {
  const the = where ? 'the ' : 'a '
  return {
    subject: z
      .string(`Write ${the}subject${where}.`)
      .trim()
      .min(1, `Write ${the}subject${where}.`)
      .max(MESSAGE_LIMITS.subject, `The subject${where} must be at most ${MESSAGE_LIMITS.subject} characters.`)
      // eslint-disable-next-line no-control-regex -- control characters are what this refuses
      .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), `The subject${where} must be one line of text.`),
    body: z
      .string(`Write the message${where}.`)
      .trim()
      .min(1, `Write the message${where}.`)
      .max(MESSAGE_LIMITS.body, `The message${where} must be at most ${MESSAGE_LIMITS.body} characters.`)
      .refine((s) => !s.includes('\u0000'), `The message${where} cannot contain that character.`),
  }
}

/**
 * The texts of a per-language message besides the default language's: one subject and body for
 * every other language of the site, none missing and none other.
 * docs/decisions/tester-messages-per-language.md
 */
export const MessageTranslations = z.strictObject(
  Object.fromEntries(
    TRANSLATED_LOCALES.map((l) => {
      const where = ` in ${languageName(l)}`
      return [
        l,
        z.strictObject(messageText(where), {
          error: (iss) =>
            iss.input === undefined
              ? `The text${where} (${l}) is missing: write its subject and message, or send one text to everyone.`
              : `The text${where} (${l}) must be an object with a subject and a message only.`,
        }),
      ]
    }),
  ) as Record<string, z.ZodType<{ subject: string; body: string }>>,
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `The site has no other language ${iss.keys.join(', ')}: a per-language message has a text for ${
            TRANSLATED_LOCALES.join(', ') || 'no other language'
          } (the default language's is its subject and body).`
        : 'translations must be an object of texts by language.',
  },
)
export type MessageTranslations = Partial<Record<Locale, { subject: string; body: string }>>

/**
 * POST /tester-messages: a message to one group. requestId is made once per composed message by
 * the console. `subject` and `body` are the default language's text; with `translations`, each
 * other language's person gets that language's text, else everyone gets `subject` and `body`.
 */
export const SendTesterMessageRequest = z.strictObject({
  requestId: z.uuid('requestId must be a UUID.'),
  audience: Audience,
  ...messageText(),
  translations: MessageTranslations.optional(),
  storeLinks: z.boolean(),
  /** Each person's own /app link (the store for their phone), counted once per person: "we are live". */
  appLink: z.boolean().default(false),
})
export type SendTesterMessageRequest = Omit<z.infer<typeof SendTesterMessageRequest>, 'translations'> & {
  translations?: MessageTranslations
}

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
  /** The languages it has a text of its own in, the default first; empty when everyone got one text. */
  languages: z.array(z.string()),
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
