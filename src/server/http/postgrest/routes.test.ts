import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { LIMITS } from '../../../shared/limits.ts'
import { LOCALES } from '../../../shared/locales.ts'
import type { Db } from '../../db/db.ts'
import { anonJson, count, DB_KINDS, testApp, testDb, truncateAll } from '../../test-app.ts'

const PGRST_KEYS = ['code', 'details', 'hint', 'message']

function headerList(h: Headers): string[] {
  const out: string[] = []
  h.forEach((value, name) => {
    if (name !== 'date') out.push(`${name}: ${value}`)
  })
  return out
}

describe.each(DB_KINDS)('REST interface on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let app: ReturnType<typeof testApp>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    app = testApp(db)
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  const post = (table: string, body: unknown, init?: Parameters<typeof anonJson>[1]) =>
    app.request(`/rest/v1/${table}`, anonJson(body, init))
  const expectRefused = async (res: Response, status: number, code: string) => {
    expect(res.status).toBe(status)
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual(PGRST_KEYS)
    expect(body.code).toBe(code)
    return body as { code: string; message: string; details: string | null; hint: string | null }
  }

  test('an anon sign-up is stored and answered with 201 and an empty body', async () => {
    const res = await post('beta_signups', { email: 'ada@example.com' })
    expect(res.status).toBe(201)
    expect(await res.text()).toBe('')
    const rows = await db.query<{ email: string }>('select email from public.beta_signups')
    expect(rows.rows).toEqual([{ email: 'ada@example.com' }])
  })

  test('a contact message is stored', async () => {
    const res = await post('contact_messages', {
      name: ' Ada ',
      email: 'ada@example.com',
      subject: 'billing',
      message: 'Hello there',
    })
    expect(res.status).toBe(201)
    const rows = await db.query('select name, email, subject, message from public.contact_messages')
    expect(rows.rows).toEqual([{ name: 'Ada', email: 'ada@example.com', subject: 'billing', message: 'Hello there' }])
  })

  test('a repeated sign-up in another letter case and with spaces gets the same answer and stores nothing new', async () => {
    const first = await post('beta_signups', { email: 'ada@example.com' })
    const again = await post('beta_signups', { email: '  ADA@Example.COM ' })
    expect(again.status).toBe(first.status)
    expect(await again.text()).toBe(await first.text())
    expect(headerList(again.headers)).toEqual(headerList(first.headers))
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test('concurrent sign-ups of one address all get 201 and store one row', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('beta_signups', { email: i % 2 ? 'Bo@example.com' : 'bo@example.com' })),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201))
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test('a filled honeypot gets the usual answer and nothing is stored', async () => {
    const a = await post('beta_signups', { email: 'bot@example.com', website: 'http://spam.example' })
    expect(a.status).toBe(201)
    expect(await a.text()).toBe('')
    const b = await post('contact_messages', {
      name: 'Bot',
      email: 'bot@example.com',
      subject: 'other',
      message: 'Buy',
      website: 'x',
    })
    expect(b.status).toBe(201)
    expect(await count(db, 'public.beta_signups')).toBe(0)
    expect(await count(db, 'public.contact_messages')).toBe(0)
  })

  test('an array of one row is accepted; an empty array stores nothing; several rows are refused', async () => {
    expect((await post('beta_signups', [{ email: 'one@example.com' }])).status).toBe(201)
    expect((await post('beta_signups', [])).status).toBe(201)
    await expectRefused(
      await post('beta_signups', [{ email: 'two@example.com' }, { email: 'three@example.com' }]),
      400,
      'PGRST102',
    )
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test.each([
    ['malformed JSON', '{"email":', 400, 'PGRST102'],
    ['an empty body', '', 400, 'PGRST102'],
    ['a JSON string', '"ada@example.com"', 400, 'PGRST102'],
    ['an unknown column', { email: 'ada@example.com', plan: 'pro' }, 400, 'PGRST204'],
    ['an invalid email', { email: 'not-an-email' }, 400, '23514'],
    ['a missing email', {}, 400, '23502'],
    ['a blank email', { email: '   ' }, 400, '23514'],
    ['an email with a line break', { email: 'a@b.co\r\nBcc: x@y.z' }, 400, '23514'],
    ['an over-long email', { email: `${'a'.repeat(250)}@b.co` }, 400, '23514'],
    ['a number as email', { email: 42 }, 400, '23514'],
    ['a column anon may not write', { email: 'ada@example.com', created_at: '2020-01-01T00:00:00Z' }, 401, '42501'],
  ])('a sign-up with %s is refused and stores nothing', async (_label, body, status, code) => {
    await expectRefused(await post('beta_signups', body), status, code)
    expect(await count(db, 'public.beta_signups')).toBe(0)
  })

  test("a sign-up stores the page's language; a language the site does not serve is a 400 and stores nothing", async () => {
    for (const locale of LOCALES) {
      expect((await post('beta_signups', { email: `${locale}@example.com`, locale })).status).toBe(201)
    }
    expect((await post('beta_signups', { email: 'none@example.com', locale: null })).status).toBe(201)
    const stored = await db.query<{ email: string; locale: string | null }>(
      'select email, locale from public.beta_signups order by id',
    )
    expect(stored.rows).toEqual([
      ...LOCALES.map((locale) => ({ email: `${locale}@example.com`, locale })),
      { email: 'none@example.com', locale: null },
    ])
    await truncateAll(db)
    for (const locale of ['xx', 'EN', '', 42, ['en'], 'en-US; drop table']) {
      const err = await expectRefused(await post('beta_signups', { email: 'ada@example.com', locale }), 400, '23514')
      expect(err.message).toBe(`The language must be one of the site's: ${LOCALES.join(', ')}.`)
      expect(err.details).toMatch(/^locale: /)
    }
    expect(await count(db, 'public.beta_signups')).toBe(0)
  })

  test('a sign-up stores the phone the page names (one store live, the beta for the other); anything else is a 400 and stores nothing', async () => {
    expect((await post('beta_signups', { email: 'ios@example.com', platform: 'ios' })).status).toBe(201)
    expect((await post('beta_signups', { email: 'android@example.com', platform: 'android' })).status).toBe(201)
    expect((await post('beta_signups', { email: 'none@example.com' })).status).toBe(201)
    const stored = await db.query<{ email: string; platform: string }>(
      'select email, platform from public.beta_signups order by id',
    )
    expect(stored.rows).toEqual([
      { email: 'ios@example.com', platform: 'ios' },
      { email: 'android@example.com', platform: 'android' },
      { email: 'none@example.com', platform: 'unknown' },
    ])
    await truncateAll(db)
    for (const platform of ['unknown', 'windows', '', 42, null, ['ios']]) {
      const err = await expectRefused(await post('beta_signups', { email: 'ada@example.com', platform }), 400, '23514')
      expect(err.details).toMatch(/^platform: /)
    }
    expect(await count(db, 'public.beta_signups')).toBe(0)
  })

  test('the database refuses a locale that is not a language tag, whoever inserts it (PostgREST on Supabase)', async () => {
    await expect(
      db.query("insert into public.beta_signups (email, locale) values ('ada@example.com', 'not a tag')"),
    ).rejects.toMatchObject({ code: '23514' })
    await db.query("insert into public.beta_signups (email, locale) values ('ada@example.com', 'pt-BR')")
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test('a value nested 6000 levels deep is refused with 400, not a 500, on a column anon may not write too', async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`
    for (const column of ['created_at', 'email', 'website']) {
      const res = await post('beta_signups', `{"email":"x","${column}":${deep(6000)}}`)
      const err = await expectRefused(res, 400, 'PGRST102')
      expect(err.details).toBe('JSON may nest at most 32 levels deep.')
    }
    const res = await app.request('/functions/v1/resend-email', anonJson(`{"email":${deep(6000)}}`))
    await expectRefused(res, 400, 'PGRST102')
    expect(await count(db, 'public.beta_signups')).toBe(0)
  })

  test('a column anon may not write is refused before the database, whatever its value', async () => {
    for (const value of [{ a: [1, { b: 2 }] }, [[['x']]], 1e308, true, 'not a time']) {
      const err = await expectRefused(
        await post('beta_signups', { email: 'ada@example.com', created_at: value }),
        401,
        '42501',
      )
      expect(err.message).toBe('permission denied for table beta_signups')
    }
    expect(await count(db, 'public.beta_signups')).toBe(0)
  })

  test('a local part over 64 characters is refused with a clear message, in both tables', async () => {
    const email = `${'a'.repeat(65)}@example.com`
    for (const [table, body] of [
      ['beta_signups', { email }],
      ['contact_messages', { name: 'Ada', email, subject: 'general', message: 'Hi' }],
    ] as const) {
      const err = await expectRefused(await post(table, body), 400, '23514')
      expect(err.message).toBe('The part before the @ must be at most 64 characters.')
    }
    expect(await count(db, 'public.beta_signups')).toBe(0)
    expect(await count(db, 'public.contact_messages')).toBe(0)
  })

  test('the unknown column message is PostgREST’s', async () => {
    const body = await expectRefused(await post('beta_signups', { email: 'ada@example.com', x: 1 }), 400, 'PGRST204')
    expect(body.message).toBe("Could not find the 'x' column of 'beta_signups' in the schema cache")
  })

  const contact = { name: 'Ada', email: 'ada@example.com', subject: 'general', message: 'Hi' }
  test.each([
    ['a blank name', { ...contact, name: '  ' }, 'Name is required.'],
    ['a blank message', { ...contact, message: '\n \t' }, 'Message is required.'],
    ['a subject not in the list', { ...contact, subject: 'sales' }, 'Choose a subject.'],
    [
      'an over-long name',
      { ...contact, name: 'n'.repeat(LIMITS.name + 1) },
      `Name must be at most ${LIMITS.name} characters.`,
    ],
    [
      'an over-long message',
      { ...contact, message: 'm'.repeat(LIMITS.message + 1) },
      `Message must be at most ${LIMITS.message} characters.`,
    ],
    ['a name on two lines', { ...contact, name: 'Ada\nLovelace' }, 'Name must be on one line.'],
    ['an invalid email', { ...contact, email: 'ada@' }, 'Enter a valid email address.'],
  ])('a contact message with %s is refused with a message for people', async (_label, body, message) => {
    const err = await expectRefused(await post('contact_messages', body), 400, '23514')
    expect(err.message).toBe(message)
    expect(await count(db, 'public.contact_messages')).toBe(0)
  })

  test('a missing field is named', async () => {
    const err = await expectRefused(
      await post('contact_messages', { name: 'Ada', email: 'ada@example.com', subject: 'general' }),
      400,
      '23502',
    )
    expect(err.message).toBe('Message is required.')
    expect(err.details).toContain('message')
  })

  test('a body over 16 KB is refused with 413', async () => {
    await expectRefused(await post('contact_messages', { ...contact, message: 'm'.repeat(17 * 1024) }), 413, '54000')
    expect(await count(db, 'public.contact_messages')).toBe(0)
  })

  test('a body that is not JSON is refused with 415', async () => {
    const res = await post('beta_signups', 'email=ada%40example.com', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    await expectRefused(res, 415, 'PGRST107')
    expect(await count(db, 'public.beta_signups')).toBe(0)
  })

  test('return=representation is refused like PostgREST refuses anon without SELECT, and stores nothing', async () => {
    const res = await post(
      'beta_signups',
      { email: 'ada@example.com' },
      { headers: { prefer: 'return=representation' } },
    )
    const err = await expectRefused(res, 401, '42501')
    expect(err.message).toBe('permission denied for table beta_signups')
    expect(await count(db, 'public.beta_signups')).toBe(0)
  })

  test.each(['GET', 'PATCH', 'PUT', 'DELETE'])(
    '%s on a table is refused by the database (42501, 401)',
    async (method) => {
      await post('beta_signups', { email: 'ada@example.com' })
      const init = anonJson(method === 'GET' || method === 'DELETE' ? undefined : { email: 'x@example.com' }, {
        method,
      })
      if (method === 'GET' || method === 'DELETE') delete init.body
      const res = await app.request(`/rest/v1/beta_signups?select=*&email=eq.ada@example.com`, init)
      const err = await expectRefused(res, 401, '42501')
      expect(err.message).toBe('permission denied for table beta_signups')
      const rows = await db.query<{ email: string }>('select email from public.beta_signups')
      expect(rows.rows).toEqual([{ email: 'ada@example.com' }])
    },
  )

  test('an upsert is refused (it needs UPDATE)', async () => {
    const res = await post(
      'beta_signups',
      { email: 'ada@example.com' },
      { headers: { prefer: 'resolution=merge-duplicates' } },
    )
    await expectRefused(res, 401, '42501')
    expect(await count(db, 'public.beta_signups')).toBe(0)
  })

  test('an unknown table is a 404 PGRST205', async () => {
    const err = await expectRefused(await post('users', { email: 'ada@example.com' }), 404, 'PGRST205')
    expect(err.message).toBe("Could not find the table 'public.users' in the schema cache")
    await expectRefused(
      await app.request('/rest/v1/email_queue', { headers: { apikey: 'local-anon-key-not-secret' } }),
      404,
      'PGRST205',
    )
  })

  test('other paths and methods under /rest/v1 get 4xx answers in PostgREST’s shape', async () => {
    const key = { apikey: 'local-anon-key-not-secret' }
    for (const [path, method] of [
      ['/rest/v1/', 'GET'],
      ['/rest/v1/rpc/anything', 'POST'],
      ['/rest/v1/beta_signups/1', 'GET'],
      ['/rest/v1/beta_signups', 'PROPFIND'],
    ] as const) {
      const res = await app.request(path, { method, headers: key })
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400)
      expect(res.status, `${method} ${path}`).toBeLessThan(500)
      expect(Object.keys(await res.json()).sort()).toEqual(PGRST_KEYS)
    }
  })

  // app.ts registers CORS and the key check on `/rest/v1/*` and `/functions/v1/*` only: the bare
  // prefixes get both as every path under them does (issue 40 removed a second registration).
  test('the bare /rest/v1 and /functions/v1 get the CORS answer and the key check', async () => {
    for (const path of ['/rest/v1', '/functions/v1']) {
      const preflight = await app.request(path, {
        method: 'OPTIONS',
        headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
      })
      expect(preflight.status, path).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin'), path).toBe('*')
      const keyless = await app.request(path, { headers: { origin: 'https://elsewhere.example' } })
      expect(keyless.status, path).toBe(401)
      expect(keyless.headers.get('access-control-allow-origin'), path).toBe('*')
      expect((await keyless.json()).code, path).toBe('PGRST302')
      const wrongKey = await app.request(path, { headers: { apikey: 'not-the-anon-key' } })
      expect(wrongKey.status, path).toBe(401)
      expect((await wrongKey.json()).code, path).toBe('PGRST301')
    }
  })
})
