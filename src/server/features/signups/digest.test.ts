import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DB_KINDS, silentLogger, testDb, truncateAll } from '../../test-app.ts'
import { createSignupDigest, msUntilHour, queueSignupDigest } from './digest.ts'
import { syncOwnerEmails } from '../owner-auth/owners.ts'

test('msUntilHour counts to the next occurrence of the hour, UTC', () => {
  const at = Date.UTC(2026, 10, 22, 7, 30)
  expect(msUntilHour(at, 8)).toBe(30 * 60_000)
  expect(msUntilHour(at, 7)).toBe(23.5 * 3_600_000)
  expect(msUntilHour(Date.UTC(2026, 10, 22, 8), 8)).toBe(0)
})

test('off by default: no timer is set at all', () => {
  vi.useFakeTimers()
  try {
    const digest = createSignupDigest({
      db: {} as Db,
      logger: silentLogger,
      config: { OWNER_DIGEST_HOUR: undefined },
      wakeEmailQueue: () => {},
    })
    digest.start()
    expect(vi.getTimerCount()).toBe(0)
  } finally {
    vi.useRealTimers()
  }
})

describe.each(DB_KINDS)('sign-up digest on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    await truncateAll(db)
    await syncOwnerEmails(db, ['owner@example.com'])
    await db.query(
      `insert into public.beta_signups (email, created_at) values
       ('a@example.com', '2026-11-21T01:00:00Z'), ('b@example.com', '2026-11-21T23:59:00Z'),
       ('c@example.com', '2026-11-22T00:00:00Z')`,
    )
  })
  afterAll(() => close())

  test("a day's figures are queued once per owner, however often it is asked", async () => {
    expect(await queueSignupDigest(db, '2026-11-21')).toBe(1)
    expect(await queueSignupDigest(db, '2026-11-21')).toBe(0)
    const r = await db.query<{ to_email: string; payload: unknown }>(
      "select to_email, payload from app_private.email_queue where kind = 'signup-digest'",
    )
    expect(r.rows).toEqual([{ to_email: 'owner@example.com', payload: { day: '2026-11-21', count: 2, total: 3 } }])
  })
})
