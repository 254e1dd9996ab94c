import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Db } from '../db/db.ts'
import { DB_KINDS, testDb } from '../test-app.ts'
import { contactOwner } from '../../emails/contact-owner.kind.ts'
import { contactOwnerSummary } from '../../emails/contact-owner-summary.kind.ts'
import { feedbackOwner } from '../../emails/feedback-owner.kind.ts'
import { invitation } from '../../emails/invitation.kind.ts'
import { testerMessage } from '../../emails/tester-message.kind.ts'

// A trigger that queues or paces emails takes the kinds' names as its arguments (given where the
// trigger is created, never inside its function): they must be the kinds' own names, or the worker
// would find no kind for a row, or pace nothing. docs/decisions/email-queue.md

describe.each(DB_KINDS)('kinds named by triggers on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())

  const argsOf = async (trigger: string) => {
    const r = await db.query<{ args: string }>(
      `select encode(tgargs, 'escape') as args from pg_trigger where tgname = $1`,
      [trigger],
    )
    return r.rows[0]!.args.split('\\000').filter(Boolean)
  }

  test("the owner notifications' triggers name the owner copy's and the summary's kinds", async () => {
    expect(await argsOf('contact_messages_after_insert')).toEqual([contactOwner.kind, contactOwnerSummary.kind])
    expect(await argsOf('beta_feedback_after_insert')).toEqual([feedbackOwner.kind, contactOwnerSummary.kind])
  })

  test('the pacing triggers name the paced kinds: invitations and messages to testers', async () => {
    expect(await argsOf('email_queue_pace_invitations')).toEqual([invitation.kind])
    expect(await argsOf('email_queue_pace_messages')).toEqual([testerMessage.kind])
  })
})
