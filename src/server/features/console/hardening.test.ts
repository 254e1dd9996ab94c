import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { asOwner, linkToken, OWNER, ownerApp, postLink, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { DB_KINDS, fromAddress, testApp, testDb } from '../../test-app.ts'
import { CONSOLE_VIEWS } from '../../../shared/console-views.ts'
import { dataException } from '../../../shared/http/errors.ts'
import { paths } from '../../../shared/paths.ts'
import { CONSOLE_CSP } from './console-page.ts'
import { SESSION_COOKIE } from '../owner-auth/cookie.ts'

// The console's smaller defects, each on both databases.

/** Every route of the console's API with each path parameter set to `value` (as routes.test.ts lists them). */
function apiRoutes(db: Db, value: string): { method: string; path: string }[] {
  // The whole app's routes, as app.ts wires each feature's console API under /admin/api.
  const app = testApp(db)
  const seen = new Set<string>()
  return app.routes
    .filter((r) => r.path.startsWith('/admin/api/') && !r.path.endsWith('*') && r.method !== 'ALL')
    .map((r) => ({ method: r.method, path: `${r.path.replace(/:\w+/g, value)}` }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`))
}

const PGRST_SHAPE = { code: expect.any(String), message: expect.any(String), details: null, hint: null }

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

  test('the Origin check compares scheme, host and port with the origin the request reached', async () => {
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

  test('with an https PUBLIC_URL the cookie is __Host- and Secure, even over a plain socket', async () => {
    const app = await ownerApp(db, { PUBLIC_URL: 'https://console.example' })
    // A proxy in front that was not declared (TRUST_PROXY unset): the socket is plain HTTP.
    const res = await postLink(app, await linkToken(db), 'https://console.example', fromAddress('10.0.0.2'))
    expect(res.status).toBe(303)
    const cookie = res.headers.get('set-cookie')!
    expect(cookie.startsWith(`${SESSION_COOKIE.secure}=`)).toBe(true)
    expect(cookie).toMatch(/; Secure/)
    const me = await app.request(
      'https://console.example/admin/api/me',
      asOwner(cookie.split(';')[0]!, { origin: 'https://console.example' }),
      fromAddress('10.0.0.2'),
    )
    expect(me.status).toBe(200)
  })

  test('every console URL gets the console’s headers, never the page’s', async () => {
    const app = await ownerApp(db, { STATIC_DIR: dir })
    const views = CONSOLE_VIEWS.flatMap((v) => [paths.console.href(v.id), `${paths.console.href(v.id)}/`])
    for (const path of ['/admin', '/admin/', '/admin/index.html', ...views]) {
      const res = await app.request(path)
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toContain('<title>Console</title>')
      expect(res.headers.get('content-security-policy'), path).toBe(CONSOLE_CSP)
      expect(res.headers.get('cache-control'), path).toBe('no-store')
      expect(res.headers.get('x-robots-tag'), path).toMatch(/noindex/)
    }
    // A name that is no view is not the console.
    for (const path of ['/admin/nowhere', '/admin/Inbox', '/admin/inbox/x'])
      expect((await app.request(path)).status, path).toBe(404)
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
  })

  test('a NUL byte in any console input is a PostgREST-shaped 400, never a 500, exports before a byte', async () => {
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    for (const path of [
      '/admin/api/signups?q=%00',
      '/admin/api/signups/export?q=%00',
      '/admin/api/invitations/export?format=testflight&q=%00',
      '/admin/api/invitations/export?format=play&q=a%00b',
      '/admin/api/inbox?q=%00',
    ]) {
      const res = await app.request(path, asOwner(cookie))
      expect(res.status, path).toBe(400)
      expect(await res.json(), path).toEqual({ ...PGRST_SHAPE, code: '22021' })
    }
    const remove = await app.request('/admin/api/passkeys/%00/remove', asOwner(cookie, { method: 'POST' }))
    expect(remove.status).toBe(400)
    expect(await remove.json()).toMatchObject(PGRST_SHAPE)
    // Every route, with NUL in its path parameters and in the query parameters any of them reads.
    const query = '?q=%00&filter=%00&status=%00&platform=%00&page=%00&size=%00&days=%00&n=%00&format=%00'
    for (const r of apiRoutes(db, '%00')) {
      const res = await app.request(`${r.path}${query}`, asOwner(cookie, { method: r.method }))
      expect(res.status, `${r.method} ${r.path}`).toBe(400)
    }
    // And in every string of a JSON body (sign-out aside, which would end the session).
    const body = {
      email: 'a\u0000@example.com',
      name: '\u0000',
      challengeId: '\u0000',
      response: { id: '\u0000', response: {} },
      ids: [1],
    }
    for (const r of apiRoutes(db, '00000000-0000-0000-0000-000000000000')) {
      if (r.method === 'GET' || r.path.endsWith('/sign-out')) continue
      const res = await app.request(r.path, asOwner(cookie, { method: r.method, body }))
      expect(res.status, `${r.method} ${r.path}`).toBeLessThan(500)
    }
    expect((await app.request('/admin/api/me', asOwner(cookie))).status).toBe(200)
  })

  test('whatever PostgreSQL refuses as data (class 22) answers 400 in its shape', async () => {
    const refused = await db.query('select $1::text as t', ['a\u0000b']).then(
      () => undefined,
      (err: unknown) => err,
    )
    const mapped = dataException(refused)
    expect(mapped?.status).toBe(400)
    expect(mapped?.body.code).toMatch(/^22/)
    expect(dataException(new Error('not a database error'))).toBeUndefined()
  })

  test('one export at a time per owner; the slot comes back when the download ends or is dropped', async () => {
    // More than one batch (5,000 rows), so a download that is not read stays running.
    await db.query(
      `insert into public.beta_signups (email, confirmed_at)
       select 'p' || i || '@example.com', now() from generate_series(1, 12000) i`,
    )
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    const first = await app.request('/admin/api/signups/export', asOwner(cookie))
    expect(first.status).toBe(200)
    // Not read yet: still running.
    for (const path of ['/admin/api/signups/export', '/admin/api/invitations/export?format=play']) {
      const busy = await app.request(path, asOwner(cookie))
      expect(busy.status, path).toBe(429)
      expect(await busy.json()).toMatchObject({ code: 'RATE_LIMITED', details: expect.any(String) })
    }
    expect((await first.text()).split('\r\n')).toHaveLength(12002)
    const second = await app.request('/admin/api/invitations/export?format=play', asOwner(cookie))
    expect(second.status).toBe(200)
    await second.body!.cancel()
    expect((await app.request('/admin/api/signups/export', asOwner(cookie))).status).toBe(200)
  })

  test('the idle window is never shorter than set, also at 1 minute', async () => {
    const app = await ownerApp(db, { OWNER_SESSION_IDLE_MINUTES: 1 })
    const cookie = await signIn(app, db)
    // The clock moves by moving last_seen_at back: used 50 s after its last write, then 20 s later.
    const age = (s: number) =>
      db.query('update app_private.owner_sessions set last_seen_at = last_seen_at - make_interval(secs => $1)', [s])
    await age(50)
    expect((await app.request('/admin/api/me', asOwner(cookie))).status).toBe(200)
    await age(20)
    // Its last use was 20 s ago: alive, and listed as live.
    expect((await app.request('/admin/api/me', asOwner(cookie))).status).toBe(200)
    await age(59)
    expect((await app.request('/admin/api/me', asOwner(cookie))).status).toBe(200)
    // Unused for well over the idle window: gone.
    await age(80)
    expect((await app.request('/admin/api/me', asOwner(cookie))).status).toBe(401)
  })

  test('a validly signed link with an absurd expiresAt is a 400, not a 500', async () => {
    const app = await ownerApp(db)
    // Signed with the real secret, as if made 3 million years from now.
    const token = await linkToken(db, OWNER, 1e17)
    expect((await app.request(`/admin/sign-in?token=${encodeURIComponent(token)}`)).status).toBe(400)
    const res = await postLink(app, token)
    expect(res.status).toBe(400)
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  test('a spent link’s page shows no Sign in button', async () => {
    const app = await ownerApp(db)
    const token = await linkToken(db)
    const page = () => app.request(`/admin/sign-in?token=${encodeURIComponent(token)}`)
    expect(await (await page()).text()).toContain('<button type="submit">Sign in</button>')
    expect((await postLink(app, token)).status).toBe(303)
    const spent = await page()
    expect(spent.status).toBe(400)
    const html = await spent.text()
    expect(html).not.toContain('<button')
    expect(html).toContain('already used')
  })

  test('sessions of an address removed from OWNER_EMAILS are not listed as live', async () => {
    const both = await ownerApp(db, { OWNER_EMAILS: [OWNER, 'partner@example.com'] })
    const mine = await signIn(both, db)
    await postLink(both, await linkToken(db, 'partner@example.com'))
    const listed = async (app: typeof both) =>
      (
        (await (await app.request('/admin/api/sessions', asOwner(mine))).json()) as { sessions: { email: string }[] }
      ).sessions
        .map((s) => s.email)
        .sort()
    expect(await listed(both)).toEqual([OWNER, 'partner@example.com'])
    const onlyMe = await ownerApp(db, { OWNER_EMAILS: [OWNER] })
    expect(await listed(onlyMe)).toEqual([OWNER])
  })

  test('a confirmation invites exactly its preview’s ids, nobody the preview did not list', async () => {
    await db.query(
      `insert into public.beta_signups (email, platform, confirmed_at)
       select 'p' || i || '@example.com', 'ios', now() from generate_series(1, 4) i`,
    )
    const app = await ownerApp(db, { BETA_IOS_URL: 'https://testflight.apple.com/join/AbCdEf12' })
    const cookie = await signIn(app, db)
    const preview = async () =>
      (
        (await (await app.request('/admin/api/invitations/preview?n=2', asOwner(cookie))).json()) as {
          rows: { id: number }[]
        }
      ).rows.map((r) => r.id)
    const confirm = (ids: number[]) =>
      app.request('/admin/api/invitations/confirm', asOwner(cookie, { method: 'POST', body: { ids } }))
    const all = await db.query<{ id: string }>('select id::text as id from public.beta_signups order by id')
    const eligible = all.rows.map((r) => Number(r.id))
    const shown = await preview()
    expect(shown).toEqual(eligible.slice(0, 2))
    // An eligible id the preview did not list, added to it: refused, and nobody is invited.
    const widened = await confirm([...shown, eligible[3]!])
    expect(widened.status).toBe(409)
    expect(await widened.json()).toMatchObject({ code: 'PREVIEW_MISMATCH', details: null })
    const invited = async () =>
      Number(
        (await db.query<{ n: number }>("select count(*)::int as n from public.beta_signups where status = 'invited'"))
          .rows[0]!.n,
      )
    expect(await invited()).toBe(0)
    // Without a preview, nothing either; with one, exactly its ids.
    expect((await confirm(shown)).status).toBe(409)
    const again = await preview()
    const ok = await confirm([...again].reverse())
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ invited: 2, skipped: 0 })
    expect(await invited()).toBe(2)
  })
})
