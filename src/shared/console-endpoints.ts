import type * as Contract from './console-api.ts'
import { paths } from './paths.ts'

// The console's API, declared once: each endpoint's method and path, and the names of its schemas
// in console-api.ts (query or body, and answer). The API is under /admin/api, behind the session
// check; the sign-in calls, made before there is a session, are under /admin/auth. The server's
// routes are checked against this table (features/console/routes.test.ts), the console's calls
// read it (src/console/api.ts), and the contract test calls every entry and parses its answer
// (features/console/contract.test.ts).
// Names, not schemas: the console imports only types from here, so zod stays out of its bundle.

type SchemaName = {
  [K in keyof typeof Contract]: (typeof Contract)[K] extends { safeParse: unknown } ? K : never
}[keyof typeof Contract]

export type Endpoint = {
  method: 'GET' | 'POST'
  /** The full path; `:id` is a path parameter. */
  path: `/admin/api/${string}` | `/admin/auth/${string}`
  /** The schema of its query (GET) or JSON body (POST). */
  input?: SchemaName
  /** The schema of its JSON answer; none for 204, a file download or a pass-through. */
  answer?: SchemaName
}

export const endpoints = {
  // Signing in (no session yet): an emailed link, or a passkey's challenge and its answer.
  emailSignInLink: { method: 'POST', path: '/admin/auth/email', input: 'LinkRequest', answer: 'LinkRequestAnswer' },
  passkeySignInOptions: { method: 'POST', path: '/admin/auth/passkey/options', answer: 'PasskeyOptions' },
  passkeySignIn: { method: 'POST', path: '/admin/auth/passkey', input: 'PasskeyAnswer', answer: 'PasskeySignIn' },
  me: { method: 'GET', path: '/admin/api/me', answer: 'Me' },
  sessions: { method: 'GET', path: '/admin/api/sessions', answer: 'SessionList' },
  revokeSession: { method: 'POST', path: '/admin/api/sessions/:id/revoke' },
  signOut: { method: 'POST', path: '/admin/api/sign-out' },
  passkeys: { method: 'GET', path: '/admin/api/passkeys', answer: 'PasskeyList' },
  passkeyOptions: { method: 'POST', path: '/admin/api/passkeys/options', answer: 'PasskeyOptions' },
  addPasskey: { method: 'POST', path: '/admin/api/passkeys', input: 'NewPasskey' },
  removePasskey: { method: 'POST', path: '/admin/api/passkeys/:id/remove' },
  audit: { method: 'GET', path: '/admin/api/audit', answer: 'AuditLog' },
  signups: { method: 'GET', path: '/admin/api/signups', input: 'SignupListQuery', answer: 'SignupPage' },
  signupStats: { method: 'GET', path: '/admin/api/signups/stats', input: 'SignupStatsQuery', answer: 'SignupStats' },
  signupsExport: { method: 'GET', path: '/admin/api/signups/export', input: 'PageQuery' },
  sendWelcome: {
    method: 'POST',
    path: '/admin/api/signups/send-welcome',
    input: 'EmailRequest',
    answer: 'SendWelcomeResult',
  },
  suppressions: { method: 'GET', path: '/admin/api/suppressions', answer: 'SuppressionCount' },
  liftSuppression: {
    method: 'POST',
    path: '/admin/api/suppressions/lift',
    input: 'EmailRequest',
    answer: 'LiftResult',
  },
  inbox: { method: 'GET', path: '/admin/api/inbox', input: 'InboxQuery', answer: 'InboxPage' },
  markHandled: { method: 'POST', path: '/admin/api/inbox/:id/handled' },
  reopen: { method: 'POST', path: '/admin/api/inbox/:id/reopen' },
  invitations: { method: 'GET', path: '/admin/api/invitations', answer: 'InvitationSummary' },
  invitationPreview: {
    method: 'GET',
    path: '/admin/api/invitations/preview',
    input: 'InvitationPreviewQuery',
    answer: 'InvitationPreview',
  },
  invite: { method: 'POST', path: '/admin/api/invitations/confirm', input: 'InviteRequest', answer: 'InviteResult' },
  storeExport: { method: 'GET', path: '/admin/api/invitations/export', input: 'StoreExportQuery' },
  testerMessages: { method: 'GET', path: '/admin/api/tester-messages', answer: 'TesterMessagesOverview' },
  sendTesterMessage: {
    method: 'POST',
    path: '/admin/api/tester-messages',
    input: 'SendTesterMessageRequest',
    answer: 'SendTesterMessageResult',
  },
  feedback: { method: 'GET', path: '/admin/api/feedback', input: 'FeedbackQuery', answer: 'FeedbackPage' },
  setBuildLabel: {
    method: 'POST',
    path: '/admin/api/feedback/build-label',
    input: 'BuildLabelRequest',
    answer: 'BuildLabel',
  },
  feedbackExport: { method: 'GET', path: '/admin/api/feedback/export', input: 'FeedbackQuery' },
  playTesting: { method: 'GET', path: '/admin/api/play-testing', answer: 'PlayTestingSummary' },
  nudge: { method: 'POST', path: '/admin/api/play-testing/nudge', answer: 'NudgeResult' },
  erase: { method: 'POST', path: '/admin/api/people/erase', input: 'EmailRequest', answer: 'EraseResult' },
  personData: { method: 'GET', path: '/admin/api/people/data', input: 'PersonDataQuery', answer: 'PersonData' },
  launch: { method: 'GET', path: '/admin/api/launch', input: 'LaunchQuery', answer: 'LaunchReport' },
  emailQueue: { method: 'GET', path: '/admin/api/email-queue', answer: 'EmailQueueState' },
  launchReadiness: { method: 'GET', path: '/admin/api/launch-readiness', answer: 'LaunchReadiness' },
  setExpectedSignups: {
    method: 'POST',
    path: '/admin/api/launch-readiness/expected',
    input: 'ExpectedSignupsRequest',
    answer: 'LaunchReadiness',
  },
  backups: { method: 'GET', path: '/admin/api/backups', answer: 'BackupStatus' },
  // The body is the CSV file itself (text/csv), the options are the query (ImportQuery).
  importSignups: { method: 'POST', path: '/admin/api/signups/import', answer: 'ImportResult' },
  launchExport: { method: 'GET', path: '/admin/api/launch/export', input: 'LaunchQuery' },
  saveChannel: { method: 'POST', path: '/admin/api/launch/channels', input: 'ChannelRequest', answer: 'ChannelSaved' },
  deleteChannel: { method: 'POST', path: '/admin/api/launch/channels/:id/delete' },
  webhooks: { method: 'GET', path: '/admin/api/integrations/webhooks', answer: 'EndpointList' },
  createWebhook: {
    method: 'POST',
    path: '/admin/api/integrations/webhooks',
    input: 'EndpointRequest',
    answer: 'EndpointSecret',
  },
  updateWebhook: {
    method: 'POST',
    path: '/admin/api/integrations/webhooks/:id',
    input: 'EndpointRequest',
    answer: 'EndpointView',
  },
  deleteWebhook: { method: 'POST', path: '/admin/api/integrations/webhooks/:id/delete' },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/admin/api/integrations/webhooks/:id/rotate',
    answer: 'EndpointSecret',
  },
  testWebhook: { method: 'POST', path: '/admin/api/integrations/webhooks/:id/test' },
  webhookLog: { method: 'GET', path: '/admin/api/integrations/webhooks/:id/log', answer: 'DeliveryLog' },
  replayWebhook: {
    method: 'POST',
    path: '/admin/api/integrations/webhooks/:id/replay',
    input: 'ReplayRequest',
    answer: 'ReplayResult',
  },
  apiTokens: { method: 'GET', path: '/admin/api/integrations/tokens', answer: 'ApiTokenList' },
  createApiToken: {
    method: 'POST',
    path: '/admin/api/integrations/tokens',
    input: 'ApiTokenRequest',
    answer: 'ApiTokenCreated',
  },
  revokeApiToken: { method: 'POST', path: '/admin/api/integrations/tokens/:id/revoke', answer: 'ApiTokenView' },
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof endpoints

/** An endpoint's path with its `:id` filled in (encoded). */
export function endpointPath(e: Endpoint, id?: string | number): string {
  return id === undefined ? e.path : e.path.replace(':id', encodeURIComponent(String(id)))
}

type RoutePath<P> = P extends `/admin/api${infer R}` ? R : P extends `/admin${infer R}` ? R : never

/**
 * The path a route registers under its mount (a literal type, for its params): the API's under
 * /admin/api, the sign-in calls' under /admin, beside the sign-in link's page.
 */
export function routePath<E extends Endpoint>(e: E): RoutePath<E['path']> {
  const mount = e.path.startsWith('/admin/api/') ? '/admin/api' : paths.console.prefix
  return e.path.slice(mount.length) as RoutePath<E['path']>
}
