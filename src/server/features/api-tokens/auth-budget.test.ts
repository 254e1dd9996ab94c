import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DB_KINDS, fromAddress, testDb } from '../../test-app.ts'
import { asOwner, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'

// Unknown tokens cost a lookup each; past a per-address budget of failures the answer is a 429
// without one, while a token that worked lately from that address still works.
// docs/decisions/api-tokens.md

const made = () => `lp_${randomBytes(32).toString('base64url')}`

describe.each(DB_KINDS)('failed API authentications on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateOwner(db))

  test('past the budget an address gets 429 in PostgREST shape with no further lookup; a known token still works', async () => {
    let lookups = 0
    const spy: Db = {
      ...db,
      query: (sql, params) => {
        if (/from app_private\.api_tokens\s+where token_hash/.test(sql)) lookups++
        return db.query(sql, params)
      },
    }
    // The hour's window alone: no refill while the test runs.
    const app = await ownerApp(spy, {
      RATE_LIMIT_BAD_TOKEN_PER_MINUTE: 0,
      RATE_LIMIT_BAD_TOKEN_PER_HOUR: 5,
    })
    const cookie = await signIn(app, db)
    const create = async () => {
      const res = await app.request(
        '/admin/api/integrations/tokens',
        asOwner(cookie, { method: 'POST', body: { name: 'Dashboard', scopes: ['stats:read'] } }),
      )
      return ((await res.json()) as { secret: string }).secret
    }
    const call = (token: string, ip = '203.0.113.9') =>
      app.request('/api/v1/stats', { headers: { authorization: `Bearer ${token}` } }, fromAddress(ip))
    const good = await create()
    const fresh = await create()
    expect((await call(good)).status).toBe(200)
    lookups = 0

    for (let i = 0; i < 5; i++) expect((await call(made())).status).toBe(401)
    expect(lookups).toBe(5)
    for (let i = 0; i < 50; i++) {
      const res = await call(made())
      expect(res.status).toBe(429)
      if (i === 0) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(await res.json()).toMatchObject({
          code: 'RATE_LIMITED',
          hint: expect.any(String),
          details: expect.any(String),
        })
      }
    }
    expect(lookups).toBe(5)

    // The token that worked from here still does; one never seen from here waits like a stranger's.
    expect((await call(good)).status).toBe(200)
    expect((await call(fresh)).status).toBe(429)
    // Another address has its own budget.
    expect((await call(made(), '198.51.100.9')).status).toBe(401)
    expect((await call(fresh, '198.51.100.9')).status).toBe(200)
  })
})
