import { z } from 'zod'
import { count, id, iso } from './common.ts'

// Google Play closed testing: the 12 × 14 card and its nudge. docs/decisions/play-closed-testing.md

/** An Android tester who said "Yes, I'm in", with their latest stretch in the test. */
export const PlayTester = z.strictObject({
  id,
  email: z.string(),
  /** The Google account they gave for the Play list, or null (the sign-up address is used). */
  googleAccount: z.string().nullable(),
  joinedAt: iso,
  /** null while they are in; else when they said they left, or when an email to them bounced. */
  leftAt: iso.nullable(),
  leftBecause: z.enum(['said-left', 'bounced']).nullable(),
})
export type PlayTester = z.infer<typeof PlayTester>

/** GET /play-testing: the 12 × 14 card (src/shared/play-testing.ts computes `progress`). */
export const PlayTestingSummary = z.strictObject({
  rule: z.strictObject({ required: id, days: id }),
  progress: z.strictObject({
    counting: count,
    required: id,
    days: id,
    missing: count,
    requiredSince: iso.nullable(),
    applyOn: z.iso.date().nullable(),
    reached: z.boolean(),
    daysIn: count,
  }),
  testers: z.array(PlayTester),
  androidInvited: count,
  opened: count,
  unanswered: count,
  trouble: count,
})
export type PlayTestingSummary = z.infer<typeof PlayTestingSummary>

/** POST /play-testing/nudge: how many reminders were queued now (a second click the same day queues none). */
export const NudgeResult = z.strictObject({ queued: count })
export type NudgeResult = z.infer<typeof NudgeResult>
