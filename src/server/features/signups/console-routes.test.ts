import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { addressHash } from '../../owner/audit.ts'
import { ownerSecret } from '../../owner/keys.ts'
import { asOwner, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { anonJson, count, DB_KINDS, testDb } from '../../test-app.ts'

/** A strict RFC 4180 reader for the test: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let field = ''
  let record: string[] = []
  let i = 0
  while (i < text.length) {
    if (text[i] === '"') {
      i++
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"'
          i += 2
        } else if (text[i] === '"') {
          i++
          break
        } else field += text[i++]
      }
    } else if (text[i] === ',') {
      record.push(field)
      field = ''
      i++
    } else if (text[i] === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      field = ''
      record = []
      i += 2
    } else if (text[i] === '\n' || text[i] === '\r') throw new Error(`bare line break at ${i}`)
    else field += text[i++]
  }
  if (field || record.length) throw new Error('last record not terminated by CRLF')
  return records
}

describe.each(DB_KINDS)('console data on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateOwner(db))

  test('sign-ups: newest first, paginated on the server, searched by part of the address, with the welcome state', async () => {
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    await db.query(
      "insert into public.beta_signups (email) select 'person' || i || '@example.com' from generate_series(1, 120) i",
    )
    await db.query(
      `insert into app_private.email_queue (kind, to_email, dedupe_key, status, attempts, last_error) values
       ('welcome', 'person120@example.com', 'welcome:person120@example.com', 'sent', 1, null),
       ('welcome', 'person119@example.com', 'welcome:person119@example.com', 'pending', 2, 'SMTP 451: try later'),
       ('welcome', 'person118@example.com', 'welcome:person118@example.com', 'failed', 10, 'SMTP 550: no such user'),
       ('welcome', 'person117@example.com', 'welcome:person117@example.com', 'pending', 0, null),
       ('welcome', 'person116@example.com', 'welcome:person116@example.com', 'cancelled', 0, 'address no longer on the beta list')`,
    )
    const get = async (query: string) => (await app.request(`/admin/api/signups${query}`, asOwner(cookie))).json()
    const first = await get('?size=50')
    expect(first.total).toBe(120)
    expect(first.rows).toHaveLength(50)
    expect(first.rows[0].email).toBe('person120@example.com')
    expect(
      first.rows.slice(0, 6).map((r: { welcome: string; welcomeError: string | null }) => [r.welcome, r.welcomeError]),
    ).toEqual([
      ['sent', null],
      ['retrying', 'SMTP 451: try later'],
      ['failed', 'SMTP 550: no such user'],
      ['queued', null],
      ['unsubscribed', null],
      ['none', null],
    ])
    const third = await get('?size=50&page=3')
    expect(third.rows.map((r: { email: string }) => r.email).at(-1)).toBe('person1@example.com')
    expect(third.rows).toHaveLength(20)

    const search = await get('?q=ON11')
    expect(search.total).toBe(11) // person11, person110 … person119
    expect(search.rows.every((r: { email: string }) => r.email.includes('on11'))).toBe(true)
    // % and _ are taken literally.
    expect((await get('?q=%25')).total).toBe(0)
    expect((await app.request('/admin/api/signups?size=1000', asOwner(cookie))).status).toBe(400)
  })

  test('stats: totals and one count per day over 30 or 90 days', async () => {
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    await db.query(
      `insert into public.beta_signups (email, created_at) values ('a@example.com', now()), ('b@example.com', now()),
       ('c@example.com', now() - interval '3 days'), ('d@example.com', now() - interval '60 days')`,
    )
    const s30 = await (await app.request('/admin/api/signups/stats?days=30', asOwner(cookie))).json()
    expect(s30.total).toBe(4)
    expect(s30.last7Days).toBe(3)
    expect(s30.perDay).toHaveLength(30)
    expect(s30.perDay.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: s30.today })
    expect(s30.perDay.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(3)
    const s90 = await (await app.request('/admin/api/signups/stats?days=90', asOwner(cookie))).json()
    expect(s90.perDay).toHaveLength(90)
    expect(s90.perDay.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(4)
    expect((await app.request('/admin/api/signups/stats?days=31', asOwner(cookie))).status).toBe(400)
  })

  test('CSV export of 10,000 rows with formula-looking addresses is RFC 4180 and opens safely', async () => {
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    await db.query(
      `insert into public.beta_signups (email)
       select case i % 5 when 0 then '=HYPERLINK("http://x",' || i || ')@evil.example'
                         when 1 then '+' || i || '@evil.example'
                         when 2 then '-' || i || '+cmd|calc@evil.example'
                         when 3 then 'a,"b"' || i || '@odd.example'
                         else 'plain' || i || '@example.com' end
       from generate_series(1, 10000) i`,
    )
    const res = await app.request('/admin/api/signups/export', asOwner(cookie))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="signups-\d{4}-\d{2}-\d{2}\.csv"$/)
    const records = parseCsv(await res.text())
    expect(records[0]).toEqual(['email', 'signed_up_at', 'welcome_email'])
    const data = records.slice(1)
    expect(data).toHaveLength(10_000)
    expect(data.every((r) => r.length === 3)).toBe(true)
    // No cell begins with what a spreadsheet runs as a formula.
    expect(data.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
    // The addresses come back whole, behind the apostrophe when neutralised.
    expect(data[0]![0]).toBe(`'=HYPERLINK("http://x",10000)@evil.example`)
    expect(data[1]![0]).toBe('plain9999@example.com')
    expect(data.find((r) => r[0]!.startsWith("'+"))![0]).toBe("'+9996@evil.example")
    expect(data.find((r) => r[0]!.startsWith("'-"))![0]).toBe("'-9997+cmd|calc@evil.example")
    expect(data.find((r) => r[0]!.startsWith('a,'))![0]).toBe('a,"b"9998@odd.example')
    const audit = await db.query<{ action: string }>(
      "select action from app_private.owner_audit where action = 'signups.export'",
    )
    expect(audit.rows).toHaveLength(1)
  })

  test('contact inbox: newest first, new or handled, mark handled and reopen', async () => {
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    for (const name of ['First', 'Second', 'Third'])
      await app.request(
        '/rest/v1/contact_messages',
        anonJson({ name, email: `${name.toLowerCase()}@example.com`, subject: 'general', message: `Hi from ${name}` }),
      )
    const list = async (filter: string) =>
      (await app.request(`/admin/api/inbox?filter=${filter}`, asOwner(cookie))).json()
    const all = await list('all')
    expect(all.rows.map((m: { name: string }) => m.name)).toEqual(['Third', 'Second', 'First'])
    expect(all.counts).toEqual({ all: 3, new: 3, handled: 0 })
    const id = all.rows[1].id
    expect((await app.request(`/admin/api/inbox/${id}/handled`, asOwner(cookie, { method: 'POST' }))).status).toBe(204)
    expect((await list('new')).rows.map((m: { name: string }) => m.name)).toEqual(['Third', 'First'])
    const handled = await list('handled')
    expect(handled.rows).toHaveLength(1)
    expect(handled.rows[0]).toMatchObject({ name: 'Second', handledBy: 'owner@example.com' })
    expect((await app.request(`/admin/api/inbox/${id}/reopen`, asOwner(cookie, { method: 'POST' }))).status).toBe(204)
    expect((await list('new')).counts).toEqual({ all: 3, new: 3, handled: 0 })
    expect((await app.request('/admin/api/inbox/999999/handled', asOwner(cookie, { method: 'POST' }))).status).toBe(404)
    expect((await app.request('/admin/api/inbox/abc/handled', asOwner(cookie, { method: 'POST' }))).status).toBe(400)
  })

  test('erasing a person leaves no row holding the address in any table', async () => {
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    const victim = 'Victim@Example.com'
    for (const email of [victim, 'keep@example.com']) {
      await app.request('/rest/v1/beta_signups', anonJson({ email }))
      await app.request('/functions/v1/resend-email', anonJson({ email }))
      await app.request(
        '/rest/v1/contact_messages',
        anonJson({ name: 'V', email, subject: 'billing', message: 'Please erase me' }),
      )
      await app.request(
        '/rest/v1/contact_messages',
        anonJson({ name: 'V', email: ` ${email.toUpperCase()} `, subject: 'other', message: 'Again' }),
      )
      // Feedback from the page without a token (the address typed in).
      await app.request('/beta/feedback', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, rating: '3', works: 'Lists' }).toString(),
      })
    }
    const firstMessage = (await db.query<{ id: number }>('select min(id) as id from public.contact_messages')).rows[0]!
      .id
    await app.request(`/admin/api/inbox/${firstMessage}/handled`, asOwner(cookie, { method: 'POST' }))

    const holding = async (needle: string) => {
      const tables = await db.query<{ s: string; t: string }>(
        `select table_schema as s, table_name as t from information_schema.tables
         where table_schema in ('public', 'app_private') and table_type = 'BASE TABLE'`,
      )
      const found: string[] = []
      for (const { s, t } of tables.rows) {
        const r = await db.query<{ n: string | number }>(
          `select count(*) as n from "${s}"."${t}" x where lower(x::text) like $1`,
          [`%${needle}%`],
        )
        if (Number(r.rows[0]!.n) > 0) found.push(`${s}.${t}`)
      }
      return found.sort()
    }
    expect(await holding('victim@example.com')).toEqual([
      'app_private.beta_feedback',
      'app_private.email_queue',
      'public.beta_signups',
      'public.contact_messages',
    ])

    const res = await app.request(
      '/admin/api/people/erase',
      asOwner(cookie, { method: 'POST', body: { email: 'victim@example.COM' } }),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ signups: 1, contactMessages: 2, feedback: 1, emails: 1, outbox: 0 })
    expect(await holding('victim@example.com')).toEqual([])
    // The other person is untouched.
    expect(await holding('keep@example.com')).toEqual([
      'app_private.beta_feedback',
      'app_private.email_queue',
      'public.beta_signups',
      'public.contact_messages',
    ])
    const audit = await db.query<{ detail: { person: string } }>(
      "select detail from app_private.owner_audit where action = 'person.erase'",
    )
    expect(audit.rows[0]!.detail.person).toBe(addressHash(await ownerSecret(db), victim))
  })
})

describe.each(DB_KINDS)('lifting a suppression on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateOwner(db))

  test('an unsubscribed mailbox can sign up again once the owner lifts its suppression', async () => {
    const app = await ownerApp(db)
    const cookie = await signIn(app, db)
    await app.request('/rest/v1/beta_signups', anonJson({ email: 'back@example.com' }))
    const token = (await db.query<{ t: string }>('select unsubscribe_token::text as t from public.beta_signups'))
      .rows[0]!.t
    expect((await app.request(`/unsubscribe?token=${token}`, { method: 'POST' })).status).toBeLessThan(400)
    expect(await (await app.request('/admin/api/suppressions', asOwner(cookie))).json()).toEqual({
      count: 1,
      bounced: 0,
      complained: 0,
      owners: [],
    })
    await app.request('/rest/v1/beta_signups', anonJson({ email: 'back@example.com' }))
    expect(await count(db, 'public.beta_signups')).toBe(0)

    const lift = await app.request(
      '/admin/api/suppressions/lift',
      asOwner(cookie, { method: 'POST', body: { email: 'Back@Example.com' } }),
    )
    expect(await lift.json()).toEqual({ lifted: true })
    expect(await (await app.request('/admin/api/suppressions', asOwner(cookie))).json()).toEqual({
      count: 0,
      bounced: 0,
      complained: 0,
      owners: [],
    })
    await app.request('/rest/v1/beta_signups', anonJson({ email: 'back@example.com' }))
    expect(await count(db, 'public.beta_signups')).toBe(1)
    const again = await app.request(
      '/admin/api/suppressions/lift',
      asOwner(cookie, { method: 'POST', body: { email: 'back@example.com' } }),
    )
    expect(await again.json()).toEqual({ lifted: false })
    const audit = await db.query<{ detail: string }>(
      "select detail::text from app_private.owner_audit where action = 'suppression.lift'",
    )
    expect(audit.rows).toHaveLength(2)
    expect(audit.rows.map((r) => r.detail).join()).not.toContain('back@example.com')
  })
})
