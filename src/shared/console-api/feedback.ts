import { z } from 'zod'
import { FEEDBACK_LIMITS } from '../feedback.ts'
import { count, id, iso, pageFields } from './common.ts'

// The Feedback view: what testers sent from /beta/feedback. docs/decisions/tester-messages-and-feedback.md

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
