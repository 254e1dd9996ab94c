import { createHash, createHmac, randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { freePort } from '../scripts/pg-cluster.ts'
import { createApp } from '../src/server/app.ts'
import { openDb } from '../src/server/db/open.ts'
import { testConfig } from '../src/server/test-config.ts'
import { DEFAULT_LOCALE, EMAIL_TEXTS, LOCALES, type Locale } from '../src/shared/content.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { startGateway } from './support/supabase-gateway.ts'
import type { Db } from '../src/server/db/db.ts'
import { welcome } from '../src/emails/welcome.kind.ts'
import { anonJson, silentLogger, testApp, testDb } from '../src/server/test-app.ts'
import { startResendStandIn, type ResendStandIn } from './support/resend-stand-in.ts'
import { startSupabaseDatabase, type SupabaseDatabase } from './support/supabase-database.ts'
import { startFunction, type RunningFunction } from './support/supabase-function.ts'

// The resend-email edge function under the real Deno binary, as deployed (its deno.json's npm:
// pins), against a Supabase-like database and the Resend stand-in.

const API_KEY = 're_test_supabase'
const SITE_URL = 'https://beta.example.com'
const EMAIL_FROM = 'Beta Team <hello@example.com>'
const SERVICE_KEY = `service-role-${randomBytes(16).toString('hex')}`

let supa: SupabaseDatabase
let admin: pg.Client
let api: pg.Client
let resend: ResendStandIn
let fn: RunningFunction
let node: { db: Db; close: () => Promise<void> }
let app: ReturnType<typeof testApp>

beforeAll(async () => {
  ;[supa, resend, node] = await Promise.all([
    startSupabaseDatabase(),
    startResendStandIn({ apiKey: API_KEY }),
    testDb('pglite'),
  ])
  admin = new pg.Client({ connectionString: supa.url })
  api = new pg.Client({ connectionString: supa.authenticatorUrl })
  await Promise.all([admin.connect(), api.connect()])
  fn = await startFunction({
    SUPABASE_DB_URL: supa.url,
    RESEND_API_KEY: API_KEY,
    EMAIL_FROM,
    SITE_URL,
    RESEND_API_URL: resend.url,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
  })
  app = testApp(node.db)
}, 180_000)
afterAll(async () => {
  await fn?.stop()
  await Promise.all([api?.end(), admin?.end()])
  await Promise.all([supa?.stop(), resend?.close(), node?.close()])
})
beforeEach(() => resend.setFaults(null))

/** The page's sign-up, as PostgREST runs it: the authenticator login, `set role anon`, one insert. */
async function signUp(email: string): Promise<void> {
  await api.query('begin')
  await api.query('set local role anon')
  await api.query('insert into public.beta_signups (email) values ($1)', [email])
  await api.query('commit')
}

const call = (path: string, init: RequestInit) => fetch(`${fn.url}${path}`, init)
const resendEmail = (email: string) => call('/resend-email', anonJson({ email }))
const asService = { authorization: `Bearer ${SERVICE_KEY}` }
const retry = () => call('/resend-email/retry', { method: 'POST', headers: asService })
const queueRows = async (to: string) =>
  (
    await admin.query<{ id: string; status: string; attempts: number; last_error: string | null }>(
      'select id::text, status, attempts, last_error from app_private.email_queue where to_email = $1',
      [to],
    )
  ).rows

test('a listed address gets one welcome email, the one the Node server would send', async () => {
  await signUp('Ada@Example.com')
  for (const typed of ['ada@example.com', ' ADA@example.com ']) {
    const res = await resendEmail(typed)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ queued: true })
  }
  const [email, ...more] = resend.emailsTo('Ada@Example.com')
  expect(more).toEqual([])
  const [row] = await queueRows('Ada@Example.com')
  expect(row).toMatchObject({ status: 'sent', attempts: 1 })
  // Recorded in the queue before it was sent, and sent with the row's id as Idempotency-Key.
  expect(email!.key).toBe(row!.id)

  // The same template and the same builder: what the Node server sends for this row, byte for byte.
  const signup = (
    await admin.query(
      "select unsubscribe_token::text as t, platform_token::text as p, invite_token::text as i, feedback_token::text as f from public.beta_signups where email = 'Ada@Example.com'",
    )
  ).rows[0]
  const built = await welcome.build(
    {
      id: row!.id,
      kind: 'welcome',
      toEmail: 'Ada@Example.com',
      attempts: 1,
      unsubscribeToken: signup.t,
      contact: null,
      payload: null,
      signup: {
        platform: 'unknown',
        platformToken: signup.p,
        inviteToken: signup.i,
        invitationLinks: null,
        feedbackToken: signup.f,
        appToken: signup.f,
        locale: null,
      },
      message: null,
    },
    null,
    { EMAIL_FROM, PUBLIC_URL: SITE_URL, BETA_PAGES: false },
  )
  if (!('email' in built)) throw new Error('the Node builder cancelled the email')
  const sent = JSON.parse(email!.body)
  expect(sent).toEqual({
    from: built.email.from,
    to: [built.email.to],
    subject: built.email.subject,
    html: built.email.html,
    text: built.email.text,
    headers: built.email.headers,
  })
  expect(sent.text).toContain(`${SITE_URL}/unsubscribe?token=${signup.t}`)
  // The static host has no /beta pages, so the email asks no phone choice it could not record.
  expect(sent.text).not.toContain('/beta/phone')
})

// The function's logs hash addresses under a key of its service-role key.
test('the logs name an address only by a keyed hash', async () => {
  await signUp('Hopper@Example.com')
  expect((await resendEmail('hopper@example.com')).status).toBe(200)
  const key = createHmac('sha256', SERVICE_KEY).update('solodesk-owner:log').digest()
  const keyed = createHmac('sha256', key).update('hopper@example.com').digest('hex').slice(0, 12)
  const plain = createHash('sha256').update('hopper@example.com').digest('hex').slice(0, 12)
  expect(fn.output()).toContain(`"to":"${keyed}"`)
  expect(fn.output()).not.toContain(plain)
  expect(fn.output().toLowerCase()).not.toContain('hopper@example.com')
})

test('an address never signed up gets the same answer, and nothing is queued or sent', async () => {
  const before = resend.requests.length
  const res = await resendEmail('stranger@example.com')
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ queued: true })
  expect(resend.requests.length).toBe(before)
  expect(await queueRows('stranger@example.com')).toEqual([])
})

test('50 concurrent calls for one address send exactly one email', async () => {
  await signUp('grace@example.com')
  const answers = await Promise.all(Array.from({ length: 50 }, () => resendEmail('grace@example.com')))
  expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200))
  await retry()
  expect(resend.emailsTo('grace@example.com')).toHaveLength(1)
  expect(await queueRows('grace@example.com')).toHaveLength(1)
})

test('one email per mailbox: a +tag, Gmail dots and googlemail.com are one sign-up', async () => {
  await signUp('ann.lee+beta@gmail.com')
  await signUp('Ann.Lee@googlemail.com')
  for (const typed of ['annlee@gmail.com', 'ann.lee+beta@gmail.com', 'ANN.LEE+other@googlemail.com']) {
    expect(await (await resendEmail(typed)).json()).toEqual({ queued: true })
  }
  await retry()
  expect(resend.emails.filter((e) => e.to.some((to) => /ann\.?lee/i.test(to))).map((e) => e.to)).toEqual([
    ['ann.lee+beta@gmail.com'],
  ])
})

test('a mailbox that left the beta gets nothing, also when it signs up again', async () => {
  await signUp('edsger@example.com')
  // An outage at sign-up: the welcome email waits in the queue, then the address leaves.
  resend.setFaults([{ kind: 'status', status: 500 }])
  await resendEmail('edsger@example.com')
  resend.setFaults(null)
  const token = (
    await admin.query("select unsubscribe_token::text as t from public.beta_signups where email = 'edsger@example.com'")
  ).rows[0].t
  expect((await admin.query('select app_private.unsubscribe($1::uuid) as ok', [token])).rows[0].ok).toBe(true)

  await signUp('Edsger+again@example.com')
  expect(
    Number((await admin.query("select count(*) as n from public.beta_signups where email ilike 'edsger%'")).rows[0].n),
  ).toBe(0)
  expect((await resendEmail('edsger@example.com')).status).toBe(200)
  await admin.query('update app_private.email_queue set next_attempt_at = now()')
  await retry()
  expect(resend.emails.filter((e) => e.to.some((to) => /edsger/i.test(to)))).toEqual([])
  // And the rule itself refuses, whoever calls it.
  expect((await admin.query(`select app_private.enqueue_welcome_email('edsger@example.com') as q`)).rows[0].q).toBe(
    false,
  )
})

test('leaving the beta: a GET never removes; a POST does once; unknown and used tokens get one answer', async () => {
  await signUp('alan@example.com')
  const token = (
    await admin.query("select unsubscribe_token::text as t from public.beta_signups where email = 'alan@example.com'")
  ).rows[0].t
  const leave = (t: string, init: RequestInit = { method: 'POST' }) =>
    call(`/resend-email/unsubscribe?token=${t}`, init)
  expect((await leave(token, { method: 'GET' })).status).toBe(405)
  expect(
    Number(
      (await admin.query("select count(*) as n from public.beta_signups where email = 'alan@example.com'")).rows[0].n,
    ),
  ).toBe(1)
  // RFC 8058: the mail client POSTs List-Unsubscribe=One-Click as a form.
  const oneClick = await leave(token, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  })
  expect(oneClick.status).toBe(200)
  expect(await oneClick.json()).toEqual({ unsubscribed: true })
  expect(
    Number(
      (await admin.query("select count(*) as n from public.beta_signups where email = 'alan@example.com'")).rows[0].n,
    ),
  ).toBe(0)
  const used = await leave(token)
  const unknown = await leave('00000000-0000-4000-8000-000000000000')
  const malformed = await leave('nonsense')
  const answers = await Promise.all(
    [used, unknown, malformed].map(async (r) => ({ status: r.status, body: await r.json() })),
  )
  expect(answers[0]!.status).toBe(404)
  expect(answers[1]).toEqual(answers[0])
  expect(answers[2]).toEqual(answers[0])
  // And the mailbox stays off the list.
  await signUp('alan@example.com')
  expect(
    Number(
      (await admin.query("select count(*) as n from public.beta_signups where email = 'alan@example.com'")).rows[0].n,
    ),
  ).toBe(0)
})

describe('an outage at sign-up time', () => {
  test('the email waits in the queue, and the retry entry point delivers it exactly once', async () => {
    await signUp('linus@example.com')
    resend.setFaults([{ kind: 'status', status: 503 }])
    expect((await resendEmail('linus@example.com')).status).toBe(200)
    expect(resend.emailsTo('linus@example.com')).toEqual([])
    const [waiting] = await queueRows('linus@example.com')
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 })
    expect(waiting!.last_error).toContain('503')

    // Not due yet: the retry entry point respects the backoff even when Resend is back.
    resend.setFaults(null)
    expect((await retry()).status).toBe(202)
    expect(resend.emailsTo('linus@example.com')).toEqual([])

    // The backoff has passed (here: moved forward) and pg_cron calls the entry point.
    await admin.query("update app_private.email_queue set next_attempt_at = now() where to_email = 'linus@example.com'")
    expect((await retry()).status).toBe(202)
    expect((await retry()).status).toBe(202)
    const delivered = resend.emailsTo('linus@example.com')
    expect(delivered).toHaveLength(1)
    expect(delivered[0]!.key).toBe(waiting!.id)
    expect(await queueRows('linus@example.com')).toMatchObject([{ status: 'sent', attempts: 2 }])
  })

  test('an email Resend accepted but whose answer was lost is not sent twice', async () => {
    await signUp('barbara@example.com')
    resend.setFaults([{ kind: 'drop-after-accept' }])
    expect((await resendEmail('barbara@example.com')).status).toBe(200)
    resend.setFaults(null)
    await admin.query(
      "update app_private.email_queue set next_attempt_at = now() where to_email = 'barbara@example.com'",
    )
    await retry()
    expect(resend.emailsTo('barbara@example.com')).toHaveLength(1)
    const [row] = await queueRows('barbara@example.com')
    expect(row!.status).toBe('sent')
    // Every request carried the row's key; Resend (the stand-in) accepted the first and replayed its
    // answer to the retry. (Deno's HTTP client may itself repeat a request whose connection dropped.)
    const outcomes = resend.requests.filter((r) => r.key === row!.id).map((r) => r.outcome)
    expect(outcomes[0]).toBe('fault:drop-after-accept')
    expect(outcomes.at(-1)).toBe('replayed')
    expect(outcomes).not.toContain('sent')
  })
})

// The retry entry point was open to anyone; each call claimed on the database.
test('the retry entry point refuses every caller without the service-role key, before any database work', async () => {
  await signUp('radia@example.com')
  resend.setFaults([{ kind: 'status', status: 503 }])
  await resendEmail('radia@example.com')
  resend.setFaults(null)
  // Due now: any claim would send it.
  await admin.query("update app_private.email_queue set next_attempt_at = now() where to_email = 'radia@example.com'")
  const before = await queueRows('radia@example.com')
  expect(before).toMatchObject([{ status: 'pending', attempts: 1 }])

  const refused: [string, RequestInit][] = [
    ['no key', { method: 'POST' }],
    [
      'the publishable key',
      { method: 'POST', headers: { apikey: 'sb_publishable_x', authorization: 'Bearer sb_publishable_x' } },
    ],
    ['a wrong key', { method: 'POST', headers: { authorization: `Bearer ${SERVICE_KEY.slice(0, -1)}x` } }],
    ['the key with more after it', { method: 'POST', headers: { authorization: `Bearer ${SERVICE_KEY}x` } }],
    ['a prefix of the key', { method: 'POST', headers: { authorization: `Bearer ${SERVICE_KEY.slice(0, 20)}` } }],
    ['the key as apikey only', { method: 'POST', headers: { apikey: SERVICE_KEY } }],
    ['the key without Bearer', { method: 'POST', headers: { authorization: SERVICE_KEY } }],
    ['a GET without key', { method: 'GET' }],
  ]
  for (const [name, init] of refused) {
    for (const path of ['/resend-email/retry', '/functions/v1/resend-email/retry']) {
      const res = await call(path, init)
      expect({ name, path, status: res.status }).toEqual({ name, path, status: 401 })
      expect(Object.keys(await res.json()).sort()).toEqual(['code', 'details', 'hint', 'message'])
    }
  }
  // Nothing was claimed or sent.
  expect(await queueRows('radia@example.com')).toEqual(before)
  expect(resend.emailsTo('radia@example.com')).toEqual([])

  // The page's own entry point stays public.
  expect((await resendEmail('nobody@example.com')).status).toBe(200)
  // With the key: a GET is still refused, a POST sends the due email.
  expect((await call('/resend-email/retry', { method: 'GET', headers: asService })).status).toBe(405)
  expect((await retry()).status).toBe(202)
  expect(resend.emailsTo('radia@example.com')).toHaveLength(1)
})

test("the pg_cron job's call (Vault secrets, pg_net) reaches the retry entry point", async () => {
  // Stand-ins for what a Supabase project provides: Vault's decrypted view, and pg_net's
  // http_post, which here records the request; the test then sends it, as pg_net would.
  await admin.query(`
    create schema vault;
    create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
    create schema net;
    create table net.requests (id bigserial primary key, url text, body jsonb, headers jsonb, timeout_milliseconds int);
    create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}', headers jsonb default '{}', timeout_milliseconds int default 5000)
    returns bigint language sql as $$
      insert into net.requests (url, body, headers, timeout_milliseconds) values (url, body, headers, timeout_milliseconds) returning id
    $$;
  `)
  // Where Vault exists, the suppression list's key lives there too (migration 20261122100100).
  await admin.query(
    `insert into vault.decrypted_secrets select name, encode(value, 'hex') from app_private.secrets where name = 'suppression_hmac_key'`,
  )
  await expect(admin.query('select app_private.call_resend_email_retry()')).rejects.toThrow(/Vault secrets/)
  // The secrets of the first version of the job (20261122300100) are no longer enough.
  await admin.query(
    `insert into vault.decrypted_secrets values ('resend_email_project_url', $1), ('resend_email_publishable_key', 'sb_publishable_test')`,
    [`${fn.url}/`],
  )
  await expect(admin.query('select app_private.call_resend_email_retry()')).rejects.toThrow(
    /resend_email_service_role_key/,
  )
  await admin.query(`insert into vault.decrypted_secrets values ('resend_email_service_role_key', $1)`, [SERVICE_KEY])

  await signUp('katherine@example.com')
  resend.setFaults([{ kind: 'status', status: 429, retryAfter: '1' }])
  await resendEmail('katherine@example.com')
  resend.setFaults(null)
  expect(resend.emailsTo('katherine@example.com')).toEqual([])
  // The second the 429 asked for has passed: the row is due, and the pause it put on every
  // sender (docs/decisions/email-capacity.md) is over.
  await admin.query(
    "update app_private.email_queue set next_attempt_at = now() where to_email = 'katherine@example.com'",
  )
  await admin.query('update app_private.email_budget set paused_until = null, pause_reason = null')

  const id = (await admin.query('select app_private.call_resend_email_retry() as id')).rows[0].id
  const request = (await admin.query('select url, body, headers from net.requests where id = $1', [id])).rows[0]
  expect(request.url).toBe(`${fn.url}/functions/v1/resend-email/retry`)
  expect(request.headers).toMatchObject({ apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}` })
  const res = await fetch(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(request.body) })
  expect(res.status).toBe(202)
  expect(resend.emailsTo('katherine@example.com')).toHaveLength(1)
})

describe('answers as the self-hosted server answers', () => {
  const json = (body: string, headers: Record<string, string> = {}) => anonJson(body, { headers })
  const cases: [string, RequestInit][] = [
    ['a missing address', json('{}')],
    ['an invalid address', json(JSON.stringify({ email: 'not-an-address' }))],
    ['an empty address', json(JSON.stringify({ email: '   ' }))],
    ['a too long address', json(JSON.stringify({ email: `${'a'.repeat(250)}@example.com` }))],
    ['an unknown field', json(JSON.stringify({ email: 'ada@example.com', to: 'x@example.com' }))],
    ['a number', json(JSON.stringify({ email: 42 }))],
    ['malformed JSON', json('{"email":')],
    ['JSON nested 6000 levels deep', json(`{"email":"ada@example.com","x":${'['.repeat(6000)}${']'.repeat(6000)}}`)],
    ['an empty body', json('')],
    ['an array', json(JSON.stringify([{ email: 'ada@example.com' }]))],
    ['another content type', json('email=ada@example.com', { 'content-type': 'application/x-www-form-urlencoded' })],
    ['a body over 16 KB', json(JSON.stringify({ email: 'ada@example.com', pad: 'x'.repeat(17_000) }))],
    ['a listed address', json(JSON.stringify({ email: 'ada@example.com' }))],
    ['an unknown address', json(JSON.stringify({ email: 'nobody@example.com' }))],
    ['GET', { method: 'GET', headers: anonJson({}).headers }],
  ]
  test.each(cases)('%s: the same status and body', async (_, init) => {
    const fromNode = await app.request('/functions/v1/resend-email', init)
    const fromFunction = await call('/resend-email', init)
    const expected = { status: fromNode.status, body: await fromNode.json() }
    expect({ status: fromFunction.status, body: await fromFunction.json() }).toEqual(expected)
    if (expected.status >= 400)
      expect(Object.keys(expected.body).sort()).toEqual(['code', 'details', 'hint', 'message'])
  })

  test('an unknown function: the same 404', async () => {
    const fromNode = await app.request('/functions/v1/nope', anonJson({}))
    const fromFunction = await call('/nope', anonJson({}))
    expect(fromFunction.status).toBe(404)
    expect(await fromFunction.json()).toEqual(await fromNode.json())
  })

  test('the CORS preflight succeeds, allowing what the Node server allows', async () => {
    const preflight: RequestInit = {
      method: 'OPTIONS',
      headers: {
        origin: 'https://beta.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, x-client-info',
      },
    }
    const fromFunction = await call('/resend-email', preflight)
    const fromNode = await app.request('/functions/v1/resend-email', preflight)
    expect(fromFunction.status).toBe(204)
    expect(fromNode.status).toBe(204)
    for (const name of [
      'access-control-allow-origin',
      'access-control-allow-methods',
      'access-control-allow-headers',
      'access-control-max-age',
    ]) {
      expect({ name, value: fromFunction.headers.get(name) }).toEqual({ name, value: fromNode.headers.get(name) })
    }
    const allowed = fromFunction.headers.get('access-control-allow-headers')!.split(',')
    expect(allowed).toEqual(expect.arrayContaining(['apikey', 'authorization', 'content-type', 'x-client-info']))
    // And the answer itself is readable cross-origin.
    expect((await resendEmail('nobody@example.com')).headers.get('access-control-allow-origin')).toBe('*')
  })
})

// The page's own path on a Supabase project: supabase-js stores the sign-up with the page's
// language through the REST stand-in (our Node server, as anon, like PostgREST), then invokes the
// function, which sends the welcome email in that language (docs/decisions/languages.md).
class NoRealtime {
  constructor() {
    throw new Error('realtime is not part of this backend; nothing may open a socket')
  }
}
describe('the welcome email speaks the language of the page the sign-up came from', () => {
  let supabase: SupabaseClient
  let rest: Db
  let gateway: { url: string; close: () => Promise<void> }

  beforeAll(async () => {
    rest = await openDb({ DATABASE_URL: supa.url, PGLITE_DIR: 'memory://' })
    const restApp = createApp({
      config: testConfig({ ANON_KEY: LOCAL_ANON_KEY, STATIC_DIR: '/nonexistent' }),
      db: rest,
      logger: silentLogger,
    })
    gateway = await startGateway({
      port: await freePort(),
      functionUrl: fn.url,
      rest: (req, env) => restApp.fetch(req, env),
    })
    supabase = createClient(gateway.url, LOCAL_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no WebSocket; the page opens no realtime socket, so none may be opened here.
      realtime: { transport: NoRealtime as never },
    })
  })
  afterAll(async () => {
    await gateway?.close()
    await rest?.close()
  })

  const signUpOnPage = async (email: string, locale?: Locale) => {
    const insert = await supabase.from('beta_signups').insert({ email, ...(locale ? { locale } : {}) })
    expect(insert.error).toBeNull()
    expect(insert.status).toBe(201)
    const invoked = await supabase.functions.invoke('resend-email', { body: { email } })
    expect(invoked.error).toBeNull()
    expect(invoked.data).toEqual({ queued: true })
    for (let i = 0; i < 400 && resend.emailsTo(email).length === 0; i++) await new Promise((r) => setTimeout(r, 25))
    const [sent, ...more] = resend.emailsTo(email)
    expect(more).toEqual([])
    return JSON.parse(sent!.body) as { subject: string; html: string; text: string }
  }

  test.each(LOCALES)('a sign-up on the %s page gets its welcome email in that language', async (locale) => {
    const t = EMAIL_TEXTS[locale].welcome
    const email = `page-${locale}@example.com`
    const sent = await signUpOnPage(email, locale)
    const stored = await admin.query('select locale from public.beta_signups where email = $1', [email])
    expect(stored.rows).toEqual([{ locale }])
    expect(sent.subject).toBe(t.subject)
    expect(sent.html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`))
    expect(sent.text).toContain(t.free)
    // No other language's words in it.
    for (const other of LOCALES.filter((l) => EMAIL_TEXTS[l].welcome.free !== t.free)) {
      expect(sent.text).not.toContain(EMAIL_TEXTS[other].welcome.free)
    }
  })

  test('a sign-up that names no language (an older page) gets the default language', async () => {
    const sent = await signUpOnPage('page-none@example.com')
    expect(sent.subject).toBe(EMAIL_TEXTS[DEFAULT_LOCALE].welcome.subject)
    expect(sent.html).toMatch(new RegExp(`<html[^>]* lang="${DEFAULT_LOCALE}"`))
  })
})
