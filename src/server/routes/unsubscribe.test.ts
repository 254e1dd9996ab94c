import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../db/db.ts'
import { enqueueWelcomeEmail } from '../db/queries.ts'
import { count, DB_KINDS, testApp, testDb, truncateAll } from '../test-app.ts'

describe.each(DB_KINDS)('unsubscribe on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let app: ReturnType<typeof testApp>
  let token: string
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    app = testApp(db)
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateAll(db)
    await db.query("insert into public.beta_signups (email) values ('Ada@example.com'), ('bo@example.com')")
    await enqueueWelcomeEmail(db, 'ada@example.com')
    token = (await db.query<{ t: string }>("select unsubscribe_token::text as t from public.beta_signups where email = 'Ada@example.com'")).rows[0]!.t
  })

  test('GET shows a button that posts, and changes nothing', async () => {
    const res = await app.request(`/unsubscribe?token=${token}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(`<form method="post" action="/unsubscribe?token=${token}">`)
    expect(html).toContain('<button type="submit">Leave the beta</button>')
    expect(html).not.toMatch(/<script|<style|style=/)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(await count(db, 'public.beta_signups')).toBe(2)
  })

  test('POST deletes the address and its queued email, and only those', async () => {
    const res = await app.request(`/unsubscribe?token=${token}`, { method: 'POST' })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('You have left the Solodesk beta.')
    const left = await db.query<{ email: string }>('select email from public.beta_signups')
    expect(left.rows).toEqual([{ email: 'bo@example.com' }])
    expect(await count(db, 'app_private.email_queue')).toBe(0)
  })

  test('the RFC 8058 one-click POST works', async () => {
    const res = await app.request(`/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test('a used, unknown or malformed token gets the same 404 page and changes nothing', async () => {
    await app.request(`/unsubscribe?token=${token}`, { method: 'POST' })
    const pages = []
    for (const t of [token, '00000000-0000-4000-8000-000000000000', 'nonsense', '']) {
      for (const method of ['GET', 'POST']) {
        const res = await app.request(`/unsubscribe?token=${encodeURIComponent(t)}`, { method })
        expect(res.status).toBe(404)
        pages.push(await res.text())
      }
    }
    expect(new Set(pages).size).toBe(1)
    expect(pages[0]).toContain('This link is no longer valid.')
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test('the page stylesheet is served', async () => {
    const res = await app.request('/unsubscribe.css')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/css')
  })
})
