import { z } from 'zod'
import { FEEDBACK_LIMITS } from './limits.ts'
import { emailAddress } from './email-address.ts'
import { honeypot } from './honeypot.ts'
import { count, id, iso, pageFields } from './console-common.ts'

// Feedback, shared by the server and the console: what a tester sends from /beta/feedback (the
// table's checks mirror these limits, migration 20261124200000), and the console's contract for
// the Feedback view (the console imports only its types). docs/decisions/tester-messages-and-feedback.md

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

// The console's Feedback view: what testers sent from /beta/feedback (its endpoints in
// console-endpoints.ts).

export const FeedbackPlatform = z.enum(['unknown', 'ios', 'android'])

/** GET /feedback and /feedback/export: filters by build, rating and phone. */
export const FeedbackQuery = z.object({
  build: z.string().trim().max(FEEDBACK_LIMITS.build).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  platform: z.enum(['all', ...FeedbackPlatform.options]).default('all'),
  ...pageFields(),
})
export type FeedbackQuery = z.infer<typeof FeedbackQuery>

export const FeedbackEntry = z.strictObject({
  id,
  email: z.string(),
  rating: z.number().int().min(1).max(5),
  works: z.string(),
  broken: z.string(),
  platform: FeedbackPlatform,
  osVersion: z.string(),
  build: z.string(),
  createdAt: iso,
})
export type FeedbackEntry = z.infer<typeof FeedbackEntry>

/** Per build: how many entries and their average rating (what Play's production application asks for). */
export const FeedbackSummaryRow = z.strictObject({ build: z.string(), count, average: z.number().min(1).max(5) })
export type FeedbackSummaryRow = z.infer<typeof FeedbackSummaryRow>

export const FeedbackPage = z.strictObject({
  rows: z.array(FeedbackEntry),
  /** Entries matching the filters. */
  total: count,
  page: id,
  size: id,
  /** All entries, per build, newest build first. */
  summary: z.array(FeedbackSummaryRow),
  /** The build label the feedback page fills in now. */
  buildLabel: z.string(),
})
export type FeedbackPage = z.infer<typeof FeedbackPage>

/** PUT /feedback/build-label: the label the feedback page fills in (empty: back to BETA_BUILD_LABEL). */
export const BuildLabelRequest = z.strictObject({
  label: z
    .string()
    .trim()
    .max(FEEDBACK_LIMITS.build, `The build label must be at most ${FEEDBACK_LIMITS.build} characters.`)
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'The build label must be one line of text.'),
})
export const BuildLabel = z.strictObject({ label: z.string() })
export type BuildLabel = z.infer<typeof BuildLabel>
