import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { InvitationPreview } from '../../../shared/invitations.ts'
import { SignupPage, SuppressionCount } from '../../../shared/signups.ts'
import type { Db } from '../../db/db.ts'
import { asOwner, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { anonJson, DB_KINDS, testDb } from '../../test-app.ts'

// Launch day in the owner's console: bounced and complained mailboxes in the welcome-email column and
// their count; throwaway addresses flagged, and left out of "invite next N" unless included.

const WEBHOOK_SECRET = `whsec_${btoa('console-test-webhook-secret-32b!')}`

describe.each(DB_KINDS)('the sign-up proof in the console on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateOwner(db))

  const owner = async () => {
    const app = await ownerApp(db, {
      RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET,
      BETA_IOS_URL: 'https://testflight.apple.com/join/ABC',
    })
    return { app, cookie: await signIn(app, db) }
  }
  type App = Awaited<ReturnType<typeof owner>>['app']
  const webhook = async (app: App, id: string, type: string, to: string) => {
    const body = JSON.stringify({ type, data: { to: [to], bounce: { type: 'Permanent' } } })
    const at = new Date()
    const res = await app.request('/webhooks/resend', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'svix-id': id,
        'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
        'svix-signature': new Webhook(WEBHOOK_SECRET).sign(id, at, body),
      },
      body,
    })
    expect(res.status).toBe(200)
  }

  test('a bounced or complained mailbox shows so in the welcome-email column, and in the count', async () => {
    const { app, cookie } = await owner()
    for (const email of ['bounce@example.com', 'spam@example.com', 'fine@example.com'])
      await app.request('/rest/v1/beta_signups', anonJson({ email }))
    await webhook(app, 'msg_b', 'email.bounced', 'bounce@example.com')
    await webhook(app, 'msg_c', 'email.complained', 'spam@example.com')
    const list = SignupPage.parse(await (await app.request('/admin/api/signups', asOwner(cookie))).json())
    expect(Object.fromEntries(list.rows.map((r) => [r.email, r.welcome]))).toEqual({
      'bounce@example.com': 'bounced',
      'spam@example.com': 'complained',
      'fine@example.com': 'none',
    })
    const counts = SuppressionCount.parse(await (await app.request('/admin/api/suppressions', asOwner(cookie))).json())
    expect(counts).toEqual({ count: 2, bounced: 1, complained: 1, owners: [] })
    // The owner lifts one as today; the column goes back to the email's own state.
    await app.request(
      '/admin/api/suppressions/lift',
      asOwner(cookie, { method: 'POST', body: { email: 'bounce@example.com' } }),
    )
    const after = SignupPage.parse(await (await app.request('/admin/api/signups', asOwner(cookie))).json())
    expect(after.rows.find((r) => r.email === 'bounce@example.com')!.welcome).toBe('none')
  })

  test('throwaway sign-ups are stored and flagged, and left out of "invite next N" unless included', async () => {
    const { app, cookie } = await owner()
    for (const email of ['old@mailinator.com', 'ann@example.com', 'bob@yopmail.com', 'cy@example.org']) {
      expect((await app.request('/rest/v1/beta_signups', anonJson({ email }))).status).toBe(201)
      expect((await app.request('/functions/v1/resend-email', anonJson({ email }))).status).toBe(200)
    }
    const list = SignupPage.parse(await (await app.request('/admin/api/signups', asOwner(cookie))).json())
    expect(list.rows.filter((r) => r.disposable).map((r) => r.email)).toEqual(['bob@yopmail.com', 'old@mailinator.com'])

    const preview = async (query: string) =>
      InvitationPreview.parse(
        await (await app.request(`/admin/api/invitations/preview?${query}`, asOwner(cookie))).json(),
      )
    const left = await preview('n=2')
    expect(left.rows.map((r) => r.email)).toEqual(['ann@example.com', 'cy@example.org'])
    expect(left.disposableLeftOut).toBe(2)
    const all = await preview('n=10&disposable=include')
    expect(all.rows.map((r) => [r.email, r.disposable])).toEqual([
      ['old@mailinator.com', true],
      ['ann@example.com', false],
      ['bob@yopmail.com', true],
      ['cy@example.org', false],
    ])
    expect(all.disposableLeftOut).toBe(0)
    const bad = await app.request('/admin/api/invitations/preview?n=2&disposable=maybe', asOwner(cookie))
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: '22023', hint: null })
  })
})
