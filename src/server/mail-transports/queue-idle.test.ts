import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../db/db.ts'
import { DB_KINDS, silentLogger, testDb, truncateAll } from '../test-app.ts'
import { createEmailQueue } from '../../mail-core/queue.ts'
import type { Transport } from './transport.ts'

// With an empty queue the worker looked for work every 10 ms instead of every poll
// interval (PostgreSQL's greatest(0, NULL) is 0). Idle must cost one claim per interval.
const POLL_MS = 200
const WATCH_MS = 1_500
const config = {
  EMAIL_FROM: 'Beta Team <hello@localhost>',
  PUBLIC_URL: 'https://launch.example',
  EMAIL_POLL_INTERVAL_MS: POLL_MS,
  EMAIL_MAX_ATTEMPTS: 3,
  EMAIL_RETRY_BASE_MS: 60_000,
  EMAIL_RETRY_MAX_MS: 600_000,
  EMAIL_LEASE_MS: 60_000,
}

const neverCalled: Transport = {
  name: 'never',
  send: () => Promise.reject(new Error('nothing should be sent')),
  close: async () => {},
}

/** The same database, counting the statements that reach it. */
function counting(db: Db): Db & { statements: string[] } {
  const statements: string[] = []
  return {
    ...db,
    statements,
    query: (sql, params) => (statements.push(sql), db.query(sql, params)),
    exec: (sql) => (statements.push(sql), db.exec(sql)),
    asAnon: (sql, params) => (statements.push(sql), db.asAnon(sql, params)),
    transaction: (fn) => (statements.push('begin'), db.transaction(fn)),
  }
}

const claims = (statements: string[]) => statements.filter((s) => /update app_private\.email_queue q/.test(s)).length

describe.each(DB_KINDS)('an idle email worker on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  async function watch(): Promise<string[]> {
    const watched = counting(db)
    const queue = createEmailQueue({ db: watched, transport: neverCalled, logger: silentLogger, config })
    queue.start()
    await new Promise((r) => setTimeout(r, WATCH_MS))
    await queue.stop()
    return watched.statements
  }

  test('with an empty queue it claims once per poll interval, no more', async () => {
    const statements = await watch()
    // One pass at start, then one per interval; a little slack for timer drift.
    expect(claims(statements)).toBeGreaterThanOrEqual(2)
    expect(claims(statements)).toBeLessThanOrEqual(WATCH_MS / POLL_MS + 2)
    expect(statements.length).toBeLessThanOrEqual(2 * (WATCH_MS / POLL_MS + 2))
  })

  test('an email waiting for a later retry does not make it poll faster', async () => {
    await db.query("insert into public.beta_signups (email) values ('ada@example.com')")
    await db.query(
      `insert into app_private.email_queue (kind, to_email, dedupe_key, next_attempt_at)
       values ('welcome', 'ada@example.com', 'welcome:ada@example.com', now() + interval '1 hour')`,
    )
    const statements = await watch()
    expect(claims(statements)).toBeLessThanOrEqual(WATCH_MS / POLL_MS + 2)
  })
})
