import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { robotsTxt } from '../../../scripts/seo.ts'
import type { Db } from '../db/db.ts'
import { asOwner, linkToken, ORIGIN, ownerApp, postLink, signIn, truncateOwner } from '../owner/test-owner.ts'
import { DB_KINDS, fromAddress, testDb } from '../test-app.ts'
import { CONSOLE_CSP } from './admin-console.ts'

// Issue 15 (second hardening round), part A: the console's smaller defects, each on both databases.

const askLink = (app: Awaited<ReturnType<typeof ownerApp>>, url: string, origin: string, env?: unknown) =>
  app.request(
    url,
    {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stranger@example.com' }),
    },
    env,
  )

describe.each(DB_KINDS)('console hardening on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let dir: string
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    dir = await mkdtemp(join(tmpdir(), 'console-static-'))
    await mkdir(join(dir, 'admin', 'assets'), { recursive: true })
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Page</title>')
    await writeFile(join(dir, 'admin', 'index.html'), '<!doctype html><title>Console</title>')
    await writeFile(join(dir, 'admin', 'assets', 'console-abc123.js'), 'console.log(1)')
  })
  afterAll(async () => {
    await close()
    await rm(dir, { recursive: true, force: true })
  })
  beforeEach(() => truncateOwner(db))

  test('defect 6: the Origin check compares scheme, host and port with the origin the request reached', async () => {
    const app = await ownerApp(db, { PUBLIC_URL: 'http://console.example' })
    // A plain-HTTP server: the same host over https is another origin, and so is another port.
    const plain = 'http://other-name.example/admin/auth/email'
    expect((await askLink(app, plain, 'http://other-name.example')).status).toBe(202)
    expect((await askLink(app, plain, 'https://other-name.example')).status).toBe(403)
    expect((await askLink(app, plain, 'http://other-name.example:8080')).status).toBe(403)
    // Over TLS, the plain-HTTP spelling of the host is refused.
    const tls = fromAddress('203.0.113.9', true)
    const secure = 'https://other-name.example/admin/auth/email'
    expect((await askLink(app, secure, 'https://other-name.example', tls)).status).toBe(202)
    expect((await askLink(app, secure, 'http://other-name.example', tls)).status).toBe(403)
    // PUBLIC_URL's origin stays allowed, with its own scheme only.
    expect((await askLink(app, plain, 'http://console.example')).status).toBe(202)
    expect((await askLink(app, plain, 'https://console.example')).status).toBe(403)
  })

  test('defect 6: with an https PUBLIC_URL the cookie is __Host- and Secure, even over a plain socket', async () => {
    const app = await ownerApp(db, { PUBLIC_URL: 'https://console.example' })
    // A proxy in front that was not declared (TRUST_PROXY unset): the socket is plain HTTP.
    const res = await postLink(app, await linkToken(db), 'https://console.example', fromAddress('10.0.0.2'))
    expect(res.status).toBe(303)
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/^__Host-solodesk_owner=/)
    expect(cookie).toMatch(/; Secure/)
    const me = await app.request(
      'https://console.example/admin/api/me',
      asOwner(cookie.split(';')[0]!, { origin: 'https://console.example' }),
      fromAddress('10.0.0.2'),
    )
    expect(me.status).toBe(200)
  })

  test('defect 7: every console URL gets the console’s headers, never the page’s', async () => {
    const app = await ownerApp(db, { STATIC_DIR: dir })
    for (const path of ['/admin', '/admin/', '/admin/index.html']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toContain('<title>Console</title>')
      expect(res.headers.get('content-security-policy'), path).toBe(CONSOLE_CSP)
      expect(res.headers.get('cache-control'), path).toBe('no-store')
      expect(res.headers.get('x-robots-tag'), path).toMatch(/noindex/)
    }
    const asset = await app.request('/admin/assets/console-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-security-policy')).toBe(CONSOLE_CSP)
    expect(asset.headers.get('x-robots-tag')).toMatch(/noindex/)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // The API's answers are never indexed either, signed in or not.
    const cookie = await signIn(app, db)
    for (const res of [await app.request('/admin/api/me'), await app.request('/admin/api/me', asOwner(cookie))]) {
      expect(res.headers.get('x-robots-tag')).toMatch(/noindex/)
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
    // The public page keeps its own.
    const page = await app.request('/')
    expect(page.headers.get('content-security-policy')).not.toBe(CONSOLE_CSP)
    expect(page.headers.get('x-robots-tag')).toBeNull()
    expect(robotsTxt(ORIGIN).split('\n')).toContain('Disallow: /admin')
  })
})
