/** The console's calls to /admin/api and /admin/auth (same origin; the session cookie rides along). */
import type { z } from 'zod'
import type { PlatformFilter, StatusFilter } from '../shared/beta-testers.ts'
import type * as Contract from '../shared/console-api.ts'

export class ApiFailure extends Error {
  status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) {
    const problem = (await res.json().catch(() => null)) as { message?: string } | null
    throw new ApiFailure(res.status, problem?.message ?? `Request failed (${res.status})`)
  }
  const text = await res.text()
  return (text ? JSON.parse(text) : undefined) as T
}

// Every answer's type comes from the one contract in src/shared (types only: zod stays out of the
// console's bundle; the server's tests parse its answers with the same schemas).
export type {
  AudienceCounts,
  FeedbackEntry,
  FeedbackPage,
  FeedbackSummaryRow,
  MessagesOverview,
  SentMessage,
  AuditEntry,
  ContactMessage,
  InboxFilter,
  InboxPage,
  InvitationPreviewRow,
  InvitationSummary,
  Me,
  NudgeResult,
  PlayTester,
  PlayTestingSummary,
  Passkey,
  SessionInfo,
  Signup,
  SignupPage,
  SignupStats,
} from '../shared/console-api.ts'
export type {
  InvitationLinks,
  PlatformChoice,
  PlatformFilter,
  StatusFilter,
  WelcomeState,
} from '../shared/beta-testers.ts'

/** The answer type of a schema in src/shared/console-api.ts. */
type Answer<K extends keyof typeof Contract> = z.infer<(typeof Contract)[K]>

const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

export const api = {
  me: () => call<Answer<'Me'>>('GET', '/admin/api/me'),
  askLink: (email: string) => call<Answer<'LinkRequestAnswer'>>('POST', '/admin/auth/email', { email }),
  signOut: () => call<void>('POST', '/admin/api/sign-out'),
  signups: (q: string, page: number, size = 25, status: StatusFilter = 'all', platform: PlatformFilter = 'all') =>
    call<Answer<'SignupPage'>>('GET', `/admin/api/signups?${qs({ q, page, size, status, platform })}`),
  stats: (days: Contract.StatsDays) => call<Answer<'SignupStats'>>('GET', `/admin/api/signups/stats?days=${days}`),
  exportUrl: (q: string) => `/admin/api/signups/export${q ? `?${qs({ q })}` : ''}`,
  messages: (filter: Contract.InboxFilter, page: number) =>
    call<Answer<'InboxPage'>>('GET', `/admin/api/messages?${qs({ filter, page, size: 20 })}`),
  markHandled: (id: number) => call<void>('POST', `/admin/api/messages/${id}/handled`),
  reopen: (id: number) => call<void>('POST', `/admin/api/messages/${id}/reopen`),
  erase: (email: string) => call<Answer<'EraseResult'>>('POST', '/admin/api/people/erase', { email }),
  sessions: () => call<Answer<'SessionList'>>('GET', '/admin/api/sessions'),
  revoke: (id: string) => call<void>('POST', `/admin/api/sessions/${id}/revoke`),
  invitations: () => call<Answer<'InvitationSummary'>>('GET', '/admin/api/invitations'),
  preview: (n: number, platform: PlatformFilter, includeDisposable = false) =>
    call<Answer<'InvitationPreview'>>(
      'GET',
      `/admin/api/invitations/preview?${qs({ n, platform, disposable: includeDisposable ? 'include' : 'exclude' })}`,
    ),
  invite: (ids: number[]) => call<Answer<'InviteResult'>>('POST', '/admin/api/invitations/confirm', { ids }),
  storeExportUrl: (format: Contract.StoreExportFormat, sel: Contract.Selection) =>
    `/admin/api/invitations/export?${qs({ format, ...sel })}`,
  suppressions: () => call<Answer<'SuppressionCount'>>('GET', '/admin/api/suppressions'),
  // Issue 19: the 12 x 14 card, its nudge, and a person's data as one JSON file.
  playTesting: () => call<Answer<'PlayTestingSummary'>>('GET', '/admin/api/play-testing'),
  nudge: () => call<Answer<'NudgeResult'>>('POST', '/admin/api/play-testing/nudge'),
  personDataUrl: (email: string) => `/admin/api/people/data?${qs({ email })}`,
  sendWelcome: (email: string) =>
    call<Answer<'SendWelcomeResult'>>('POST', '/admin/api/signups/send-welcome', { email }),
  liftSuppression: (email: string) => call<Answer<'LiftResult'>>('POST', '/admin/api/suppressions/lift', { email }),
  passkeys: () => call<Answer<'PasskeyList'>>('GET', '/admin/api/passkeys'),
  passkeyRegistrationOptions: () => call<Answer<'PasskeyOptions'>>('POST', '/admin/api/passkeys/options'),
  addPasskey: (challengeId: string, response: unknown, name: string) =>
    call<void>('POST', '/admin/api/passkeys', { challengeId, response, name }),
  removePasskey: (id: string) => call<void>('POST', `/admin/api/passkeys/${encodeURIComponent(id)}/remove`),
  passkeySignInOptions: () => call<Answer<'PasskeyOptions'>>('POST', '/admin/auth/passkey/options'),
  passkeySignIn: (challengeId: string, response: unknown) =>
    call<Answer<'PasskeySignIn'>>('POST', '/admin/auth/passkey', { challengeId, response }),
  audit: () => call<Answer<'AuditLog'>>('GET', '/admin/api/audit'),
  // Issue 18: messages to a group, and tester feedback.
  testerMessages: () => call<Answer<'MessagesOverview'>>('GET', '/admin/api/tester-messages'),
  sendTesterMessage: (message: Contract.SendMessageRequest) =>
    call<Answer<'SendMessageResult'>>('POST', '/admin/api/tester-messages', message),
  feedback: (f: FeedbackFilters, page: number) =>
    call<Answer<'FeedbackPage'>>('GET', `/admin/api/feedback?${qs({ ...feedbackParams(f), page, size: 20 })}`),
  feedbackExportUrl: (f: FeedbackFilters) => `/admin/api/feedback/export?${qs(feedbackParams(f))}`,
  setBuildLabel: (label: string) => call<Answer<'BuildLabel'>>('POST', '/admin/api/feedback/build-label', { label }),
}

/** The Feedback view's filters; '' is "any". */
export type FeedbackFilters = { build: string | null; rating: string; platform: 'all' | 'ios' | 'android' | 'unknown' }

function feedbackParams(f: FeedbackFilters): Record<string, string> {
  return {
    ...(f.build !== null ? { build: f.build } : {}),
    ...(f.rating ? { rating: f.rating } : {}),
    platform: f.platform,
  }
}
