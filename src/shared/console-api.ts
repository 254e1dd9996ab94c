// The console's API under /admin/api (and the sign-in calls under /admin/auth), one contract for
// both sides: each feature's schemas are in its shared module, `src/shared/<feature>.ts` (the
// generic parts in console-common.ts). The server parses each query and body with these schemas,
// and the console types each answer with them. Answers are strict objects, so that a field added
// on one side alone fails src/server/features/console/contract.test.ts.
// This file only names them all, for the endpoint table (console-endpoints.ts) and that test.
// docs/decisions/owner-console.md
export * from './console-common.ts'
export * from './signups.ts'
export * from './contact.ts'
export * from './owner-auth.ts'
export * from './invitations.ts'
export * from './tester-messages-contract.ts'
export {
  BuildLabel,
  BuildLabelRequest,
  FeedbackEntry,
  FeedbackPlatform,
  FeedbackPage,
  FeedbackQuery,
  FeedbackSummaryRow,
} from './feedback.ts'
export { NudgeResult, PlayTester, PlayTestingSummary } from './play-testing.ts'
export * from './data-access.ts'
export { ChannelRequest, ChannelSaved, LaunchQuery, LaunchReport } from './launch-analytics.ts'
export { EmailQueueState } from './email-queue.ts'
export { ExpectedSignupsRequest, LaunchReadiness } from './launch-readiness.ts'
export { BackupStatus, ImportQuery, ImportResult } from './backups.ts'
export {
  DeliveryAttempt,
  DeliveryLog,
  EndpointList,
  EndpointRequest,
  EndpointSecret,
  EndpointView,
  ReplayRequest,
  ReplayResult,
} from './outbound-events.ts'
export { ApiTokenCreated, ApiTokenList, ApiTokenRequest, ApiTokenView } from './api-tokens.ts'
