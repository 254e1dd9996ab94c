/** The console's calls to /admin/api and /admin/auth (same origin; the session cookie rides along). */

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

export type Me = { email: string; sessionId: string }
export type WelcomeState = 'none' | 'queued' | 'sending' | 'sent' | 'retrying' | 'failed' | 'unsubscribed'
export type Signup = {
  id: number
  email: string
  createdAt: string
  welcome: WelcomeState
  welcomeError: string | null
  platform: Platform
  status: 'waiting' | 'invited'
  invitedAt: string | null
  openedAt: string | null
}
export type Platform = 'unknown' | 'ios' | 'android'
export type StatusFilter = 'all' | 'waiting' | 'invited' | 'opened'
export type PlatformFilter = 'all' | Platform
export type InvitationSummary = {
  byStatus: { waiting: number; invited: number; opened: number }
  byPlatform: Record<Platform, number>
  stores: { ios: boolean; android: boolean }
  maxBatch: number
}
export type PreviewRow = {
  id: number
  email: string
  platform: Platform
  created_at: string
  links: 'ios' | 'android' | 'both'
}
export type SignupPage = { rows: Signup[]; total: number; page: number; size: number }
export type Stats = { total: number; today: number; last7Days: number; perDay: { day: string; count: number }[] }
export type Message = {
  id: number
  name: string
  email: string
  subject: string
  message: string
  createdAt: string
  handledAt: string | null
  handledBy: string | null
}
export type Inbox = {
  rows: Message[]
  counts: { all: number; new: number; handled: number }
  page: number
  size: number
}
export type SessionInfo = {
  id: string
  email: string
  method: string
  userAgent: string | null
  createdAt: string
  lastSeenAt: string
  current: boolean
}
export type AuditEntry = { at: string; actor: string; action: string; detail: Record<string, unknown> }

const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

export const api = {
  me: () => call<Me>('GET', '/admin/api/me'),
  askLink: (email: string) => call<{ message: string }>('POST', '/admin/auth/email', { email }),
  signOut: () => call<void>('POST', '/admin/api/sign-out'),
  signups: (q: string, page: number, size = 25, status: StatusFilter = 'all', platform: PlatformFilter = 'all') =>
    call<SignupPage>('GET', `/admin/api/signups?${qs({ q, page, size, status, platform })}`),
  stats: (days: 30 | 90) => call<Stats>('GET', `/admin/api/signups/stats?days=${days}`),
  exportUrl: (q: string) => `/admin/api/signups/export${q ? `?${qs({ q })}` : ''}`,
  messages: (filter: 'new' | 'handled' | 'all', page: number) =>
    call<Inbox>('GET', `/admin/api/messages?${qs({ filter, page, size: 20 })}`),
  markHandled: (id: number) => call<void>('POST', `/admin/api/messages/${id}/handled`),
  reopen: (id: number) => call<void>('POST', `/admin/api/messages/${id}/reopen`),
  erase: (email: string) =>
    call<{ signups: number; messages: number; emails: number }>('POST', '/admin/api/people/erase', { email }),
  sessions: () => call<{ sessions: SessionInfo[] }>('GET', '/admin/api/sessions'),
  revoke: (id: string) => call<void>('POST', `/admin/api/sessions/${id}/revoke`),
  invitations: () => call<InvitationSummary>('GET', '/admin/api/invitations'),
  preview: (n: number, platform: PlatformFilter) =>
    call<{ rows: PreviewRow[] }>('GET', `/admin/api/invitations/preview?${qs({ n, platform })}`),
  invite: (ids: number[]) =>
    call<{ invited: number; skipped: number }>('POST', '/admin/api/invitations/confirm', { ids }),
  storeExportUrl: (format: 'testflight' | 'play', sel: { status: StatusFilter; platform: PlatformFilter; q: string }) =>
    `/admin/api/invitations/export?${qs({ format, ...sel })}`,
  suppressions: () => call<{ count: number }>('GET', '/admin/api/suppressions'),
  liftSuppression: (email: string) => call<{ lifted: boolean }>('POST', '/admin/api/suppressions/lift', { email }),
  passkeys: () =>
    call<{ passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[] }>(
      'GET',
      '/admin/api/passkeys',
    ),
  passkeyRegistrationOptions: () =>
    call<{ challengeId: string; options: unknown }>('POST', '/admin/api/passkeys/options'),
  addPasskey: (challengeId: string, response: unknown, name: string) =>
    call<void>('POST', '/admin/api/passkeys', { challengeId, response, name }),
  removePasskey: (id: string) => call<void>('POST', `/admin/api/passkeys/${encodeURIComponent(id)}/remove`),
  passkeySignInOptions: () => call<{ challengeId: string; options: unknown }>('POST', '/admin/auth/passkey/options'),
  passkeySignIn: (challengeId: string, response: unknown) =>
    call<{ email: string }>('POST', '/admin/auth/passkey', { challengeId, response }),
  audit: () => call<{ entries: AuditEntry[] }>('GET', '/admin/api/audit'),
}
