import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { asOwner, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { DB_KINDS, testDb } from '../../test-app.ts'

const IOS = 'https://testflight.apple.com/join/AbCdEf12'
const ANDROID = 'https://play.google.com/apps/testing/com.example.app'

describe.each(DB_KINDS)('the console’s invitations API on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateOwner(db)
    await db.query(
      `insert into public.beta_signups (email, platform, created_at, confirmed_at)
       select 'p' || i || '@example.com', (array['ios', 'android', 'unknown'])[i % 3 + 1], now() - make_interval(mins => 100 - i), now()
       from generate_series(1, 12) i`,
    )
  })

  async function owner(config: Record<string, unknown> = { BETA_IOS_URL: IOS, BETA_ANDROID_URL: ANDROID }) {
    const app = await ownerApp(db, { ...config, INVITATION_INTERVAL_MS: 0 })
    const cookie = await signIn(app, db)
    const get = async (path: string) => app.request(`/admin/api${path}`, asOwner(cookie))
    const post = async (path: string, body: unknown) =>
      app.request(`/admin/api${path}`, asOwner(cookie, { method: 'POST', body }))
    return { get, post }
  }
  const audit = async () =>
    (
      await db.query<{ action: string; detail: unknown }>(
        'select action, detail from app_private.owner_audit order by id',
      )
    ).rows.filter((r) => r.action.startsWith('invitations.'))

  test('preview, then confirm exactly those; a second confirm invites nobody; audited', async () => {
    const { get, post } = await owner()
    const preview = await (await get('/invitations/preview?n=5&platform=all')).json()
    expect(preview.rows.map((r: { email: string }) => r.email)).toEqual([1, 2, 3, 4, 5].map((i) => `p${i}@example.com`))
    const ids = preview.rows.map((r: { id: number }) => r.id)
    const [first, second] = await Promise.all([
      post('/invitations/confirm', { ids }),
      post('/invitations/confirm', { ids }),
    ])
    // One confirmation per preview: the other is refused, and invites nobody.
    expect([first.status, second.status].sort()).toEqual([200, 409])
    const answers = [await first.json(), await second.json()]
    expect(answers.map((a) => a.invited ?? a.code).sort()).toEqual([5, 'PREVIEW_MISMATCH'])
    const queued = await db.query<{ to_email: string }>(
      "select to_email from app_private.email_queue where kind = 'invitation' order by to_email",
    )
    expect(queued.rows.map((r) => r.to_email).sort()).toEqual(
      preview.rows.map((r: { email: string }) => r.email).sort(),
    )
    const counts = await (await get('/invitations')).json()
    expect(counts).toMatchObject({
      byStatus: { waiting: 7, invited: 5, opened: 0 },
      byPlatform: { ios: 4, android: 4, unknown: 4 },
      stores: { ios: true, android: true },
    })
    const entries = await audit()
    expect(entries.map((e) => e.detail)).toEqual([{ count: 5, ids }])
    expect(JSON.stringify(entries)).not.toContain('@example.com')
  })

  test('with only the Android link set, the console is told and only Android and undecided people are previewed', async () => {
    const { get } = await owner({ BETA_ANDROID_URL: ANDROID })
    const summary = await (await get('/invitations')).json()
    expect(summary.stores).toEqual({ ios: false, android: true })
    const preview = await (await get('/invitations/preview?n=100&platform=ios')).json()
    expect(preview.rows).toEqual([])
    const all = await (await get('/invitations/preview?n=100')).json()
    expect(new Set(all.rows.map((r: { links: string }) => r.links))).toEqual(new Set(['android']))
    expect(all.rows).toHaveLength(8)
  })

  test('bad input is a PostgREST-shaped 4xx and changes nothing', async () => {
    const { get, post } = await owner()
    for (const path of [
      '/invitations/preview?n=0',
      '/invitations/preview?n=1001',
      '/invitations/preview?n=5&platform=windows',
    ])
      expect((await get(path)).status, path).toBe(400)
    for (const body of [{}, { ids: [] }, { ids: ['1; drop'] }, { ids: [1], extra: 1 }, { ids: Array(1001).fill(1) }]) {
      const res = await post('/invitations/confirm', body)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(await res.json()).toHaveProperty('code')
    }
    const n = await db.query("select count(*)::int as n from public.beta_signups where status = 'invited'")
    expect(n.rows[0]).toEqual({ n: 0 })
  })

  test('the sign-ups table filters by status and platform and shows the invitation', async () => {
    const { get, post } = await owner()
    const preview = await (await get('/invitations/preview?n=2&platform=android')).json()
    await post('/invitations/confirm', { ids: preview.rows.map((r: { id: number }) => r.id) })
    const token = await db.query<{ t: string }>(
      "select invite_token::text as t from public.beta_signups where email = 'p1@example.com'",
    )
    await db.query('update public.beta_signups set opened_at = now() where invite_token = $1::uuid', [token.rows[0]!.t])
    const list = async (query: string) => (await get(`/signups${query}`)).json()
    const invited = await list('?status=invited')
    expect(invited.total).toBe(2)
    expect(invited.rows.map((r: { email: string }) => r.email)).toEqual(['p4@example.com', 'p1@example.com'])
    expect(invited.rows[1]).toMatchObject({ platform: 'android', status: 'invited', invitedAt: expect.any(String) })
    expect(invited.rows[1].openedAt).toEqual(expect.any(String))
    expect(invited.rows[0].openedAt).toBeNull()
    expect((await list('?status=opened')).total).toBe(1)
    expect((await list('?status=waiting&platform=ios')).total).toBe(4)
    expect((await list('?status=waiting&platform=ios&q=p1')).rows.map((r: { email: string }) => r.email)).toEqual([
      'p12@example.com',
    ])
    expect((await get('/signups?status=sent')).status).toBe(400)
  })

  test('exports stream the selection for TestFlight and Play, audited', async () => {
    const { get, post } = await owner()
    const preview = await (await get('/invitations/preview?n=3&platform=ios')).json()
    await post('/invitations/confirm', { ids: preview.rows.map((r: { id: number }) => r.id) })
    const csv = await get('/invitations/export?format=testflight&status=invited&platform=ios')
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="testflight-testers-\d{4}-\d\d-\d\d\.csv"/,
    )
    expect(await csv.text()).toBe(',,p3@example.com\r\n,,p6@example.com\r\n,,p9@example.com\r\n')
    const play = await get('/invitations/export?format=play&status=waiting&platform=android')
    expect(await play.text()).toBe('p1@example.com,p4@example.com,p7@example.com,p10@example.com\n')
    expect((await get('/invitations/export?format=excel')).status).toBe(400)
    expect((await audit()).filter((e) => e.action === 'invitations.export')).toHaveLength(2)
  })
})
