import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { anonJson, count, DB_KINDS, testDb } from '../../test-app.ts'
import { asOwner, OWNER, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import type { ApiScope } from '../../../shared/api-tokens.ts'
import { LOCALES } from '../../../shared/locales.ts'

// The API end to end in one process, on both databases: the owner makes tokens in the console,
// a client calls /api/v1 with them, and every answer is validated against docs/api/openapi.json
// (as the repository keeps it) with Ajv, a JSON Schema validator independent of zod.

// As the repository keeps it; test/api-doc.test.ts checks that it is what the generator writes.
const OPENAPI_PATH = fileURLToPath(new URL('../../../../docs/api/openapi.json', import.meta.url))
const openapi = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>
}
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
ajv.addSchema(openapi, 'openapi.json')

/** Checks an answer against the response the OpenAPI file declares for its path, method and status. */
async function conforms(res: Response, path: string, method: 'get' | 'post'): Promise<unknown> {
  const declared = openapi.paths[path]?.[method]?.responses[String(res.status)]
  expect(declared, `${method} ${path} ${res.status} is not in openapi.json`).toBeDefined()
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  const body = await res.json()
  const pointer = JSON.stringify(declared!.content!['application/json']!.schema)
  const schema = (declared!.content!['application/json']!.schema as { $ref: string }).$ref
  const validate: ValidateFunction = ajv.getSchema(`openapi.json${schema}`)!
  expect(validate, pointer).toBeDefined()
  expect(validate(body) ? [] : validate.errors, `${method} ${path} ${res.status}`).toEqual([])
  return body
}

describe.each(DB_KINDS)('the API on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateOwner(db))

  async function setUp(config: Record<string, unknown> = {}) {
    const app = await ownerApp(db, config)
    const cookie = await signIn(app, db)
    const console = (path: string, body?: unknown) =>
      app.request(path, asOwner(cookie, body === undefined ? {} : { method: 'POST', body }))
    async function token(scopes: ApiScope[], name = 'Dashboard') {
      const res = await console('/admin/api/integrations/tokens', { name, scopes })
      expect(res.status).toBe(201)
      return (await res.json()) as { token: { id: number; prefix: string }; secret: string }
    }
    const api = (path: string, secret: string | null, init: { method?: string; body?: unknown } = {}) =>
      app.request(`/api/v1${path}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(secret === null ? {} : { authorization: `Bearer ${secret}` }),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      })
    return { app, console, token, api }
  }

  test('a token without a name or a scope is a 400 with the schema’s message, and nothing is stored', async () => {
    const { console } = await setUp()
    for (const [body, message] of [
      [{ name: '', scopes: ['stats:read'] }, 'Name the token (what uses it).'],
      [{ name: 'Dashboard', scopes: [] }, 'Choose at least one scope.'],
    ] as const) {
      const res = await console('/admin/api/integrations/tokens', body)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: '22023', message })
    }
    expect(await (await console('/admin/api/integrations/tokens')).json()).toEqual({ tokens: [] })
  })

  test('a stats:read token reads the funnel per source and gets 403 on the sign-up list', async () => {
    const { token, api } = await setUp()
    await db.query(
      `insert into public.beta_signups (email, source, confirmed_at) values
       ('a@example.com', 'newsletter', now()), ('b@example.com', 'newsletter', null), ('c@example.com', null, null)`,
    )
    const { secret } = await token(['stats:read'])
    const stats = (await conforms(await api('/stats?days=7', secret), '/stats', 'get')) as {
      signups: { total: number; confirmed: number }
      funnel: { sources: { source: string; signups: number; confirmed: number }[] }
      play: { required: number; apply_on: string | null }
    }
    expect(stats.signups).toMatchObject({ total: 3, confirmed: 1 })
    expect(stats.funnel.sources.find((s) => s.source === 'newsletter')).toMatchObject({ signups: 2, confirmed: 1 })
    expect(stats.play).toMatchObject({ required: 12, apply_on: null })

    const refused = await api('/signups', secret)
    expect(refused.status).toBe(403)
    expect(refused.headers.get('www-authenticate')).toContain('insufficient_scope')
    expect(await conforms(refused, '/signups', 'get')).toMatchObject({ code: '42501' })
    const write = await api('/signups', secret, { method: 'POST', body: { email: 'd@example.com' } })
    expect(write.status).toBe(403)
    expect(await db.query(`select 1 from public.beta_signups where email = 'd@example.com'`)).toMatchObject({
      rows: [],
    })
    // Its use is recorded (at most once a minute).
    const used = await db.query<{ last_used_at: Date | null }>('select last_used_at from app_private.api_tokens')
    expect(used.rows[0]!.last_used_at).not.toBeNull()
  })

  test('no token, a malformed or unknown one, and a revoked one get 401; create and revoke are audited', async () => {
    const { console, token, api } = await setUp()
    const made = await token(['stats:read', 'signups:read'])
    expect((await api('/stats', made.secret)).status).toBe(200)

    const none = await api('/stats', null)
    expect(none.status).toBe(401)
    expect(await conforms(none, '/stats', 'get')).toMatchObject({ code: 'PGRST302' })
    for (const wrong of ['lp_short', made.secret.slice(0, -1) + (made.secret.endsWith('A') ? 'B' : 'A')]) {
      const res = await api('/stats', wrong)
      expect(res.status, wrong).toBe(401)
      expect(await conforms(res, '/stats', 'get')).toMatchObject({ code: 'PGRST301' })
    }

    const revoked = await console(`/admin/api/integrations/tokens/${made.token.id}/revoke`, {})
    expect(revoked.status).toBe(200)
    expect(((await revoked.json()) as { revokedAt: string | null }).revokedAt).not.toBeNull()
    for (const path of ['/stats', '/signups'] as const) {
      const res = await api(path, made.secret)
      expect(res.status, path).toBe(401)
      expect(res.headers.get('www-authenticate')).toContain('invalid_token')
      expect(await conforms(res, path, 'get')).toMatchObject({ code: 'PGRST301' })
    }
    // Revoking twice finds nothing to revoke.
    expect((await console(`/admin/api/integrations/tokens/${made.token.id}/revoke`, {})).status).toBe(404)

    const audit = await db.query<{ actor: string; action: string; detail: Record<string, unknown> }>(
      `select actor, action, detail from app_private.owner_audit where action like 'api-token.%' order by id`,
    )
    expect(audit.rows).toEqual([
      {
        actor: OWNER,
        action: 'api-token.create',
        detail: {
          token: made.token.id,
          name: 'Dashboard',
          prefix: made.token.prefix,
          scopes: ['stats:read', 'signups:read'],
        },
      },
      {
        actor: OWNER,
        action: 'api-token.revoke',
        detail: { token: made.token.id, name: 'Dashboard', prefix: made.token.prefix },
      },
    ])
  })

  test('the table holds no token in clear: its SHA-256 and a short prefix only', async () => {
    const { console, token } = await setUp()
    const made = await token(['signups:write'])
    expect(made.secret).toMatch(/^lp_[A-Za-z0-9_-]{43}$/)
    expect(made.token.prefix).toBe(made.secret.slice(0, 9))
    const rows = await db.query<Record<string, unknown>>('select * from app_private.api_tokens')
    expect(rows.rows).toHaveLength(1)
    const row = rows.rows[0]!
    const stored = JSON.stringify(row, (_k, v: unknown) =>
      v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v,
    )
    // Not the token, nor any 12 characters of its random part, in any column or encoding.
    expect(stored).not.toContain(made.secret)
    const random = made.secret.slice(3)
    for (let i = 6; i + 12 <= random.length; i++) expect(stored).not.toContain(random.slice(i, i + 12))
    expect(Buffer.from(row.token_hash as Uint8Array).toString('hex')).toBe(
      createHash('sha256').update(made.secret).digest('hex'),
    )
    // Nor does the console show it again.
    const list = await (await console('/admin/api/integrations/tokens')).text()
    expect(list).toContain(made.token.prefix)
    expect(list).not.toContain(made.secret)
  })

  test('pagination returns every row exactly once across pages while rows are inserted', async () => {
    const { token, api } = await setUp()
    await db.query(
      `insert into public.beta_signups (email) select 'p' || i || '@example.com' from generate_series(1, 23) i`,
    )
    const { secret } = await token(['signups:read', 'signups:write'])
    const seen: number[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const res = await api(`/signups?limit=5${cursor ? `&cursor=${cursor}` : ''}`, secret)
      expect(res.status).toBe(200)
      const page = (await conforms(res, '/signups', 'get')) as { data: { id: number }[]; next_cursor: string | null }
      seen.push(...page.data.map((r) => r.id))
      cursor = page.next_cursor
      // People keep signing up meanwhile, through the API and the database alike; one leaves.
      if (pages < 3) {
        const added = await api('/signups', secret, { method: 'POST', body: { email: `new${pages}@example.com` } })
        expect(added.status).toBe(201)
        await db.query(`insert into public.beta_signups (email) values ($1)`, [`sql${pages}@example.com`])
      }
      if (pages === 1) await db.query(`delete from public.beta_signups where email = 'p22@example.com'`)
      pages++
    } while (cursor !== null && pages < 50)
    const all = await db.query<{ id: string }>('select s.id::text as id from public.beta_signups s order by s.id')
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toEqual(all.rows.map((r) => Number(r.id)))
    expect(seen.length).toBe(23 - 1 + 6)

    for (const bad of ['nope', 'djE6MA', Buffer.from('v1:-4').toString('base64url')]) {
      const res = await api(`/signups?cursor=${bad}`, secret)
      expect(res.status, bad).toBe(400)
      expect(await conforms(res, '/signups', 'get')).toMatchObject({ code: '22023' })
    }
    expect((await api('/signups?limit=501', secret)).status).toBe(400)
  })

  test('POST adds a person as the page does: suppression, exactly one welcome, the same errors', async () => {
    const { app, token, api } = await setUp()
    const { secret } = await token(['signups:write'])
    const welcomes = async (email: string) =>
      Number(
        (
          await db.query<{ n: string }>(
            `select count(*)::text as n from app_private.email_queue where kind = 'welcome' and to_email = $1`,
            [email],
          )
        ).rows[0]!.n,
      )

    const added = await api('/signups', secret, { method: 'POST', body: { email: ' Fresh@Example.com ' } })
    expect(added.status).toBe(201)
    const body = await conforms(added, '/signups', 'post')
    expect(body).toEqual({ email: 'Fresh@Example.com', source: 'api', email_queued: 'welcome' })
    expect(await welcomes('Fresh@Example.com')).toBe(1)
    // Again (the same mailbox): the page's answer to an address on the list, and still one welcome.
    const again = await api('/signups', secret, { method: 'POST', body: { email: 'fresh@example.com' } })
    expect(again.status).toBe(201)
    expect(await conforms(again, '/signups', 'post')).toMatchObject({ email_queued: null })
    expect(await count(db, 'public.beta_signups')).toBe(1)
    expect(await welcomes('Fresh@Example.com')).toBe(1)

    // A suppressed mailbox gets the page's answer, and neither a row nor an email.
    await db.query(`select app_private.suppress_mailbox('gone@example.com', 'bounced')`)
    const suppressed = await api('/signups', secret, { method: 'POST', body: { email: 'gone@example.com' } })
    expect(suppressed.status).toBe(201)
    expect(await conforms(suppressed, '/signups', 'post')).toMatchObject({ email_queued: null })
    expect(await welcomes('gone@example.com')).toBe(0)
    expect(await db.query(`select 1 from public.beta_signups where email = 'gone@example.com'`)).toMatchObject({
      rows: [],
    })

    // The caller names the source (kept as the page keeps one).
    const sourced = await api('/signups', secret, {
      method: 'POST',
      body: { email: 'partner@example.com', source: 'Partner', source_campaign: 'spring', locale: LOCALES.at(-1) },
    })
    expect(await conforms(sourced, '/signups', 'post')).toMatchObject({ source: 'Partner', email_queued: 'welcome' })
    const row = await db.query<{ source: string; source_campaign: string; locale: string }>(
      `select source, source_campaign, locale from public.beta_signups where email = 'partner@example.com'`,
    )
    expect(row.rows[0]).toEqual({ source: 'Partner', source_campaign: 'spring', locale: LOCALES.at(-1) })

    // Refused exactly as the page's insert refuses the same fields.
    for (const fields of [{ email: 'not-an-address' }, { email: 'x@example.com', locale: 'xx' }, { email: 7 }]) {
      const viaApi = await api('/signups', secret, { method: 'POST', body: fields })
      const viaPage = await app.request('/rest/v1/beta_signups', anonJson(fields))
      expect(viaApi.status, JSON.stringify(fields)).toBe(viaPage.status)
      expect(viaApi.status).toBe(400)
      expect(await conforms(viaApi, '/signups', 'post')).toEqual(await viaPage.json())
    }
    const extra = await api('/signups', secret, { method: 'POST', body: { email: 'y@example.com', status: 'invited' } })
    expect(extra.status).toBe(400)
    expect(await conforms(extra, '/signups', 'post')).toMatchObject({ code: 'PGRST204' })
    expect(
      await db.query(`select 1 from public.beta_signups where email in ('x@example.com', 'y@example.com')`),
    ).toMatchObject({ rows: [] })
  })

  test('with double opt-in, POST queues the request to confirm, not the welcome', async () => {
    const { token, api } = await setUp({ SIGNUP_CONFIRMATION: true })
    const { secret } = await token(['signups:write'])
    const res = await api('/signups', secret, { method: 'POST', body: { email: 'optin@example.com' } })
    expect(res.status).toBe(201)
    expect(await conforms(res, '/signups', 'post')).toMatchObject({ email_queued: 'confirm-signup' })
    const kinds = await db.query<{ kind: string }>(
      `select kind from app_private.email_queue where to_email = 'optin@example.com'`,
    )
    expect(kinds.rows).toEqual([{ kind: 'confirm-signup' }])
  })

  test('the last use is written at most once a minute per token', async () => {
    const { token, api } = await setUp()
    const { secret } = await token(['stats:read'])
    const lastUsed = async () =>
      (await db.query<{ t: string | null }>('select last_used_at::text as t from app_private.api_tokens')).rows[0]!.t
    expect(await lastUsed()).toBeNull()
    expect((await api('/stats', secret)).status).toBe(200)
    const first = await lastUsed()
    expect(first).not.toBeNull()
    // Half a minute ago: the next calls leave it alone.
    await db.query(`update app_private.api_tokens set last_used_at = now() - interval '30 seconds'`)
    const recent = await lastUsed()
    for (let i = 0; i < 3; i++) expect((await api('/stats', secret)).status).toBe(200)
    expect(await lastUsed()).toBe(recent)
    // Two minutes ago: the next call writes it.
    await db.query(`update app_private.api_tokens set last_used_at = now() - interval '2 minutes'`)
    const old = await lastUsed()
    expect((await api('/stats', secret)).status).toBe(200)
    expect(Date.parse((await lastUsed())!)).toBeGreaterThan(Date.parse(old!))
  })

  test('a token over its per-minute budget gets 429 with Retry-After; another token is not affected', async () => {
    const { token, api } = await setUp({ RATE_LIMIT_API_TOKEN_PER_MINUTE: 3 })
    const busy = await token(['stats:read'], 'Busy')
    const calm = await token(['stats:read'], 'Calm')
    for (let i = 0; i < 3; i++) expect((await api('/stats', busy.secret)).status).toBe(200)
    const limited = await api('/stats', busy.secret)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await conforms(limited, '/stats', 'get')).toMatchObject({ code: 'RATE_LIMITED' })
    expect((await api('/stats', calm.secret)).status).toBe(200)
  })
})
