import { z } from 'zod'
import { InvitationStatus, PlatformChoice, PlatformFilter, StatusFilter, WelcomeState } from './beta-testers.ts'
import { count, id, iso, PageQuery } from './console-common.ts'

// The Sign-ups view: the list, its figures, the suppression list and a withheld welcome email.

/** GET /signups: a page, filtered by invitation status and platform. */
export const SignupListQuery = PageQuery.extend({
  status: StatusFilter.default('all'),
  platform: PlatformFilter.default('all'),
})
export type SignupListQuery = z.infer<typeof SignupListQuery>

/** GET /signups/stats: the chart's period. */
export const SignupStatsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(30), z.literal(90)]))
    .default(30),
})
export type StatsDays = z.infer<typeof SignupStatsQuery>['days']

export const Signup = z.strictObject({
  id,
  email: z.string(),
  createdAt: iso,
  welcome: WelcomeState,
  /** Why the last attempt failed, while the welcome email is retrying or failed. */
  welcomeError: z.string().nullable(),
  platform: PlatformChoice,
  status: InvitationStatus,
  invitedAt: iso.nullable(),
  openedAt: iso.nullable(),
  /** The address is on a throwaway-address domain (left out of "invite next N" unless included). */
  disposable: z.boolean(),
})
export type Signup = z.infer<typeof Signup>

export const SignupPage = z.strictObject({ rows: z.array(Signup), total: count, page: id, size: id })
export type SignupPage = z.infer<typeof SignupPage>

export const SignupStats = z.strictObject({
  total: count,
  today: count,
  last7Days: count,
  /** One entry per UTC day of the period, oldest first, days without sign-ups as 0. */
  perDay: z.array(z.strictObject({ day: z.iso.date(), count })),
})
export type SignupStats = z.infer<typeof SignupStats>

export const SuppressionCount = z.strictObject({
  count,
  /** Of them, mailboxes that bounced for good or complained (Resend's webhook, SMTP 550/551/553). */
  bounced: count,
  complained: count,
  /** Owner addresses whose mailbox is on the list (their owner mail still arrives). */
  owners: z.array(z.string()),
})
export const LiftResult = z.strictObject({ lifted: z.boolean() })
/** POST /signups/send-welcome; false when the mailbox already had its email (or is not on the list). */
export const SendWelcomeResult = z.strictObject({ queued: z.boolean() })
