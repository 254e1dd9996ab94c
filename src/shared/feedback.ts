import { z } from 'zod'
import { SERVER_PAGE_TEXTS, type Locale } from './content.ts'
import { fill } from './content-types.ts'
import { FEEDBACK_LIMITS } from './limits.ts'
import { emailAddress } from './email-address.ts'
import { FEEDBACK_PLATFORMS, type FeedbackFields } from './feedback-entry.ts'
import { honeypot } from './honeypot.ts'
import { count, id, iso, pageFields } from './console-common.ts'

// Feedback, shared by the server and the console: what a tester sends from /beta/feedback (the
// table's checks mirror these limits, migration 20261124200000; its messages are the founder's
// content, texts.pages, in the language of the page that shows them), and the console's contract
// for the Feedback view (the console imports only its types). docs/decisions/tester-messages-and-feedback.md

export { FEEDBACK_LIMITS }

function feedbackSchemas(locale: Locale) {
  const t = SERVER_PAGE_TEXTS[locale]
  const optionalText = (label: string, max: number) =>
    z
      .string()
      .trim()
      .max(max, fill(t.feedbackTooLong, { field: label, count: String(max) }))
      .refine((s) => !s.includes('\u0000'), fill(t.feedbackBadCharacter, { field: label }))
      .default('')
  const rating = t.feedbackRatingInvalid
  const fields = {
    rating: z.coerce.number({ error: rating }).int(rating).min(1, rating).max(5, rating),
    works: optionalText(t.feedbackWorks, FEEDBACK_LIMITS.text),
    broken: optionalText(t.feedbackBroken, FEEDBACK_LIMITS.text),
    platform: z.enum(FEEDBACK_PLATFORMS, { error: t.feedbackPlatformInvalid }).default('unknown'),
    os_version: optionalText(t.feedbackOsVersion, FEEDBACK_LIMITS.osVersion),
    build: optionalText(t.feedbackBuild, FEEDBACK_LIMITS.build),
    website: honeypot,
    // The stored fields (feedback-entry.ts) are the form's: one missing or of another type fails here.
  } satisfies { [K in Exclude<keyof FeedbackFields, 'email'>]: z.ZodType<FeedbackFields[K], unknown> } & {
    website: typeof honeypot
  }
  // The address follows the rules every form does (emailAddress); the form names one problem.
  const email = z.string({ error: t.feedbackEmailInvalid }).transform((value, ctx) => {
    const parsed = emailAddress.safeParse(value)
    if (parsed.success) return parsed.data
    ctx.addIssue({ code: 'custom', message: t.feedbackEmailInvalid })
    return z.NEVER
  })
  return {
    /** The form of /beta/feedback?token=… (the person is known by the token). */
    tester: z.strictObject(fields),
    /** The form of /beta/feedback without a token: the address is asked for (Play's feedback URL). */
    open: z.strictObject({ ...fields, email }),
  }
}

const built = new Map<Locale, ReturnType<typeof feedbackSchemas>>()

/** The feedback form's schemas, their messages in `locale`. */
export function feedbackForm(locale: Locale): ReturnType<typeof feedbackSchemas> {
  let schemas = built.get(locale)
  if (!schemas) built.set(locale, (schemas = feedbackSchemas(locale)))
  return schemas
}

/** The form's one declaration: its fields' names, the values a page shows again, the data stored. */
export type OpenFeedbackForm = ReturnType<typeof feedbackSchemas>['open']
export type OpenFeedback = z.infer<ReturnType<typeof feedbackSchemas>['open']>

// The console's Feedback view: what testers sent from /beta/feedback (its endpoints in
// console-endpoints.ts).

export const FeedbackPlatform = z.enum(FEEDBACK_PLATFORMS)

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
