import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Db } from '../db/db.ts'
import { DB_KINDS, testApp, testDb } from '../test-app.ts'
import { healthRoutes } from './health.ts'

/** The database with its `select 1` pings counted; `hang` makes the next pings wait until released. */
function counted(db: Db) {
  let pings = 0
  let gate: Promise<void> | undefined
  let release = () => {}
  const wrapped: Db = {
    query: async (sql, params) => {
      if (sql === 'select 1') {
        pings++
        if (gate) await gate
      }
      return db.query(sql, params)
    },
    exec: (sql) => db.exec(sql),
    asAnon: (sql, params) => db.asAnon(sql, params),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  }
  return {
    db: wrapped,
    pings: () => pings,
    hang: () => (gate = new Promise((resolve) => (release = () => ((gate = undefined), resolve())))),
    release: () => release(),
  }
}

const flood = async (request: () => Promise<Response> | Response, n: number) =>
  (await Promise.all(Array.from({ length: n }, () => request()))).map((r) => r.status)

describe.each(DB_KINDS)('/healthz on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())

  test('a flood through the whole app costs one query: concurrent callers share it, later ones get its result', async () => {
    const c = counted(db)
    const app = testApp(c.db)
    const statuses = await flood(() => app.request('/healthz'), 200)
    expect(new Set(statuses)).toEqual(new Set([200]))
    expect(c.pings()).toBe(1)
    expect(await flood(() => app.request('/healthz'), 50)).toEqual(Array(50).fill(200))
    expect(c.pings()).toBe(1)
  })

  test('the answer is at most one second old', async () => {
    const c = counted(db)
    let t = 1_000_000
    const app = healthRoutes(c.db, { now: () => t })
    expect((await app.request('/healthz')).status).toBe(200)
    t += 999
    expect((await app.request('/healthz')).status).toBe(200)
    expect(c.pings()).toBe(1)
    t += 1
    expect(await flood(() => app.request('/healthz'), 20)).toEqual(Array(20).fill(200))
    expect(c.pings()).toBe(2)
    const res = await app.request('/healthz')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  test('a database that does not answer in time is 503, and holds one query however many probes come', async () => {
    const c = counted(db)
    let t = 1_000_000
    const app = healthRoutes(c.db, { now: () => t, timeoutMs: 50 })
    c.hang()
    expect(await flood(() => app.request('/healthz'), 20)).toEqual(Array(20).fill(503))
    t += 5_000
    // Past the timeout and past the result's age: the stuck query is shared, not repeated.
    expect(await flood(() => app.request('/healthz'), 20)).toEqual(Array(20).fill(503))
    expect(c.pings()).toBe(1)
    // When the stuck query finally answers, the next probe hears it at once.
    // The clock stands still, so a 200 can only come from the late answer, not from a new query.
    // How soon the real database answers depends on the machine's load: wait for it, boundedly.
    c.release()
    await vi.waitFor(async () => expect((await app.request('/healthz')).status).toBe(200), { timeout: 5_000 })
    expect(c.pings()).toBe(1)
  })
})

test('a failing database is 503, at most one query a second', async () => {
  let pings = 0
  const broken = {
    query: () => {
      pings++
      return Promise.reject(new Error('connection refused'))
    },
  } as unknown as Db
  let t = 0
  const app = healthRoutes(broken, { now: () => t })
  expect(await flood(() => app.request('/healthz'), 20)).toEqual(Array(20).fill(503))
  expect(await flood(() => app.request('/healthz'), 20)).toEqual(Array(20).fill(503))
  expect(pings).toBe(1)
  t += 1_000
  expect((await app.request('/healthz')).status).toBe(503)
  expect(pings).toBe(2)
})
