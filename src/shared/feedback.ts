import { z } from 'zod'
import { FEEDBACK_LIMITS } from './limits.ts'
import { emailAddress } from './email-address.ts'
import { honeypot } from './honeypot.ts'

// What a tester sends from /beta/feedback. The table's checks mirror these limits
// (migration 20261124200000). docs/decisions/tester-messages-and-feedback.md

export { FEEDBACK_LIMITS }

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters.`)
    .refine((s) => !s.includes('\u0000'), `${field} cannot contain that character.`)
    .default('')

const FeedbackFields = {
  rating: z.coerce
    .number({ error: 'Choose how it is going, from 1 to 5.' })
    .int('Choose how it is going, from 1 to 5.')
    .min(1, 'Choose how it is going, from 1 to 5.')
    .max(5, 'Choose how it is going, from 1 to 5.'),
  works: optionalText('What works', FEEDBACK_LIMITS.text),
  broken: optionalText('What does not work', FEEDBACK_LIMITS.text),
  platform: z.enum(['unknown', 'ios', 'android'], { error: 'Choose iPhone or Android.' }).default('unknown'),
  os_version: optionalText('Phone and OS version', FEEDBACK_LIMITS.osVersion),
  build: optionalText('Build', FEEDBACK_LIMITS.build),
  website: honeypot,
}

/** The form of /beta/feedback?token=… (the person is known by the token). */
export const TesterFeedback = z.strictObject(FeedbackFields)
export type TesterFeedback = z.infer<typeof TesterFeedback>

/** The form of /beta/feedback without a token: the address is asked for (Play's feedback URL). */
export const OpenFeedback = z.strictObject({ ...FeedbackFields, email: emailAddress })
export type OpenFeedback = z.infer<typeof OpenFeedback>
