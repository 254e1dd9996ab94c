import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { LINK_TTL_MS } from '../owner-auth/link-token.ts'
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
import { count, DB_KINDS, fromAddress, testApp, testDb } from '../../test-app.ts'
import { EMAIL_LINK_ANSWER } from '../owner-auth/routes.ts'
import { endpoints } from '../../../shared/console-endpoints.ts'
import { paths } from '../../../shared/paths.ts'
import { SESSION_COOKIE } from '../owner-auth/cookie.ts'

/** Every route of the console's API, read from its router, so a new route cannot be left out. */
function apiRoutes(db: Db): { method: string; path: string }[] {
  // The whole app's routes, as app.ts wires each feature's console API under /admin/api.
  const app = testApp(db)
  const seen = new Set<string>()
  return app.routes
    .filter((r) => r.path.startsWith('/admin/api/') && !r.path.endsWith('*') && r.method !== 'ALL')
    .map((r) => ({
      method: r.method,
      path: `${r.path.replace(/:\w+/g, '00000000-0000-0000-0000-000000000000')}`,
    }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`))
}

describe.each(DB_KINDS)('console API and sign-in on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateOwner(db))

  test('the routes under /admin/api and /admin/auth are exactly the endpoint table (src/shared/console-endpoints.ts) and the link form', () => {
    const served = testApp(db)
      .routes.filter((r) => /^\/admin\/(api|auth)\//.test(r.path) && !r.path.endsWith('*') && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`)
    const declared = Object.values(endpoints).map((e) => `${e.method} ${e.path}`)
    // The sign-in link's page posts a form, not JSON: its path is in paths.ts.
    const linkForm = `POST ${paths.ownerSignIn.spend}`
    expect([...new Set(served)].sort()).toEqual([...declared, linkForm].sort())
  })

  test('every route under /admin/api answers 401 without a session', async () => {
    const app = await ownerApp(db)
    const routes = apiRoutes(db)
    expect(routes.length).toBeGreaterThanOrEqual(5)
    for (const r of routes) {
      const res = await app.request(r.path, {
        method: r.method,
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: r.method === 'GET' ? undefined : '{}',
      })
      expect(res.status, `${r.method} ${r.path}`).toBe(401)
      expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED', details: null, hint: null })
    }
    // A made-up path under the API too: nothing there is reachable without a session.
    expect((await app.request('/admin/api/nothing-here')).status).toBe(401)
  })

  test('a state-changing request from another origin, or without Origin, is refused with 403, JSON included', async () => {
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    const state = apiRoutes(db).filter((r) => r.method !== 'GET')
    expect(state.length).toBeGreaterThan(0)
    for (const r of state) {
      for (const origin of ['https://evil.example', 'null', null]) {
        const res = await app.request(r.path, asOwner(cookie, { method: r.method, body: {}, origin }))
        expect(res.status, `${r.method} ${r.path} from ${origin}`).toBe(403)
      }
    }
    const form = await app.request('/admin/auth/link', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: await linkToken(db) }).toString(),
    })
    expect(form.status).toBe(403)
    // Still signed in: nothing above changed anything.
    expect((await app.request('/admin/api/me', asOwner(cookie))).status).toBe(200)
  })

  test('opening a link (a scanner’s GET) signs nobody in and spends nothing; the button does, once', async () => {
    const app = await ownerApp(db)
    const token = await linkToken(db)
    for (let i = 0; i < 3; i++) {
      const page = await app.request(`/admin/sign-in?token=${encodeURIComponent(token)}`)
      expect(page.status).toBe(200)
      expect(page.headers.get('set-cookie')).toBeNull()
      expect(page.headers.get('referrer-policy')).toBe('same-origin')
      const html = await page.text()
      expect(html).toContain('<form action="/admin/auth/link" method="post">')
      expect(html).toContain(OWNER)
    }
    expect(await count(db, 'app_private.owner_sessions')).toBe(0)

    const first = await postLink(app, token)
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe('/admin/')
    const cookie = first.headers.get('set-cookie')!
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE.plain}=[\\w-]{43};`))
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)

    const again = await postLink(app, token)
    expect(again.status).toBe(400)
    expect(again.headers.get('set-cookie')).toBeNull()
    expect(await count(db, 'app_private.owner_sessions')).toBe(1)
  })

  test('an expired, tampered or non-owner link does not sign in', async () => {
    const app = await ownerApp(db)
    const expired = await linkToken(db, OWNER, Date.now() - LINK_TTL_MS - 1000)
    const [body, sig] = (await linkToken(db)).split('.')
    const forged = `${Buffer.from(JSON.stringify({ email: OWNER, expiresAt: Date.now() + 1e9, nonce: 'x' })).toString('base64url')}.${sig}`
    const stranger = await linkToken(db, 'stranger@example.com')
    for (const token of [expired, forged, `${body}.${sig}x`, stranger, '', 'a.b']) {
      expect((await app.request(`/admin/sign-in?token=${encodeURIComponent(token)}`)).status).toBe(400)
      const res = await postLink(app, token)
      expect(res.status).toBe(400)
      expect(res.headers.get('set-cookie')).toBeNull()
    }
    expect(await count(db, 'app_private.owner_sessions')).toBe(0)
  })

  test('over HTTPS the cookie is __Host- prefixed and Secure', async () => {
    const app = await ownerApp(db, { PUBLIC_URL: 'https://console.example' })
    // A TLS socket, as @hono/node-server reports it (the URL's scheme is not believed).
    const tls = fromAddress('203.0.113.9', true)
    const res = await postLink(app, await linkToken(db), 'https://console.example', tls)
    expect(res.status).toBe(303)
    const cookie = res.headers.get('set-cookie')!
    expect(cookie.startsWith(`${SESSION_COOKIE.secure}=`)).toBe(true)
    expect(cookie).toMatch(/; Secure/)
    expect(cookie).toMatch(/; Path=\//)
    expect(cookie).not.toMatch(/Domain=/i)
    const me = await app.request(
      'https://console.example/admin/api/me',
      asOwner(cookie.split(';')[0]!, { origin: 'https://console.example' }),
      tls,
    )
    expect(me.status).toBe(200)
  })

  test('sessions: a new id at each sign-in, listed, revocable, sign-out, idle and absolute timeouts', async () => {
    const app = await ownerApp(db)
    const a = await signIn(app, db)
    const b = await signIn(app, db)
    expect(a).not.toBe(b)
    const me = await (await app.request('/admin/api/me', asOwner(a))).json()
    expect(me).toMatchObject({ email: OWNER })
    const list = (await (await app.request('/admin/api/sessions', asOwner(a))).json()) as {
      sessions: { id: string; current: boolean }[]
    }
    expect(list.sessions).toHaveLength(2)
    expect(list.sessions.filter((s) => s.current).map((s) => s.id)).toEqual([me.sessionId])
    // The stored token is a hash: the cookie's value appears nowhere in the table.
    const stored = await db.query<{ h: string }>(
      "select encode(token_hash, 'hex') as h from app_private.owner_sessions",
    )
    expect(stored.rows.map((r) => r.h).join()).not.toContain(a.split('=')[1])

    const other = list.sessions.find((s) => !s.current)!
    expect((await app.request(`/admin/api/sessions/${other.id}/revoke`, asOwner(a, { method: 'POST' }))).status).toBe(
      204,
    )
    expect((await app.request('/admin/api/me', asOwner(b))).status).toBe(401)

    expect((await app.request('/admin/api/sign-out', asOwner(a, { method: 'POST' }))).status).toBe(204)
    expect((await app.request('/admin/api/me', asOwner(a))).status).toBe(401)

    const idle = await signIn(app, db)
    await db.query("update app_private.owner_sessions set last_seen_at = now() - interval '61 minutes'")
    expect((await app.request('/admin/api/me', asOwner(idle))).status).toBe(401)
    const old = await signIn(app, db)
    await db.query(
      "update app_private.owner_sessions set expires_at = now() - interval '1 second' where revoked_at is null",
    )
    expect((await app.request('/admin/api/me', asOwner(old))).status).toBe(401)

    const actions = await db.query<{ action: string; actor: string }>(
      'select action, actor from app_private.owner_audit order by id',
    )
    expect(actions.rows.map((r) => r.action)).toEqual([
      'sign-in',
      'sign-in',
      'session.revoke',
      'sign-out',
      'sign-in',
      'sign-in',
    ])
  })

  test('an owner removed from OWNER_EMAILS loses their sessions at once', async () => {
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    const without = await ownerApp(db, { OWNER_EMAILS: ['someone-else@example.com'] })
    expect((await without.request('/admin/api/me', asOwner(cookie))).status).toBe(401)
  })

  test('an emailed link: the same answer for anyone, one email for an owner only, and it signs in', async () => {
    const app = await ownerApp(db)
    const ask = (email: string) =>
      app.request('/admin/auth/email', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      })
    const owner = await ask('Owner@Example.com')
    const stranger = await ask('stranger@example.com')
    expect(owner.status).toBe(202)
    expect(stranger.status).toBe(202)
    expect(await owner.json()).toEqual({ message: EMAIL_LINK_ANSWER })
    expect(await stranger.json()).toEqual({ message: EMAIL_LINK_ANSWER })
    expect((await ask('not an address')).status).toBe(400)
    // Whatever is wrong, the one message the sign-in form shows, in PostgREST's shape.
    for (const bad of ['', ' ', 'a'.repeat(300) + '@example.com'])
      expect(await (await ask(bad)).json()).toMatchObject({ code: '22023', message: 'Enter a valid email address.' })

    // The owner's link is queued just after the answer (the answer time must not tell).
    for (let i = 0; i < 500 && (await count(db, 'app_private.email_queue')) === 0; i++)
      await new Promise((r) => setTimeout(r, 10))
    const queued = await db.query<{ to_email: string; payload: { url: string } }>(
      "select to_email, payload from app_private.email_queue where kind = 'owner-sign-in'",
    )
    expect(queued.rows.map((r) => r.to_email)).toEqual([OWNER])
    const url = new URL(queued.rows[0]!.payload.url)
    expect(url.pathname).toBe('/admin/sign-in')
    const token = url.searchParams.get('token')!
    expect((await app.request(`/admin/sign-in?token=${encodeURIComponent(token)}`)).status).toBe(200)
    expect((await postLink(app, token)).status).toBe(303)
    expect((await postLink(app, token)).status).toBe(400)
  })

  test('sign-in attempts are limited per client address, across requests of any kind', async () => {
    const app = await ownerApp(db, { OWNER_SIGN_IN_ATTEMPTS: 3 })
    const token = await linkToken(db)
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await postLink(app, `${token}x`)).status)
    expect(statuses).toEqual([400, 400, 400, 429])
    // The right link is refused too while the window lasts.
    expect((await postLink(app, token)).status).toBe(429)
    const ask = await app.request('/admin/auth/email', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: OWNER }),
    })
    expect(ask.status).toBe(429)
  })
})
