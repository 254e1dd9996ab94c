import { z } from 'zod'
import {
  InvitationLinks,
  InvitationStatus,
  PlatformChoice,
  PlatformFilter,
  StatusFilter,
  WelcomeState,
} from './beta-testers.ts'
import { FEEDBACK_LIMITS } from './feedback.ts'
import { LIMITS } from './limits.ts'
import { AUDIENCES, MESSAGE_LIMITS } from './tester-messages.ts'

// The console's API under /admin/api (and the sign-in calls under /admin/auth), one contract for
// both sides: the server parses each query and body with these schemas, and the
// console's api.ts types each answer with them. Answers are strict objects, so that a field
// added on one side alone fails src/server/features/console/contract.test.ts.
// docs/decisions/owner-console.md

// ---- Query parameters and request bodies ----

const search = z.string().trim().max(LIMITS.email).default('')

/** `?q=&page=&size=`: part of an address, and a page of the list. */
export const PageQuery = z.object({
  q: search,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
})

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

export const InboxFilter = z.enum(['new', 'handled', 'all'])
export type InboxFilter = z.infer<typeof InboxFilter>

/** GET /messages: a page of the contact inbox. */
export const InboxQuery = PageQuery.extend({ filter: InboxFilter.default('all') })

/** The :id of /messages/:id/handled and /messages/:id/reopen. */
export const MessageId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)

/**
 * POST /people/erase and /suppressions/lift: any address the database may hold, not only what the
 * shared schema accepts. Rows stored by SQL or an import must be erasable too,
 * and lifting works the same way. The database's own checks: at most 254 characters, one @
 * (PostgreSQL text never holds NUL).
 */
export const EmailRequest = z.strictObject({
  email: z
    .string()
    .trim()
    .min(3, 'Enter the address as stored.')
    .max(LIMITS.email, 'Enter the address as stored.')
    .regex(/^[^@]+@[^@]+$/, 'Enter the address as stored.')
    .refine((v) => !v.includes(String.fromCharCode(0)), 'Enter the address as stored.'),
})

/** The most people one confirmation invites (and one preview lists). */
export const MAX_INVITATION_BATCH = 1000

/** GET /invitations/preview: who "Invite the next N" would invite. */
export const InvitationPreviewQuery = z.object({
  n: z.coerce.number().int().min(1).max(MAX_INVITATION_BATCH),
  platform: PlatformFilter.default('all'),
  /** Throwaway addresses are left out unless the owner includes them. */
  disposable: z.enum(['exclude', 'include']).default('exclude'),
})

/** POST /invitations/confirm: the exact ids the preview showed, and nobody else. */
export const InviteRequest = z.strictObject({
  ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(MAX_INVITATION_BATCH),
})

/** The console's selection of sign-ups: a status, a platform and part of the address. */
export const SelectionQuery = z.object({
  status: StatusFilter.default('all'),
  platform: PlatformFilter.default('all'),
  q: search,
})
export type Selection = z.infer<typeof SelectionQuery>

export const StoreExportFormat = z.enum(['testflight', 'play'])
export type StoreExportFormat = z.infer<typeof StoreExportFormat>

/** GET /invitations/export: a selection as a file for one store. */
export const StoreExportQuery = SelectionQuery.extend({ format: StoreExportFormat })

// ---- Answers ----

const iso = z.iso.datetime()
const count = z.number().int().min(0)
const id = z.number().int().min(1)

export const Me = z.strictObject({ email: z.string(), sessionId: z.string() })
export type Me = z.infer<typeof Me>

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

export const ContactMessage = z.strictObject({
  id,
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: iso,
  handledAt: iso.nullable(),
  handledBy: z.string().nullable(),
})
export type ContactMessage = z.infer<typeof ContactMessage>

export const InboxPage = z.strictObject({
  rows: z.array(ContactMessage),
  counts: z.strictObject({ all: count, new: count, handled: count }),
  page: id,
  size: id,
})
export type InboxPage = z.infer<typeof InboxPage>

/** `outbox`: emails deleted from the outbox folder (erasure leaves no copies). */
export const EraseResult = z.strictObject({
  signups: count,
  messages: count,
  feedback: count,
  emails: count,
  outbox: count,
})
export type EraseResult = z.infer<typeof EraseResult>

export const SessionInfo = z.strictObject({
  id: z.string(),
  email: z.string(),
  method: z.string(),
  userAgent: z.string().nullable(),
  createdAt: iso,
  lastSeenAt: iso,
  current: z.boolean(),
})
export type SessionInfo = z.infer<typeof SessionInfo>
export const SessionList = z.strictObject({ sessions: z.array(SessionInfo) })

export const AuditEntry = z.strictObject({
  at: iso,
  actor: z.string(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
})
export type AuditEntry = z.infer<typeof AuditEntry>
export const AuditLog = z.strictObject({ entries: z.array(AuditEntry) })

const Stores = z.strictObject({ ios: z.boolean(), android: z.boolean() })

export const InvitationSummary = z.strictObject({
  byStatus: z.strictObject({ waiting: count, invited: count, opened: count }),
  byPlatform: z.strictObject({ unknown: count, ios: count, android: count }),
  /** Which store links are set: the console says when one is not. */
  stores: Stores,
  maxBatch: z.literal(MAX_INVITATION_BATCH),
})
export type InvitationSummary = z.infer<typeof InvitationSummary>

export const InvitationPreviewRow = z.strictObject({
  id,
  email: z.string(),
  platform: PlatformChoice,
  created_at: iso,
  links: InvitationLinks,
  disposable: z.boolean(),
})
export type InvitationPreviewRow = z.infer<typeof InvitationPreviewRow>
export const InvitationPreview = z.strictObject({
  rows: z.array(InvitationPreviewRow),
  stores: Stores,
  /** Throwaway addresses passed over to fill this batch (0 when they are included). */
  disposableLeftOut: count,
})
export type InvitationPreview = z.infer<typeof InvitationPreview>

export const InviteResult = z.strictObject({ invited: count, skipped: count })
export type InviteResult = z.infer<typeof InviteResult>

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

export const Passkey = z.strictObject({ id: z.string(), name: z.string(), createdAt: iso, lastUsedAt: iso.nullable() })
export type Passkey = z.infer<typeof Passkey>
export const PasskeyList = z.strictObject({ passkeys: z.array(Passkey) })

/** WebAuthn options for the browser, and the id of the challenge they carry. */
export const PasskeyOptions = z.strictObject({ challengeId: z.string(), options: z.unknown() })
export const PasskeySignIn = z.strictObject({ email: z.string() })
export const LinkRequestAnswer = z.strictObject({ message: z.string() })

// ---- Messages to a group, and tester feedback ----
// docs/decisions/tester-messages-and-feedback.md

export const Audience = z.enum(AUDIENCES)

/** POST /tester-messages: a message to one group. requestId is made once per composed message by the console. */
export const SendMessageRequest = z.strictObject({
  requestId: z.uuid('requestId must be a UUID.'),
  audience: Audience,
  subject: z
    .string()
    .trim()
    .min(1, 'Write a subject.')
    .max(MESSAGE_LIMITS.subject, `The subject must be at most ${MESSAGE_LIMITS.subject} characters.`)
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'The subject must be one line of text.'),
  body: z
    .string()
    .trim()
    .min(1, 'Write the message.')
    .max(MESSAGE_LIMITS.body, `The message must be at most ${MESSAGE_LIMITS.body} characters.`)
    .refine((s) => !s.includes('\u0000'), 'The message cannot contain that character.'),
  storeLinks: z.boolean(),
})
export type SendMessageRequest = z.infer<typeof SendMessageRequest>

export const AudienceCounts = z.strictObject(
  Object.fromEntries(AUDIENCES.map((a) => [a, count])) as {
    [A in (typeof AUDIENCES)[number]]: typeof count
  },
)
export type AudienceCounts = z.infer<typeof AudienceCounts>

export const SentMessage = z.strictObject({
  id,
  audience: Audience,
  subject: z.string(),
  createdAt: iso,
  createdBy: z.string(),
  /** People the message was queued for when it was sent. */
  recipients: count,
  /** Emails still waiting to go (paced), sent, failed for good, and cancelled (the person left). */
  queued: count,
  sent: count,
  failed: count,
  cancelled: count,
})
export type SentMessage = z.infer<typeof SentMessage>

/** GET /tester-messages: how many each group reaches now, and the latest messages. */
export const MessagesOverview = z.strictObject({
  audiences: AudienceCounts,
  messages: z.array(SentMessage),
  stores: z.strictObject({ ios: z.boolean(), android: z.boolean() }),
})
export type MessagesOverview = z.infer<typeof MessagesOverview>

/** The answer to POST /tester-messages: `created` false when this request (or the same text) was sent already. */
export const SendMessageResult = z.strictObject({ id, recipients: count, created: z.boolean() })
export type SendMessageResult = z.infer<typeof SendMessageResult>

export const FeedbackPlatform = z.enum(['unknown', 'ios', 'android'])

/** GET /feedback and /feedback/export: filters by build, rating and phone. */
export const FeedbackQuery = z.object({
  build: z.string().trim().max(FEEDBACK_LIMITS.build).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  platform: z.enum(['all', ...FeedbackPlatform.options]).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
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
// ---- Google Play closed testing, and a person's data on request ----
// docs/decisions/play-closed-testing.md

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

/** GET /people/data?email=: one person's data, as one JSON file (an access request). */
export const PersonDataQuery = z.object({ email: EmailRequest.shape.email })

/** The file "Download data" gives: every row about the mailbox, by table, secrets (tokens) left out. */
export const PersonData = z.strictObject({
  email: z.string(),
  exportedAt: iso,
  about: z.string(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
})
export type PersonData = z.infer<typeof PersonData>

// The Launch view's schemas live with the analytics they describe; named here so the
// endpoint table (console-endpoints.ts) can refer to them like every other endpoint's.
export { ChannelRequest, LaunchQuery, LaunchReport } from './launch-analytics.ts'
export const ChannelSaved = z.strictObject({ created: z.boolean() })
