import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import {
  asOwner,
  linkToken,
  ORIGIN,
  OWNER,
  ownerApp,
  postLink,
  signIn,
  truncateOwner,
} from '../owner-auth/test-owner.ts'
import { DB_KINDS, fromAddress, testDb } from '../../test-app.ts'

// The console's routes that work without a session (and its API, before the
// session lookup) sit behind an in-memory limit per client address, and a 429 costs no database work.

/** The same database, counting every statement sent through it. */
function counting(db: Db): { db: Db; statements: () => number } {
  let n = 0
  const count =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    (...a: A) => {
      n += 1
      return fn(...a)
    }
  const wrapped: Db = {
    query: count(db.query.bind(db)) as Db['query'],
    exec: count(db.exec.bind(db)),
    asAnon: count(db.asAnon.bind(db)) as Db['asAnon'],
    transaction: count(db.transaction.bind(db)) as Db['transaction'],
    close: () => db.close(),
  }
  return { db: wrapped, statements: () => n }
}

const json = (body: unknown, cookie?: string): RequestInit => ({
  method: 'POST',
  headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
})

describe.each(DB_KINDS)('the console’s rate limits on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateOwner(db))

  test('sign-in routes: past the limit, a 429 in PostgREST shape with Retry-After, and no database work', async () => {
    const spy = counting(db)
    const app = await ownerApp(spy.db, { RATE_LIMIT_SIGN_IN_PER_MINUTE: 4, RATE_LIMIT_SIGN_IN_PER_HOUR: 100 })
    const client = fromAddress('198.51.100.7')
    const token = await linkToken(db)
    const calls: [string, RequestInit][] = [
      ['/admin/auth/passkey/options', json({})],
      ['/admin/auth/email', json({ email: OWNER })],
      ['/admin/auth/passkey', json({})],
      [`/admin/sign-in?token=${encodeURIComponent(token)}`, {}],
    ]
    for (const [path, init] of calls) expect((await app.request(path, init, client)).status, path).toBeLessThan(429)
    const before = spy.statements()
    for (const [path, init] of [...calls, ['/admin/auth/link', {}] as [string, RequestInit]]) {
      const res =
        path === '/admin/auth/link' ? await postLink(app, token, ORIGIN, client) : await app.request(path, init, client)
      expect(res.status, path).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await res.json()).toMatchObject({
        code: 'RATE_LIMITED',
        details: expect.stringContaining('admin-sign-in'),
      })
    }
    expect(spy.statements()).toBe(before)
    // Another address is not affected.
    expect((await app.request('/admin/auth/passkey/options', json({}), fromAddress('198.51.100.8'))).status).toBe(200)
  })

  test('the API: a cookie past the limit is refused before its session is looked up', async () => {
    const spy = counting(db)
    const app = await ownerApp(spy.db, { RATE_LIMIT_CONSOLE_PER_MINUTE: 3, RATE_LIMIT_CONSOLE_PER_HOUR: 100 })
    const cookie = await signIn(app, db)
    const client = fromAddress('198.51.100.9')
    for (let i = 0; i < 3; i++) expect((await app.request('/admin/api/me', asOwner(cookie), client)).status).toBe(200)
    const before = spy.statements()
    for (let i = 0; i < 5; i++) {
      const res = await app.request('/admin/api/me', asOwner(cookie), client)
      expect(res.status).toBe(429)
      expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED', details: expect.stringContaining('admin-api') })
    }
    expect(spy.statements()).toBe(before)
  })

  test('the shared attempt counter stops counting once it refuses', async () => {
    const app = await ownerApp(db, { OWNER_SIGN_IN_ATTEMPTS: 2 })
    for (let i = 0; i < 5; i++) await app.request('/admin/auth/email', json({ email: 'x@example.com' }))
    const r = await db.query<{ count: number }>('select count from app_private.owner_attempts')
    expect(r.rows.map((x) => Number(x.count))).toEqual([2])
  })
})
