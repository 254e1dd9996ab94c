import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Db } from '../db/db.ts'
import { DB_KINDS, testDb } from '../test-app.ts'
import { EMAIL_KINDS } from './kinds.ts'

// Kinds are added by several migrations, each redefining the table's check constraint: a kind
// with a builder that the constraint refuses would fail only when such an email is first queued.
describe.each(DB_KINDS)('email kinds on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())

  test.each(Object.keys(EMAIL_KINDS))('the queue accepts a %s email', async (emailKind) => {
    const rollback = new Error('rollback')
    const attempt = db.transaction(async (tx) => {
      await tx.query(
        `insert into app_private.email_queue (kind, to_email, dedupe_key) values ($1, 'a@example.com', 'kinds-test')`,
        [emailKind],
      )
      throw rollback
    })
    await expect(attempt).rejects.toBe(rollback)
  })
})
