import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Db } from './db/db.ts'
import { anonJson, count, DB_KINDS, testApp, testDb } from './test-app.ts'

const SUPABASE_NO_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
}
const SUPABASE_BAD_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
}

describe.each(DB_KINDS)('gateway behaviour on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let app: ReturnType<typeof testApp>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    app = testApp(db)
  })
  afterAll(() => close())

  test.each(['/rest/v1/beta_signups', '/functions/v1/resend-email'])(
    '%s without a key is 401 with Supabase’s body',
    async (path) => {
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":"a@b.co"}',
      })
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ ...SUPABASE_NO_KEY, details: null, code: expect.any(String) })
      expect(await count(db, 'public.beta_signups')).toBe(0)
    },
  )

  test.each([
    ['a wrong apikey header', { apikey: 'nope' }],
    ['a wrong bearer token', { authorization: 'Bearer nope' }],
    ['a right apikey with a wrong bearer token', { apikey: 'local-anon-key-not-secret', authorization: 'Bearer nope' }],
  ])('%s is 401 with Supabase’s body', async (_label, headers) => {
    const res = await app.request('/rest/v1/beta_signups', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{"email":"a@b.co"}',
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ ...SUPABASE_BAD_KEY, details: null })
    expect(await count(db, 'public.beta_signups')).toBe(0)
  })

  test('the key alone in the apikey header, or alone as a bearer token, is enough', async () => {
    const viaHeader = await app.request('/rest/v1/beta_signups', {
      method: 'POST',
      headers: { apikey: 'local-anon-key-not-secret', 'content-type': 'application/json' },
      body: '{"email":"h@b.co"}',
    })
    const viaBearer = await app.request('/rest/v1/beta_signups', {
      method: 'POST',
      headers: { authorization: 'Bearer local-anon-key-not-secret', 'content-type': 'application/json' },
      body: '{"email":"b@b.co"}',
    })
    expect([viaHeader.status, viaBearer.status]).toEqual([201, 201])
  })

  test.each(['/rest/v1/beta_signups', '/functions/v1/resend-email'])(
    'a CORS preflight to %s is answered like Supabase',
    async (path) => {
      const res = await app.request(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'apikey, authorization, content-type, x-client-info, prefer',
        },
      })
      expect([200, 204]).toContain(res.status)
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      const allowed = res.headers
        .get('access-control-allow-headers')!
        .toLowerCase()
        .split(',')
        .map((h) => h.trim())
      for (const h of [
        'authorization',
        'x-client-info',
        'apikey',
        'content-type',
        'prefer',
        'x-supabase-api-version',
        'accept-profile',
        'content-profile',
        'x-region',
      ]) {
        expect(allowed).toContain(h)
      }
      expect(res.headers.get('access-control-allow-methods')).toBe('GET,POST,PUT,PATCH,DELETE,OPTIONS')
    },
  )

  test('error answers carry CORS headers too, so the browser client can read them', async () => {
    const res = await app.request('/rest/v1/beta_signups', {
      method: 'POST',
      headers: { origin: 'https://example.com', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(401)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('healthz answers 200 while the database answers', async () => {
    const res = await app.request('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  test('an unknown function is Supabase’s 404', async () => {
    const res = await app.request('/functions/v1/nope', anonJson({}))
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Requested function was not found' })
  })
})

test('healthz answers 503 when the database is gone', async () => {
  const { db, close } = await testDb('pglite')
  const app = testApp(db)
  await close()
  const res = await app.request('/healthz')
  expect(res.status).toBe(503)
  expect(await res.json()).toEqual({ status: 'unavailable' })
})
