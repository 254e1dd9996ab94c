import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import type { Db } from '../db/db.ts'
import { anonJson, count, fromAddress, NO_RATE_LIMITS, testApp, testDb, truncateAll } from '../test-app.ts'

// Rate limits and body limits through the whole app, with the client address given the way
// @hono/node-server gives it (the request's env), or in X-Forwarded-For behind a trusted proxy.
let db: Db
let close: () => Promise<void>
beforeAll(async () => {
  ;({ db, close } = await testDb('pglite'))
})
afterAll(() => close())
beforeEach(() => truncateAll(db))

const limitedApp = (config: Record<string, number> = {}) =>
  testApp(db, {
    config: { ...NO_RATE_LIMITS, RATE_LIMIT_SIGNUP_PER_MINUTE: 3, RATE_LIMIT_SIGNUP_PER_HOUR: 10, ...config },
  })
const signUp = (app: ReturnType<typeof testApp>, email: string, ip: string, headers: Record<string, string> = {}) =>
  app.request(
    '/rest/v1/beta_signups',
    anonJson({ email }, { headers: { origin: 'https://elsewhere.example', ...headers } }),
    fromAddress(ip),
  )

test('past the burst a client gets a PostgREST-shaped 429 with Retry-After, readable cross-origin, and nothing is stored', async () => {
  const app = limitedApp()
  for (let i = 0; i < 3; i++) expect((await signUp(app, `a${i}@example.com`, '203.0.113.7')).status).toBe(201)
  const res = await signUp(app, 'a3@example.com', '203.0.113.7')
  expect(res.status).toBe(429)
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(19)
  expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(20)
  expect(res.headers.get('access-control-allow-origin')).toBe('*')
  const body = await res.json()
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message'])
  expect(body).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many requests. Please try again in 20 seconds.' })
  expect(body.details).toBe('beta_signups: at most 3 per minute and 10 per hour from one address.')
  expect(await count(db, 'public.beta_signups')).toBe(3)
  // Another address is not affected.
  expect((await signUp(app, 'b@example.com', '198.51.100.9')).status).toBe(201)
})

test('requests with a wrong key or a bad body count too', async () => {
  const app = limitedApp()
  const bad = { headers: { apikey: 'wrong', authorization: 'Bearer wrong' } }
  for (let i = 0; i < 3; i++) {
    const res = await app.request('/rest/v1/beta_signups', anonJson({ email: 'x' }, bad), fromAddress('203.0.113.7'))
    expect(res.status).toBe(401)
  }
  expect((await signUp(app, 'a@example.com', '203.0.113.7')).status).toBe(429)
})

test('forged X-Forwarded-For headers do not escape the limit unless a proxy is trusted', async () => {
  const app = limitedApp()
  const statuses = []
  for (let i = 0; i < 5; i++)
    statuses.push((await signUp(app, `f${i}@example.com`, '203.0.113.7', { 'x-forwarded-for': `10.0.0.${i}` })).status)
  expect(statuses).toEqual([201, 201, 201, 429, 429])
})

test('behind a trusted proxy each client is counted by its own address, forged hops included', async () => {
  const app = limitedApp({ TRUST_PROXY: 1 })
  const via = (client: string, forged = '') => ({ 'x-forwarded-for': `${forged}${client}` })
  for (let i = 0; i < 3; i++)
    expect((await signUp(app, `p${i}@example.com`, '127.0.0.1', via('203.0.113.7', `10.9.9.${i}, `))).status).toBe(201)
  expect((await signUp(app, 'p3@example.com', '127.0.0.1', via('203.0.113.7', '8.8.8.8, '))).status).toBe(429)
  expect((await signUp(app, 'q@example.com', '127.0.0.1', via('198.51.100.9'))).status).toBe(201)
})

test('behind a trusted proxy that writes ports, each port is not a new client', async () => {
  const app = limitedApp({ TRUST_PROXY: 1 })
  const via = (entry: string) => ({ 'x-forwarded-for': entry })
  const statuses = []
  for (const [i, entry] of ['192.0.2.7:40001', '192.0.2.7:40002', '192.0.2.7', '192.0.2.7:40004'].entries())
    statuses.push((await signUp(app, `port${i}@example.com`, '127.0.0.1', via(entry))).status)
  expect(statuses).toEqual([201, 201, 201, 429])
  const v6 = []
  for (const [i, entry] of [
    '[2001:db8:1:2::1]:443',
    '[2001:db8:1:2::2]:444',
    '2001:db8:1:2::3',
    '[2001:db8:1:2::4]:1',
  ].entries())
    v6.push((await signUp(app, `six${i}@example.com`, '127.0.0.1', via(entry))).status)
  expect(v6).toEqual([201, 201, 201, 429])
})

test('X-Forwarded-For entries that are not addresses share the proxy’s bucket, never one of their own', async () => {
  const app = limitedApp({ TRUST_PROXY: 1 })
  const statuses = []
  for (const [i, entry] of ['unknown', 'junk-1', 'junk-2', 'junk-3', '10.0.0.1:x'].entries())
    statuses.push((await signUp(app, `junk${i}@example.com`, '127.0.0.9', { 'x-forwarded-for': entry })).status)
  expect(statuses).toEqual([201, 201, 201, 429, 429])
  // A real client behind the same proxy still has its own bucket.
  expect((await signUp(app, 'real@example.com', '127.0.0.9', { 'x-forwarded-for': '198.51.100.9:5' })).status).toBe(201)
})

test('one IPv6 /64 is one client', async () => {
  const app = limitedApp()
  for (let i = 1; i <= 3; i++) expect((await signUp(app, `v${i}@example.com`, `2001:db8:1:2::${i}`)).status).toBe(201)
  expect((await signUp(app, 'v4@example.com', '2001:db8:1:2:ffff::4')).status).toBe(429)
  expect((await signUp(app, 'v5@example.com', '2001:db8:1:3::1')).status).toBe(201)
})

test('each route group has its own limits', async () => {
  const app = testApp(db, {
    config: {
      ...NO_RATE_LIMITS,
      RATE_LIMIT_CONTACT_PER_MINUTE: 1,
      RATE_LIMIT_EMAIL_PER_MINUTE: 1,
      RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE: 1,
    },
  })
  const ip = fromAddress('203.0.113.7')
  const contact = () =>
    app.request(
      '/rest/v1/contact_messages',
      anonJson({ name: 'Ada', email: 'ada@example.com', subject: 'general', message: 'Hi' }),
      ip,
    )
  const resend = () => app.request('/functions/v1/resend-email', anonJson({ email: 'ada@example.com' }), ip)
  const unsubscribe = () => app.request('/unsubscribe?token=00000000-0000-0000-0000-000000000000', {}, ip)
  expect([(await contact()).status, (await contact()).status]).toEqual([201, 429])
  expect([(await resend()).status, (await resend()).status]).toEqual([200, 429])
  expect([(await unsubscribe()).status, (await unsubscribe()).status]).toEqual([404, 429])
  // Sign-ups (limits off here) and the page itself are not limited by the others.
  expect((await signUp(app, 'ada@example.com', '203.0.113.7')).status).toBe(201)
  expect((await app.request('/healthz', {}, ip)).status).toBe(200)
})

test('a CORS preflight is not counted', async () => {
  const app = limitedApp({ RATE_LIMIT_SIGNUP_PER_MINUTE: 1 })
  const preflight = {
    method: 'OPTIONS',
    headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
  }
  for (let i = 0; i < 5; i++)
    expect((await app.request('/rest/v1/beta_signups', preflight, fromAddress('203.0.113.7'))).status).toBe(204)
  expect((await signUp(app, 'a@example.com', '203.0.113.7')).status).toBe(201)
})

test('every route refuses a body over 16 KB, the unsubscribe POST included', async () => {
  const app = testApp(db)
  const big = 'x'.repeat(17 * 1024)
  const ip = fromAddress('203.0.113.7')
  const targets = [
    ['/rest/v1/beta_signups', anonJson({ email: 'a@example.com', website: big })],
    ['/functions/v1/resend-email', anonJson({ email: 'a@example.com', pad: big })],
    [
      '/unsubscribe?token=00000000-0000-0000-0000-000000000000',
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: big },
    ],
  ] as const
  for (const [path, init] of targets) {
    const res = await app.request(path, init, ip)
    expect(res.status, path).toBe(413)
    expect(await res.json()).toMatchObject({ code: '54000', message: 'Payload too large' })
  }
  // Without a Content-Length (a chunked upload) the limit holds as the body streams in.
  const stream = new ReadableStream<Uint8Array>({
    start(ctl) {
      for (let i = 0; i < 20; i++) ctl.enqueue(new TextEncoder().encode('x'.repeat(1024)))
      ctl.close()
    },
  })
  const chunked = await app.request(
    '/rest/v1/contact_messages',
    { ...anonJson(''), body: stream, duplex: 'half' } as RequestInit,
    ip,
  )
  expect(chunked.status).toBe(413)
  expect(await count(db, 'public.beta_signups')).toBe(0)
})

test('a filled honeypot is answered as usual and stores nothing, in both tables', async () => {
  const app = testApp(db)
  const a = await app.request(
    '/rest/v1/beta_signups',
    anonJson({ email: 'bot@example.com', website: 'https://spam.example' }),
  )
  const b = await app.request(
    '/rest/v1/contact_messages',
    anonJson({ name: 'Bot', email: 'bot@example.com', subject: 'other', message: 'Buy', website: 'x' }),
  )
  expect([a.status, b.status]).toEqual([201, 201])
  expect(await count(db, 'public.beta_signups')).toBe(0)
  expect(await count(db, 'public.contact_messages')).toBe(0)
  // And the function queues nothing for an address that was never stored.
  const r = await app.request('/functions/v1/resend-email', anonJson({ email: 'bot@example.com' }))
  expect(r.status).toBe(200)
  expect(await count(db, 'app_private.email_queue')).toBe(0)
})
