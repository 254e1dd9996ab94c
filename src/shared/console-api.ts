// The console's API under /admin/api (and the sign-in calls under /admin/auth), one contract for
// both sides, one file per feature in console-api/: the server parses each query and body with
// these schemas, and the console types each answer with them. Answers are strict objects, so that a
// field added on one side alone fails src/server/features/console/contract.test.ts.
// This file only names them all, for the endpoint table (console-endpoints.ts) and that test.
// docs/decisions/owner-console.md
export * from './console-api/common.ts'
export * from './console-api/signups.ts'
export * from './console-api/contact.ts'
export * from './console-api/owner-auth.ts'
export * from './console-api/invitations.ts'
export * from './console-api/tester-messages.ts'
export * from './console-api/feedback.ts'
export * from './console-api/play-testing.ts'
export * from './console-api/data-access.ts'
export * from './console-api/launch-analytics.ts'
