import { expect, test } from 'vitest'
import { ApiError } from '../../shared/http/errors.ts'
import type { Db } from './db.ts'
import { deferredDb, STARTING_RETRY_AFTER_S, withRetryAfterWhileStarting } from './deferred.ts'

// Nothing is answered from a database that is not open and migrated yet; a request
// waits a while, then gets PostgREST's 503 and a time to come back.

const fakeDb = { query: async () => ({ rows: [{ ok: 1 }], rowCount: 1 }) } as unknown as Db

test('a call waits for the database, and past the wait gets a PostgREST-shaped 503', async () => {
  let open: (db: Db) => void = () => {}
  const db = deferredDb(new Promise<Db>((resolve) => (open = resolve)), { waitMs: 50 })
  expect(db.isReady()).toBe(false)
  const err = await db.query('select 1').catch((e: unknown) => e)
  expect(err).toBeInstanceOf(ApiError)
  expect(err).toMatchObject({
    status: 503,
    body: { code: 'PGRST002', message: 'The database is still starting', details: null, hint: expect.any(String) },
  })
  // One that arrives while it opens within the wait is answered.
  const waiting = db.query('select 1')
  open(fakeDb)
  expect((await waiting).rows).toEqual([{ ok: 1 }])
  expect(db.isReady()).toBe(true)
})

test('503s carry Retry-After while the database starts, and only then', async () => {
  let ready = false
  const fetch = withRetryAfterWhileStarting(
    (req: Request) => new Response('{}', { status: new URL(req.url).pathname === '/down' ? 503 : 200 }),
    () => ready,
  )
  const down = await fetch(new Request('http://x/down'), undefined)
  expect(down.status).toBe(503)
  expect(down.headers.get('retry-after')).toBe(String(STARTING_RETRY_AFTER_S))
  expect((await fetch(new Request('http://x/up'), undefined)).headers.get('retry-after')).toBeNull()
  ready = true
  expect((await fetch(new Request('http://x/down'), undefined)).headers.get('retry-after')).toBeNull()
})
