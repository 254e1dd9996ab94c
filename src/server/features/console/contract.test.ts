import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import type { z } from 'zod'
import * as Contract from '../../../shared/console-api.ts'
import type { Db } from '../../db/db.ts'
import { asOwner, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { testDb } from '../../test-app.ts'

// Issue 16: the console types each answer with src/shared/console-api.ts, and never checks them
// at run time. Here every GET answer, and each POST answer the console reads, is parsed with
// the same strict schema, so a field renamed or added on the server alone fails a test.

let db: Db
let close: () => Promise<void>
beforeAll(async () => {
  ;({ db, close } = await testDb('pglite'))
})
afterAll(() => close())
beforeEach(async () => {
  await truncateOwner(db)
  await db.query(
    `insert into public.beta_signups (email, platform, created_at, confirmed_at)
     select 'p' || i || '@example.com', (array['ios', 'android', 'unknown'])[i % 3 + 1], now() - make_interval(mins => i), now()
     from generate_series(1, 4) i`,
  )
  await db.query(
    `insert into public.contact_messages (name, email, subject, message) values ('Ann', 'ann@example.com', 'other', 'Hello')`,
  )
})

async function owner() {
  const app = await ownerApp(db, {
    BETA_IOS_URL: 'https://testflight.apple.com/join/AbCdEf12',
    BETA_ANDROID_URL: 'https://play.google.com/apps/testing/com.solodesk.app',
    INVITATION_INTERVAL_MS: 0,
  })
  const cookie = await signIn(app, db)
  const call = async <S extends z.ZodType>(schema: S, path: string, body?: unknown): Promise<z.infer<S>> => {
    const init = body === undefined ? asOwner(cookie) : asOwner(cookie, { method: 'POST', body })
    const res = await app.request(path, init)
    expect(res.status, path).toBeLessThan(300)
    const parsed = schema.safeParse(await res.json())
    expect(parsed.error?.issues ?? [], path).toEqual([])
    return parsed.data as z.infer<S>
  }
  return call
}

test('every answer the console reads matches the shared contract', async () => {
  const call = await owner()
  await call(Contract.Me, '/admin/api/me')
  const page = await call(Contract.SignupPage, '/admin/api/signups?q=&page=1&size=25&status=all&platform=all')
  expect(page.rows).toHaveLength(4)
  await call(Contract.SignupStats, '/admin/api/signups/stats?days=30')
  const inbox = await call(Contract.InboxPage, '/admin/api/messages?filter=all&page=1&size=20')
  expect(inbox.rows).toHaveLength(1)
  await call(Contract.SessionList, '/admin/api/sessions')
  await call(Contract.InvitationSummary, '/admin/api/invitations')
  const preview = await call(Contract.InvitationPreview, '/admin/api/invitations/preview?n=2&platform=all')
  expect(preview.rows).toHaveLength(2)
  const invited = await call(Contract.InviteResult, '/admin/api/invitations/confirm', {
    ids: preview.rows.map((r) => r.id),
  })
  expect(invited).toEqual({ invited: 2, skipped: 0 })
  const after = await call(Contract.SignupPage, '/admin/api/signups?status=invited')
  expect(after.rows.map((r) => r.status)).toEqual(['invited', 'invited'])
  await call(Contract.SuppressionCount, '/admin/api/suppressions')
  await call(Contract.LiftResult, '/admin/api/suppressions/lift', { email: 'nobody@example.com' })
  await call(Contract.PasskeyList, '/admin/api/passkeys')
  // Issue 18: messages to a group, and feedback.
  const overview = await call(Contract.MessagesOverview, '/admin/api/tester-messages')
  expect(overview.audiences.everyone).toBe(4)
  const sent = await call(Contract.SendMessageResult, '/admin/api/tester-messages', {
    requestId: '6f1c2a5e-3b7d-4c1e-9a2f-1d2e3f4a5b6c',
    audience: 'everyone',
    subject: 'Hello',
    body: 'Hi',
    storeLinks: false,
  })
  expect(sent).toMatchObject({ recipients: 4, created: true })
  expect((await call(Contract.MessagesOverview, '/admin/api/tester-messages')).messages).toHaveLength(1)
  await db.query(`insert into app_private.beta_feedback (email, rating, build) values ('ann@example.com', 4, '1.0')`)
  const feedback = await call(Contract.FeedbackPage, '/admin/api/feedback?platform=all')
  expect(feedback.rows).toHaveLength(1)
  await call(Contract.BuildLabel, '/admin/api/feedback/build-label', { label: '1.1' })
  // Issue 19: the 12 x 14 card, its nudge, and a person's data.
  const play = await call(Contract.PlayTestingSummary, '/admin/api/play-testing')
  expect(play.rule).toEqual({ required: 12, days: 14 })
  await call(Contract.NudgeResult, '/admin/api/play-testing/nudge', {})
  const data = await call(Contract.PersonData, '/admin/api/people/data?email=ann@example.com')
  expect(data.tables['public.contact_messages']).toHaveLength(1)
  await call(Contract.EraseResult, '/admin/api/people/erase', { email: 'ann@example.com' })
  const log = await call(Contract.AuditLog, '/admin/api/audit')
  expect(log.entries.length).toBeGreaterThan(0)
})

test('defaults and limits of the query schemas', async () => {
  expect(Contract.SignupListQuery.safeParse({ platform: 'windows' }).success).toBe(false)
  expect(Contract.InvitationPreviewQuery.safeParse({ n: String(Contract.MAX_INVITATION_BATCH + 1) }).success).toBe(
    false,
  )
  expect(Contract.SignupStatsQuery.parse({})).toEqual({ days: 30 })
  expect(Contract.SelectionQuery.parse({ q: '  a  ' })).toEqual({ status: 'all', platform: 'all', q: 'a' })
})
