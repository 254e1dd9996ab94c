import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Db } from '../db/db.ts'
import { anonJson, fromAddress, testApp, testDb } from '../test-app.ts'
import { pageCsp } from './security-headers.ts'

let db: Db
let close: () => Promise<void>
let dir: string
beforeAll(async () => {
  ;({ db, close } = await testDb('pglite'))
  dir = await mkdtemp(join(tmpdir(), 'headers-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Launch page</title>')
})
afterAll(async () => {
  await close()
  await rm(dir, { recursive: true, force: true })
})

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  )

test('the page gets a strict CSP and the other protective headers, and no HSTS over plain HTTP', async () => {
  const res = await testApp(db, { staticDir: dir }).request('/', {}, fromAddress('203.0.113.7'))
  expect(res.status).toBe(200)
  const csp = res.headers.get('content-security-policy')!
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
  const d = directives(csp)
  expect(d.get('default-src')).toEqual(["'none'"])
  for (const kind of ['script-src', 'style-src', 'font-src', 'connect-src', 'worker-src', 'base-uri', 'form-action'])
    expect(d.get(kind), kind).toEqual(["'self'"])
  expect(d.get('img-src')).toEqual(["'self'", 'data:'])
  expect(d.get('frame-ancestors')).toEqual(["'none'"])
  expect(d.get('object-src')).toEqual(["'none'"])
  expect(d.has('upgrade-insecure-requests')).toBe(false)
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  expect(res.headers.get('x-frame-options')).toBe('DENY')
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(res.headers.get('permissions-policy')).toContain('camera=()')
  expect(res.headers.get('permissions-policy')).toContain('microphone=()')
  expect(res.headers.get('permissions-policy')).toContain('geolocation=()')
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
  expect(res.headers.get('strict-transport-security')).toBeNull()
})

test('every answer but the landing page is put in a browsing context group of its own', async () => {
  await writeFile(join(dir, 'robots.txt'), 'User-agent: *\n')
  const app = testApp(db, { staticDir: dir })
  const coop = async (path: string) =>
    (await app.request(path, {}, fromAddress('203.0.113.7'))).headers.get('cross-origin-opener-policy')
  // The public page holds nothing secret (docs/decisions/opener-policy.md).
  for (const landing of ['/', '/?ref=launch', '/index.html']) expect(await coop(landing), landing).toBeNull()
  for (const other of [
    '/admin',
    '/admin/sign-in',
    '/unsubscribe?token=nope',
    '/robots.txt',
    '/no-such-page',
    '/rest/v1/beta_signups',
  ])
    expect(await coop(other), other).toBe('same-origin')
})

test('over HTTPS, directly or through a trusted proxy, HSTS (a year or more, subdomains) and upgrade-insecure-requests are added', async () => {
  const direct = await testApp(db, { staticDir: dir }).request('/', {}, fromAddress('203.0.113.7', true))
  const proxied = await testApp(db, { staticDir: dir, config: { TRUST_PROXY: 1 } }).request(
    '/',
    { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' } },
    fromAddress('127.0.0.1'),
  )
  for (const res of [direct, proxied]) {
    const hsts = res.headers.get('strict-transport-security')!
    expect(Number(/max-age=(\d+)/.exec(hsts)![1])).toBeGreaterThanOrEqual(31_536_000)
    expect(hsts).toContain('includeSubDomains')
    expect(directives(res.headers.get('content-security-policy')!).has('upgrade-insecure-requests')).toBe(true)
  }
})

test('an absolute https:// URL in the request line over plain HTTP gets no HSTS', async () => {
  for (const TRUST_PROXY of [0, 1]) {
    const res = await testApp(db, { staticDir: dir, config: { TRUST_PROXY } }).request(
      'https://launch.example/',
      {},
      fromAddress('127.0.0.1'),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('strict-transport-security')).toBeNull()
    expect(directives(res.headers.get('content-security-policy')!).has('upgrade-insecure-requests')).toBe(false)
  }
})

test('X-Forwarded-Proto from an untrusted client changes nothing', async () => {
  const res = await testApp(db, { staticDir: dir }).request(
    '/',
    { headers: { 'x-forwarded-proto': 'https' } },
    fromAddress('203.0.113.7'),
  )
  expect(res.headers.get('strict-transport-security')).toBeNull()
})

test('extra connect-src origins come from config', async () => {
  const res = await testApp(db, { staticDir: dir, config: { CSP_CONNECT_SRC: ['https://abc.supabase.co'] } }).request(
    '/',
    {},
    fromAddress('203.0.113.7'),
  )
  expect(directives(res.headers.get('content-security-policy')!).get('connect-src')).toEqual([
    "'self'",
    'https://abc.supabase.co',
  ])
  expect(pageCsp({ https: false })).not.toContain('supabase')
})

test('API answers allow nothing to run or frame, and may be read cross-origin', async () => {
  const res = await testApp(db).request(
    '/rest/v1/beta_signups',
    anonJson({ email: 'ada@example.com' }),
    fromAddress('203.0.113.7'),
  )
  expect(res.status).toBe(201)
  expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
  expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
})

test('a route’s own stricter headers are kept (the unsubscribe page)', async () => {
  const res = await testApp(db).request('/unsubscribe?token=nope', {}, fromAddress('203.0.113.7'))
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
  expect(res.headers.get('content-security-policy')).not.toContain('script-src')
  expect(res.headers.get('referrer-policy')).toBe('no-referrer')
  expect(res.headers.get('x-frame-options')).toBe('DENY')
})

test('dynamic text answers over 1 KB are gzipped when the client accepts it', async () => {
  const app = testApp(db)
  // PostgREST's 404 repeats the table name, so a long one makes a JSON answer over the threshold.
  const res = await app.request(
    `/rest/v1/${'t'.repeat(2000)}`,
    anonJson({}, { headers: { 'accept-encoding': 'gzip, br' } }),
    fromAddress('203.0.113.7'),
  )
  expect(res.status).toBe(404)
  expect(res.headers.get('content-encoding')).toBe('gzip')
  expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
})
