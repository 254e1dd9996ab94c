import { z } from 'zod'
import { count, id, iso } from './console-common.ts'

// Outbound webhooks (issue 41), one contract for the server's sender, the console's Integrations
// view and the generated event reference (docs/outbound-events.md, `npm run events:doc`).
// Events are written by database triggers (migration 20261126130000); each type's `data` is the
// schema below, which the sender parses before signing. docs/decisions/outbound-events.md

/** RFC 3339 time, as PostgreSQL's jsonb writes a timestamptz. */
const time = z.string().min(1).describe('RFC 3339 date and time')
/** Masked by default (`j…e@example.com`); the full address when the endpoint opted in. */
const email = z
  .string()
  .min(1)
  .describe('the address, masked (j…e@example.com) unless the endpoint opted in to full addresses')
const signupId = id.describe("the sign-up's id")
const platform = z.enum(['unknown', 'ios', 'android'])

const signup = {
  id: signupId,
  email,
  platform,
  source: z.string().nullable().describe('where the visit came from (launch analytics), null when unknown'),
  locale: z.string().nullable(),
  created_at: time,
}

/** Each event type, what it means and its `data`. Adding one here is half of adding an event; the trigger is the other. */
export const OUTBOUND_EVENTS = {
  'signup.created': {
    about:
      'A visitor signed up on the page (or through POST /rest/v1/beta_signups or POST /api/v1/signups). An imported list is signups.imported instead.',
    data: z.object(signup),
  },
  'signups.imported': {
    about:
      "The owner imported a list (the console's Import, or `npm run owner -- import`): one event per batch of up to 1,000 new sign-ups, instead of a signup.created per person. Read the people with GET /api/v1/signups.",
    data: z.object({
      source: z.string().min(1).describe("the import's source label, on each of its sign-ups"),
      count: z.number().int().min(1).describe('sign-ups this batch added'),
      confirmed: z.boolean().describe('false when the import asked them to confirm (their week to confirm starts now)'),
      imported_at: time,
    }),
  },
  'signup.confirmed': {
    about: 'A sign-up confirmed its address (double opt-in on).',
    data: z.object({ ...signup, confirmed_at: time }),
  },
  'person.unsubscribed': {
    about: 'A person left the beta list through their unsubscribe link.',
    data: z.object({ id: signupId, email, unsubscribed_at: time }),
  },
  'person.erased': {
    about: "The owner erased a person. No personal data: delete your copy of this sign-up's id.",
    data: z.object({ id: signupId, erased_at: time }),
  },
  'invitation.sent': {
    about: 'The owner invited a person to the beta (the invitation email is queued).',
    data: z.object({ ...signup, invited_at: time }),
  },
  'invitation.opened': {
    about: "A person opened their invitation's store link for the first time.",
    data: z.object({ ...signup, opened_at: time }),
  },
  'play.joined': {
    about: 'An Android tester answered that they joined the Google Play test.',
    data: z.object({ id: signupId, email, answered_at: time }),
  },
  'play.left': {
    about: 'An Android tester answered that they left the Google Play test.',
    data: z.object({ id: signupId, email, answered_at: time }),
  },
  'play.threshold_reached': {
    about:
      "The Google Play closed test has had the required testers (12 by default, by their own answers) for the required days (14) without a break, as the console's card computes it: the owner can apply for production access. Once per stretch: if the count falls below and reaches it again, the days start again and a new event follows them.",
    data: z.object({
      testers: z.number().int().min(0).describe('testers in the test now, by their own answers'),
      required: z.number().int().min(1).describe('the testers the rule asks for (PLAY_REQUIRED_TESTERS)'),
      days: z.number().int().min(1).describe('the days the rule asks for (PLAY_REQUIRED_DAYS)'),
      required_since: time.describe('when the count last reached the required testers and stayed there'),
      apply_on: z.iso.date().describe('the first whole UTC day on which applying is not early (YYYY-MM-DD)'),
      reached_at: time.describe('when the server saw the condition become true'),
    }),
  },
  'feedback.created': {
    about: 'A tester sent feedback from /beta/feedback. works and broken are what they typed.',
    data: z.object({
      id: id,
      email,
      rating: z.number().int().min(1).max(5),
      works: z.string(),
      broken: z.string(),
      platform,
      os_version: z.string(),
      build: z.string(),
      created_at: time,
    }),
  },
  'contact.created': {
    about: 'A visitor sent the contact form. name and message are what they typed.',
    data: z.object({
      id: id,
      name: z.string(),
      email,
      subject: z.string(),
      message: z.string(),
      created_at: time,
    }),
  },
  'email.bounced': {
    about: 'A mailbox refused our email for good (a permanent bounce) or marked it as spam; it gets no more email.',
    data: z.object({ email, reason: z.enum(['bounced', 'complained']), at: time }),
  },
  'email.queue_stalled': {
    about:
      'The email queue has emails due but has sent none for 30 minutes (a revoked provider key, a full quota): what email cannot tell you. At most one every six hours.',
    data: z.object({
      due: z.number().int().min(0).describe('emails waiting to be sent'),
      oldest_due_at: time.describe('when the oldest of them was due'),
      last_sent_at: time.nullable().describe('when the last email was sent, null when none ever was'),
    }),
  },
  'email.capacity_short': {
    about:
      "The email queue will not drain within the day's quota (EMAIL_DAILY_LIMIT, or the provider said today's is spent): people who sign up now may wait days for their email. What to do: raise the email plan (and the two settings with it), turn double opt-in off for the day (SIGNUP_CONFIRMATION=off), hold the daily digest and group messages. At most one per UTC day, across processes.",
    data: z.object({
      day: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .describe('the UTC day (the provider counts its quota per UTC day)'),
      waiting: z.number().int().min(0).describe('emails waiting to be sent'),
      daily_limit: z.number().int().min(0).nullable().describe('EMAIL_DAILY_LIMIT, null when not set'),
      remaining_today: z
        .number()
        .int()
        .min(0)
        .nullable()
        .describe('what the daily limit can still send today, null when not set'),
      drains_in_minutes: z
        .number()
        .int()
        .min(1)
        .nullable()
        .describe('about when nothing will wait any more, null when the pace is unknown'),
    }),
  },
  'webhook.test': {
    about: 'Sent by "Send test event" in the console, to that endpoint only.',
    data: z.object({ message: z.string(), endpoint_id: id }),
  },
} as const satisfies Record<string, { about: string; data: z.ZodObject }>

export type OutboundEventType = keyof typeof OUTBOUND_EVENTS
/** The types an endpoint can subscribe to (the test event always goes to the endpoint it is sent to). */
export const SUBSCRIBABLE_EVENTS = Object.keys(OUTBOUND_EVENTS).filter((t) => t !== 'webhook.test') as Exclude<
  OutboundEventType,
  'webhook.test'
>[]
const SubscribableEvent = z.enum(SUBSCRIBABLE_EVENTS as [string, ...string[]])

/** Standard Webhooks' advice: a body under 20 KB. Visitor text is cut to keep every event under it. */
export const MAX_WEBHOOK_BODY_BYTES = 20 * 1024

/**
 * Days an event is kept, with its deliveries and their log, whatever their outcome: replays reach
 * back this far, and the privacy text says it (Svix keeps payloads up to 90 days).
 */
export const OUTBOUND_RETENTION_DAYS = 30

/** `jane@example.com` → `j…e@example.com`; the same rule as app_private.mask_email, and idempotent. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 0) return '…'
  const local = address.slice(0, at)
  const chars = [...local]
  const masked = chars.length <= 2 ? `${chars[0] ?? ''}…` : `${chars[0]}…${chars.at(-1)}`
  return masked + address.slice(at)
}

// The console's contract (the console imports only types from here).

export const EndpointId = z.coerce.number().int().positive()

/** A signed webhook (Standard Webhooks), or a Slack or Discord incoming webhook (their own formats, grouped). */
const DESTINATION_KINDS = ['webhook', 'slack', 'discord'] as const
export const DestinationKind = z.enum(DESTINATION_KINDS)
export type DestinationKind = z.infer<typeof DestinationKind>

/** Saving an endpoint: the URL is checked again by the server (scheme, resolved address). */
export const EndpointRequest = z.strictObject({
  kind: DestinationKind.default('webhook'),
  url: z.string().trim().min(8).max(2000),
  description: z.string().trim().max(200).default(''),
  events: z.array(SubscribableEvent).min(1, 'pick at least one event').max(32),
  enabled: z.boolean().default(true),
  fullAddresses: z.boolean().default(false),
})
export type EndpointRequestInput = z.input<typeof EndpointRequest>

export const EndpointView = z.strictObject({
  id,
  kind: DestinationKind,
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  fullAddresses: z.boolean(),
  /** whsec_abcd…: enough to tell two secrets apart, never enough to sign. */
  secretHint: z.string(),
  rotating: z.boolean(),
  pausedReason: z.string().nullable(),
  failingSince: iso.nullable(),
  createdAt: iso,
  pending: count,
  delivered: count,
  failed: count,
})
export type EndpointView = z.infer<typeof EndpointView>

export const EndpointList = z.strictObject({ endpoints: z.array(EndpointView), events: z.array(z.string()) })

/** The answer to creating an endpoint or rotating its secret: the only time the secret is shown. */
export const EndpointSecret = z.strictObject({ endpoint: EndpointView, secret: z.string() })

export const DeliveryAttempt = z.strictObject({
  id,
  deliveryId: id,
  messageId: z.string(),
  event: z.string(),
  at: iso,
  status: z.number().int().nullable(),
  latencyMs: count,
  response: z.string(),
  deliveryStatus: z.enum(['pending', 'sending', 'delivered', 'failed']),
})
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>
export const DeliveryLog = z.strictObject({ attempts: z.array(DeliveryAttempt) })

/** Replay one delivery (its own webhook-id), or everything since a time. */
export const ReplayRequest = z.union([
  z.strictObject({ deliveryId: id }),
  z.strictObject({ since: z.iso.datetime({ offset: true }) }),
])
export const ReplayResult = z.strictObject({ queued: count })
