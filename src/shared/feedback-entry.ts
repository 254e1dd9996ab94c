import { z } from 'zod'

// Feedback's fields, declared once: the columns of app_private.beta_feedback, what the form
// (src/shared/feedback.ts) parses into, and what the owner's copy reads (the worker reads the entry
// from the table: src/emails/feedback-owner.kind.ts). docs/decisions/tester-messages-and-feedback.md

export const FEEDBACK_PLATFORMS = ['unknown', 'ios', 'android'] as const

/** One feedback entry's fields, as stored. */
export const FeedbackFields = z.object({
  email: z.string(),
  rating: z.number().int(),
  works: z.string(),
  broken: z.string(),
  platform: z.enum(FEEDBACK_PLATFORMS),
  os_version: z.string(),
  build: z.string(),
})
export type FeedbackFields = z.infer<typeof FeedbackFields>
