import { z } from 'zod'
import { SERVER_PAGE_TEXTS, type Locale } from './content.ts'
import { fill } from './content-types.ts'
import { FEEDBACK_LIMITS } from './limits.ts'
import { emailAddress } from './email-address.ts'
import { honeypot } from './honeypot.ts'

// What a tester sends from /beta/feedback. The table's checks mirror these limits
// (migration 20261124200000). docs/decisions/tester-messages-and-feedback.md
// The messages are the founder's content (texts.pages), in the language of the page that shows them.

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
    platform: z.enum(['unknown', 'ios', 'android'], { error: t.feedbackPlatformInvalid }).default('unknown'),
    os_version: optionalText(t.feedbackOsVersion, FEEDBACK_LIMITS.osVersion),
    build: optionalText(t.feedbackBuild, FEEDBACK_LIMITS.build),
    website: honeypot,
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

export type TesterFeedback = z.infer<ReturnType<typeof feedbackSchemas>['tester']>
export type OpenFeedback = z.infer<ReturnType<typeof feedbackSchemas>['open']>
