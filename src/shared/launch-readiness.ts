import { z } from 'zod'
import { count } from './console-common.ts'
import { EXPECTED_SIGNUPS_MAX } from './limits.ts'

// The Launch view's readiness card (issue 52, item 3): the README's launch checklist, computed
// from this server's settings, and whether the email plan carries the list expected in the first
// 24 hours. docs/decisions/email-capacity.md

/** What the plan can send against the list: the same arithmetic as the README's checklist. */
export const EmailPlanCheck = z.strictObject({
  /** EMAIL_RATE_PER_SECOND and EMAIL_DAILY_LIMIT; null: not set. */
  ratePerSecond: z.number().min(0).nullable(),
  dailyLimit: count.nullable(),
  /** With double opt-in a confirmation and a welcome email; without, the welcome alone. */
  emailsPerSignup: z.union([z.literal(1), z.literal(2)]),
  /** The number the founder entered in the console; null: none. */
  expectedSignups: count.nullable(),
  /** The most sign-ups stored in one UTC day of the last seven. */
  busiestDaySignups: count,
  /** The list checked: the expected number, else the busiest day. */
  list: count,
  emails: count,
  /** Emails the plan sends in 24 hours; null: no limit is set, so nothing can be checked. */
  perDay: count.nullable(),
  /** About how long the list's emails take at the plan's pace and daily quota; null: no limit set. */
  secondsToSend: z.number().min(0).nullable(),
  /** True when the list's emails go out within 24 hours; null when no limit is set. */
  fits: z.boolean().nullable(),
})
export type EmailPlanCheck = z.infer<typeof EmailPlanCheck>

const dnsState = z.enum(['found', 'missing', 'unknown'])

/** SPF, DKIM and DMARC of EMAIL_FROM's domain, as DNS answered when the card was read. */
export const SendingDomain = z.strictObject({
  domain: z.string(),
  spf: dnsState,
  /** 'not-checked': an SMTP provider's DKIM selector is its own, unknown here. */
  dkim: z.enum(['found', 'missing', 'unknown', 'not-checked']),
  dmarc: dnsState,
})
export type SendingDomain = z.infer<typeof SendingDomain>

/** GET /admin/api/launch-readiness. */
export const LaunchReadiness = z.strictObject({
  publicUrl: z.string(),
  /** PUBLIC_URL unset (so localhost) or a loopback address: emails' links reach no visitor. */
  publicUrlIsLocal: z.boolean(),
  transport: z.enum(['outbox', 'smtp', 'resend']),
  /** RESEND_WEBHOOK_SECRET set: bounces and complaints stop further mail. */
  bounceWebhook: z.boolean(),
  doubleOptIn: z.boolean(),
  challenge: z.enum(['pow', 'off']),
  /** Null with the outbox transport, which sends nothing. */
  sendingDomain: SendingDomain.nullable(),
  plan: EmailPlanCheck,
})
export type LaunchReadiness = z.infer<typeof LaunchReadiness>

/** POST /admin/api/launch-readiness/expected: the sign-ups expected in 24 hours; null clears it. */
export const ExpectedSignupsRequest = z.strictObject({
  expected: z
    .number({ error: 'Enter a whole number of sign-ups.' })
    .int('Enter a whole number of sign-ups.')
    .min(0, 'Enter a whole number of sign-ups.')
    .max(EXPECTED_SIGNUPS_MAX, `Enter at most ${EXPECTED_SIGNUPS_MAX.toLocaleString('en')} sign-ups.`)
    .nullable(),
})

const DAY_S = 86_400

/**
 * The plan against a list: the emails it needs, what the plan sends in 24 hours, and about how
 * long they take (the rate's pace, and a day's wait for each daily quota beyond the first).
 */
export function checkEmailPlan(input: {
  list: number
  emailsPerSignup: 1 | 2
  ratePerSecond: number | null
  dailyLimit: number | null
}): Pick<EmailPlanCheck, 'emails' | 'perDay' | 'secondsToSend' | 'fits'> {
  const { ratePerSecond: rate, dailyLimit: daily } = input
  const emails = input.list * input.emailsPerSignup
  if (rate === null && daily === null) return { emails, perDay: null, secondsToSend: null, fits: null }
  const perDay = Math.min(daily ?? Infinity, rate === null ? Infinity : Math.floor(rate * DAY_S))
  const pace = (n: number) => (rate === null ? 0 : n / rate)
  let secondsToSend = pace(emails)
  if (daily !== null && emails > daily) {
    const fullDays = Math.ceil(emails / daily) - 1
    secondsToSend = fullDays * DAY_S + pace(emails - fullDays * daily)
  }
  return { emails, perDay, secondsToSend, fits: emails <= perDay }
}
