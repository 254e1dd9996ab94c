import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../db/db.ts'
import { DB_KINDS, testApp, testDb, truncateAll } from '../test-app.ts'

// `/beta/feedback?token=UUID.` (a mail client took the full stop into the link).

describe.each(DB_KINDS)('token links next to punctuation on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  test('the feedback and unsubscribe pages ignore trailing . , ; : ! ? ) > \' " (typed or encoded)', async () => {
    await db.query(`insert into public.beta_signups (email, confirmed_at) values ('tess@example.com', now())`)
    const t = (
      await db.query<{ f: string; u: string }>(
        'select feedback_token::text as f, unsubscribe_token::text as u from public.beta_signups',
      )
    ).rows[0]!
    const app = testApp(db)
    for (const [path, token] of [
      ['/beta/feedback', t.f],
      ['/unsubscribe', t.u],
    ] as const) {
      const clean = `${path}?token=${token}`
      expect((await app.request(clean)).status, clean).toBe(200)
      for (const tail of ['.', ',', ';', ':', '!', '?', ')', '>', "'", '"', '%22', '%3E', ').', '%2E']) {
        const res = await app.request(`${clean}${tail}`)
        expect(res.status, tail).toBe(308)
        expect(res.headers.get('location'), tail).toBe(clean)
        expect((await app.request(res.headers.get('location')!)).status).toBe(200)
      }
    }
    // A POST is not redirected (its form carries the clean token), and an unknown token stays unknown.
    expect((await app.request(`/beta/feedback?token=${t.f.slice(0, -1)}0.`)).status).toBe(308)
    expect((await app.request(`/beta/feedback?token=00000000-0000-0000-0000-000000000000`)).status).toBe(404)
  })
})
