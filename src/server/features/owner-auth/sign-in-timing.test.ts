import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { ORIGIN, OWNER, ownerApp, truncateOwner } from './test-owner.ts'
import { DB_KINDS, testDb } from '../../test-app.ts'

// Whether an address is an owner's showed in the answer time of
// POST /admin/auth/email (9.4 ms against 5.4 ms). Not a timed test: it checks that the answer is
// complete before any of the owner's work starts, by the database statements each answer cost.
// The timing itself is measured by bench/sign-in-timing.ts.

/** The same database, logging each statement's first words as it is sent, and each transaction's end. */
function logging(db: Db, log: string[]): Db {
  const note = (sql: string) => log.push(sql.trim().split(/\s+/).slice(0, 4).join(' '))
  return {
    query: ((sql: string, params?: unknown[]) => (note(sql), db.query(sql, params))) as Db['query'],
    exec: (sql) => (note(sql), db.exec(sql)),
    asAnon: ((sql: string, params?: unknown[]) => (note(sql), db.asAnon(sql, params))) as Db['asAnon'],
    transaction: (fn) =>
      db
        .transaction((tx) => fn({ query: (sql, p) => (note(sql), tx.query(sql, p)), exec: tx.exec }))
        .finally(() => log.push('transaction ended')),
    close: () => db.close(),
  }
}

async function waitUntil(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe.each(DB_KINDS)('POST /admin/auth/email costs the same for any address on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateOwner(db))

  test('the answer is sent before the owner’s database work, which then queues the link', async () => {
    const log: string[] = []
    const app = await ownerApp(logging(db, log))
    const ask = async (email: string) => {
      log.length = 0
      const res = await app.request('/admin/auth/email', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      })
      // What the request did before its answer was complete, in order.
      const before = [...log]
      // Then the work after the answer, to its end.
      await waitUntil('the work after the answer', async () => log.includes('transaction ended'))
      return { res, before, after: log.slice(before.length) }
    }
    // The window's first attempt also prunes old windows: not part of the comparison.
    await ask('warm-up@example.com')
    const stranger = await ask('stranger@example.com')
    const owner = await ask(OWNER)
    expect(owner.res.status).toBe(202)
    expect(stranger.res.status).toBe(202)
    expect(await owner.res.text()).toBe(await stranger.res.text())
    // Before the answer: the same statements (the shared attempt counter), nothing of the owner's.
    expect(owner.before).toEqual(stranger.before)
    expect(owner.before.join('\n')).not.toMatch(/email_queue|owner_keys|advisory/)
    // After it: the same statements again, the owner's committed and the stranger's rolled back.
    expect(owner.after.filter((s) => !s.includes('owner_keys'))).toEqual(stranger.after)
    expect(owner.after.join('\n')).toMatch(/insert into app_private.email_queue/)
    const queued = await db.query<{ to_email: string }>('select to_email from app_private.email_queue')
    expect(queued.rows).toEqual([{ to_email: OWNER }])
  })
})
