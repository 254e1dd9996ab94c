import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { MESSAGE_LIMITS } from '../../../shared/tester-messages.ts'
import { claimDueEmails } from '../../../mail-core/queue-rows.ts'
import { testerMessage } from '../../../emails/tester-message.kind.ts'
import type { Db } from '../../db/db.ts'
import { DB_KINDS, testDb } from '../../test-app.ts'
import { truncateOwner } from '../owner-auth/test-owner.ts'
import { audienceCounts, MESSAGE_BATCH, resumeTesterMessages, sendTesterMessage, type NewMessage } from './queries.ts'

// A message to a large group is queued in batches, its body stored once.

const LONGEST = `${'x'.repeat(MESSAGE_LIMITS.body - 20)} the end.`
const message = (): NewMessage => ({
  requestId: randomUUID(),
  audience: 'everyone',
  subject: 'A long one',
  body: LONGEST,
  storeLinks: false,
  actor: 'owner@example.com',
  intervalMs: 0,
})

// In statements of 2,000: the insert trigger takes one advisory lock per row, and a transaction
// holds only so many.
async function signUps(db: Db, n: number) {
  for (let from = 1; from <= n; from += 2_000)
    await db.query(
      `insert into public.beta_signups (email, confirmed_at) select 'p' || i || '@example.com', now()
       from generate_series($1::integer, $2::integer) i`,
      [from, Math.min(n, from + 1_999)],
    )
}

async function queueState(db: Db) {
  const r = await db.query<{ n: string | number; keys: string | number; longest: string | number }>(
    `select count(*) as n, count(distinct dedupe_key) as keys, max(length(payload::text)) as longest
     from app_private.email_queue where kind = 'message'`,
  )
  return { rows: Number(r.rows[0]!.n), keys: Number(r.rows[0]!.keys), longestPayload: Number(r.rows[0]!.longest) }
}

describe.each(DB_KINDS)('a message to a large group on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateOwner(db))

  const N = MESSAGE_BATCH * 2 + 500

  test('the body is stored once and each payload names the message; the email is built from the row', async () => {
    await signUps(db, N)
    expect((await audienceCounts(db)).everyone).toBe(N)
    const sent = await sendTesterMessage(db, message())
    expect(sent).toMatchObject({ created: true, recipients: N })
    const state = await queueState(db)
    expect(state).toMatchObject({ rows: N, keys: N })
    // A payload is a few dozen bytes, not the 10,000-character body.
    expect(state.longestPayload).toBeLessThan(200)
    const [claimed] = await claimDueEmails(db, 1, 60_000)
    const built = await testerMessage.build(claimed!, testerMessage.payload.parse(claimed!.payload), {
      EMAIL_FROM: 'Beta Team <hello@localhost>',
      PUBLIC_URL: 'https://launch.example',
    })
    expect('email' in built && built.email.text).toContain('the end.')
  })

  test('batches interrupted by a crash are finished once at the next start, each person once', async () => {
    await signUps(db, N)
    const sent = await sendTesterMessage(db, message())
    // As if the process died after the first batch committed.
    const cut = await db.query<{ id: string }>(
      `select s.id::text as id from public.beta_signups s order by s.id offset $1 - 1 limit 1`,
      [MESSAGE_BATCH],
    )
    await db.query(
      `delete from app_private.email_queue where kind = 'message'
       and split_part(dedupe_key, ':', 3)::bigint > $1::bigint`,
      [cut.rows[0]!.id],
    )
    await db.query(`update app_private.group_messages set queued_through = $2::bigint, queued = $3 where id = $1`, [
      sent.id,
      cut.rows[0]!.id,
      MESSAGE_BATCH,
    ])
    expect((await queueState(db)).rows).toBe(MESSAGE_BATCH)
    expect(await resumeTesterMessages(db)).toBe(1)
    expect(await queueState(db)).toMatchObject({ rows: N, keys: N })
    // Finished: nothing left to resume, and a repeat of the request queues nobody again.
    expect(await resumeTesterMessages(db)).toBe(0)
    const again = await sendTesterMessage(db, { ...message(), requestId: randomUUID() })
    expect(again).toMatchObject({ created: false, id: sent.id, reason: 'same-text' })
    expect((await queueState(db)).rows).toBe(N)
  })
})

describe('a message to a group too large for one statement', () => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb('postgres'))
  })
  afterAll(() => close())

  // Before the batches, 30,000 copies of the longest body in one JSON parameter passed PostgreSQL's
  // jsonb limit (about 256 MB): a 500 on every retry.
  test('30,000 recipients of the longest body are queued, once each', { timeout: 120_000 }, async () => {
    await truncateOwner(db)
    await signUps(db, 30_000)
    expect(await sendTesterMessage(db, message())).toMatchObject({ created: true, recipients: 30_000 })
    expect(await queueState(db)).toMatchObject({ rows: 30_000, keys: 30_000 })
  })
})
