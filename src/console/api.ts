/** The console's calls to /admin/api and /admin/auth (same origin; the session cookie rides along). */
import type { z } from 'zod'
import type { PlatformFilter, StatusFilter } from '../shared/beta-testers.ts'
import type * as Contract from '../shared/console-api.ts'
import { endpointPath, endpoints } from '../shared/console-endpoints.ts'

export class ApiFailure extends Error {
  status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

// The signal of the useApi load that is starting, if any: a call begins its fetch synchronously,
// so every call a load starts carries the load's signal without each call taking one.
let startingSignal: AbortSignal | undefined

/** Runs `start`, giving `signal` to every call it begins before its first await (see useApi). */
export function withSignal<T>(signal: AbortSignal, start: () => Promise<T>): Promise<T> {
  startingSignal = signal
  try {
    return start()
  } finally {
    startingSignal = undefined
  }
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    signal: startingSignal ?? null,
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
  me: () => call<Answer<'Me'>>('GET', endpoints.me.path),
  askLink: (email: string) => call<Answer<'LinkRequestAnswer'>>('POST', '/admin/auth/email', { email }),
  signOut: () => call<void>('POST', endpoints.signOut.path),
  signups: (q: string, page: number, size = 25, status: StatusFilter = 'all', platform: PlatformFilter = 'all') =>
    call<Answer<'SignupPage'>>('GET', `${endpoints.signups.path}?${qs({ q, page, size, status, platform })}`),
  stats: (days: Contract.StatsDays) => call<Answer<'SignupStats'>>('GET', `${endpoints.signupStats.path}?days=${days}`),
  exportUrl: (q: string) => `${endpoints.signupsExport.path}${q ? `?${qs({ q })}` : ''}`,
  messages: (filter: Contract.InboxFilter, page: number) =>
    call<Answer<'InboxPage'>>('GET', `${endpoints.inbox.path}?${qs({ filter, page, size: 20 })}`),
  markHandled: (id: number) => call<void>('POST', endpointPath(endpoints.markHandled, id)),
  reopen: (id: number) => call<void>('POST', endpointPath(endpoints.reopen, id)),
  erase: (email: string) => call<Answer<'EraseResult'>>('POST', endpoints.erase.path, { email }),
  sessions: () => call<Answer<'SessionList'>>('GET', endpoints.sessions.path),
  revoke: (id: string) => call<void>('POST', endpointPath(endpoints.revokeSession, id)),
  invitations: () => call<Answer<'InvitationSummary'>>('GET', endpoints.invitations.path),
  preview: (n: number, platform: PlatformFilter, includeDisposable = false) =>
    call<Answer<'InvitationPreview'>>(
      'GET',
      `${endpoints.invitationPreview.path}?${qs({ n, platform, disposable: includeDisposable ? 'include' : 'exclude' })}`,
    ),
  invite: (ids: number[]) => call<Answer<'InviteResult'>>('POST', endpoints.invite.path, { ids }),
  storeExportUrl: (format: Contract.StoreExportFormat, sel: Contract.Selection) =>
    `${endpoints.storeExport.path}?${qs({ format, ...sel })}`,
  suppressions: () => call<Answer<'SuppressionCount'>>('GET', endpoints.suppressions.path),
  // The 12 x 14 card, its nudge, and a person's data as one JSON file.
  playTesting: () => call<Answer<'PlayTestingSummary'>>('GET', endpoints.playTesting.path),
  nudge: () => call<Answer<'NudgeResult'>>('POST', endpoints.nudge.path),
  personDataUrl: (email: string) => `${endpoints.personData.path}?${qs({ email })}`,
  sendWelcome: (email: string) => call<Answer<'SendWelcomeResult'>>('POST', endpoints.sendWelcome.path, { email }),
  liftSuppression: (email: string) => call<Answer<'LiftResult'>>('POST', endpoints.liftSuppression.path, { email }),
  passkeys: () => call<Answer<'PasskeyList'>>('GET', endpoints.passkeys.path),
  passkeyRegistrationOptions: () => call<Answer<'PasskeyOptions'>>('POST', endpoints.passkeyOptions.path),
  addPasskey: (challengeId: string, response: unknown, name: string) =>
    call<void>('POST', endpoints.addPasskey.path, { challengeId, response, name }),
  removePasskey: (id: string) => call<void>('POST', endpointPath(endpoints.removePasskey, id)),
  passkeySignInOptions: () => call<Answer<'PasskeyOptions'>>('POST', '/admin/auth/passkey/options'),
  passkeySignIn: (challengeId: string, response: unknown) =>
    call<Answer<'PasskeySignIn'>>('POST', '/admin/auth/passkey', { challengeId, response }),
  audit: () => call<Answer<'AuditLog'>>('GET', endpoints.audit.path),
  // Messages to a group, and tester feedback.
  testerMessages: () => call<Answer<'MessagesOverview'>>('GET', endpoints.testerMessages.path),
  sendTesterMessage: (message: Contract.SendMessageRequest) =>
    call<Answer<'SendMessageResult'>>('POST', endpoints.sendTesterMessage.path, message),
  feedback: (f: FeedbackFilters, page: number) =>
    call<Answer<'FeedbackPage'>>('GET', `${endpoints.feedback.path}?${qs({ ...feedbackParams(f), page, size: 20 })}`),
  feedbackExportUrl: (f: FeedbackFilters) => `${endpoints.feedbackExport.path}?${qs(feedbackParams(f))}`,
  setBuildLabel: (label: string) => call<Answer<'BuildLabel'>>('POST', endpoints.setBuildLabel.path, { label }),
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
