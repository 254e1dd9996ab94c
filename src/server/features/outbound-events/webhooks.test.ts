import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { anonJson, count, DB_KINDS, silentLogger, testDb } from '../../test-app.ts'
import { asOwner, OWNER, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/support/webhook-receiver.ts'
import {
  MAX_WEBHOOK_BODY_BYTES,
  maskEmail,
  OUTBOUND_EVENTS,
  SUBSCRIBABLE_EVENTS,
} from '../../../shared/outbound-events.ts'
import { createOutboundWorker, type OutboundSettings } from './worker.ts'
import type { Resolver } from './targets.ts'

// Outbound webhooks end to end in one process: the console saves an endpoint, a sign-up through
// the page's REST route writes the event (a trigger), the sender signs and posts it to a real
// receiver on loopback that verifies it with the `standardwebhooks` library.

const SETTINGS: OutboundSettings = {
  OUTBOUND_ALLOW_LOOPBACK: true,
  OUTBOUND_POLL_INTERVAL_MS: 1000,
  OUTBOUND_LEASE_MS: 60_000,
  OUTBOUND_TIMEOUT_MS: 2000,
  OUTBOUND_RETRY_SCHEDULE_MS: [0, 0, 0],
  OUTBOUND_PAUSE_AFTER_MS: 5 * 24 * 60 * 60 * 1000,
  OUTBOUND_CHAT_INTERVAL_MS: 60_000,
}

/** DNS as the tests play it: every name is loopback unless a test changes it. */
let dns: Record<string, string[]> = {}
const resolve: Resolver = async (host) => {
  const found = dns[host]
  if (!found) throw new Error(`ENOTFOUND ${host}`)
  return found
}

describe.each(DB_KINDS)('outbound webhooks on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let receiver: WebhookReceiver
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver.close()
    await close()
  })
  beforeEach(async () => {
    await truncateOwner(db)
    await db.exec('truncate app_private.outbound_endpoints, app_private.outbound_events restart identity cascade')
    receiver.received.length = 0
    receiver.answerWith(() => ({ status: 200, body: 'ok' }))
    dns = { localhost: ['127.0.0.1'], 'hooks.example': ['127.0.0.1'] }
  })

  async function setUp(settings: Partial<OutboundSettings> = {}) {
    const app = await ownerApp(db, { OUTBOUND_ALLOW_LOOPBACK: true }, { outboundResolve: resolve })
    const cookie = await signIn(app, db)
    const worker = createOutboundWorker({ db, logger: silentLogger, config: { ...SETTINGS, ...settings }, resolve })
    const post = async (path: string, body?: unknown) => {
      const res = await app.request(
        `/admin/api/integrations/webhooks${path}`,
        asOwner(cookie, { method: 'POST', body }),
      )
      return { status: res.status, body: res.status === 204 ? null : await res.json() }
    }
    const get = async (path: string) =>
      (await app.request(`/admin/api/integrations/webhooks${path}`, asOwner(cookie))).json()
    const create = async (fields: Record<string, unknown> = {}) => {
      const r = await post('', { url: receiver.url, events: ['signup.created'], ...fields })
      expect(r.status).toBe(201)
      receiver.trust(r.body.secret)
      return r.body as { endpoint: { id: number }; secret: string }
    }
    const signUp = async (email: string) =>
      expect((await app.request('/rest/v1/beta_signups', anonJson({ email }))).status).toBe(201)
    return { app, cookie, worker, post, get, create, signUp }
  }

  test('a sign-up reaches the endpoint signed, verified by standardwebhooks, the address masked', async () => {
    const { create, signUp, worker, get } = await setUp()
    const { endpoint, secret } = await create({ description: 'CRM' })
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    // The list never shows the secret again.
    const list = await get('')
    expect(JSON.stringify(list)).not.toContain(secret.slice(6))
    expect(list.endpoints[0]).toMatchObject({
      id: endpoint.id,
      description: 'CRM',
      enabled: true,
      fullAddresses: false,
    })
    expect(list.events).toEqual(SUBSCRIBABLE_EVENTS)

    await signUp('jane.doe@example.com')
    expect(await worker.runOnce()).toBe(1)
    expect(receiver.received).toHaveLength(1)
    const [r] = receiver.received
    expect(r!.verifiedWith).toEqual([secret])
    expect(r!.id).toMatch(/^msg_[0-9a-f]{32}$/)
    expect(r!.headers['content-type']).toBe('application/json')
    expect(r!.payload).toMatchObject({
      type: 'signup.created',
      data: { email: 'j…e@example.com', platform: 'unknown' },
    })
    expect(OUTBOUND_EVENTS['signup.created'].data.safeParse(r!.payload!.data).success).toBe(true)
    expect(Math.abs(Number(r!.timestamp) - Date.now() / 1000)).toBeLessThan(60)

    const log = await get(`/${endpoint.id}/log`)
    expect(log.attempts).toMatchObject([
      { event: 'signup.created', status: 200, response: 'ok', deliveryStatus: 'delivered' },
    ])
    // Nothing more is due: a second pass sends nothing.
    expect(await worker.runOnce()).toBe(0)
  })

  test('an endpoint gets only the events it asked for, and a paused one gets none', async () => {
    const { create, signUp, worker, post } = await setUp()
    const { endpoint } = await create({ events: ['contact.created'] })
    await signUp('a@example.com')
    expect(await count(db, 'app_private.outbound_deliveries')).toBe(0)
    await post(`/${endpoint.id}`, { url: receiver.url, events: ['signup.created'], enabled: false })
    await signUp('b@example.com')
    expect(await worker.runOnce()).toBe(0)
    expect(receiver.received).toHaveLength(0)
  })

  test('a failed attempt is retried under the same webhook-id, newly signed; the log keeps each answer', async () => {
    const { create, signUp, worker, get } = await setUp()
    const { endpoint, secret } = await create()
    let n = 0
    receiver.answerWith(() => (++n === 1 ? { status: 503, body: 'x'.repeat(3000) } : { status: 204 }))
    await signUp('retry@example.com')
    await worker.runOnce()
    await expect.poll(async () => (await worker.runOnce(), receiver.received.length), { timeout: 5000 }).toBe(2)
    const [first, second] = receiver.received
    expect(second!.id).toBe(first!.id)
    expect(second!.verifiedWith).toEqual([secret])
    expect(first!.verifiedWith).toEqual([secret])
    const log = (await get(`/${endpoint.id}/log`)).attempts
    expect(log.map((a: { status: number }) => a.status)).toEqual([204, 503])
    // The first kilobyte of the answer, no more.
    expect(log[1].response).toBe('x'.repeat(1024))
  })

  test('a redirect is a failure, and its target is never asked', async () => {
    const { create, signUp, worker } = await setUp({ OUTBOUND_RETRY_SCHEDULE_MS: [60_000] })
    await create()
    receiver.answerWith((r) =>
      r.headers['x-followed'] ? { status: 200 } : { status: 307, headers: { location: `${receiver.url}?followed=1` } },
    )
    await signUp('redirect@example.com')
    await worker.runOnce()
    expect(receiver.received).toHaveLength(1)
    const row = await db.query<{ status: string; last_status: number }>(
      'select status, last_status from app_private.outbound_deliveries',
    )
    expect(row.rows[0]).toMatchObject({ status: 'pending', last_status: 307 })
  })

  test('410 Gone pauses the endpoint; 429 waits at least Retry-After', async () => {
    const { create, signUp, worker, get } = await setUp()
    const { endpoint } = await create()
    receiver.answerWith(() => ({ status: 429, headers: { 'retry-after': '120' } }))
    await signUp('slow@example.com')
    await worker.runOnce()
    const due = await db.query<{ s: number }>(
      `select extract(epoch from next_attempt_at - now()) as s from app_private.outbound_deliveries`,
    )
    expect(Number(due.rows[0]!.s)).toBeGreaterThan(100)
    await db.query('update app_private.outbound_deliveries set next_attempt_at = now()')
    receiver.answerWith(() => ({ status: 410 }))
    await worker.runOnce()
    const [view] = (await get('')).endpoints
    expect(view).toMatchObject({ enabled: false, pausedReason: 'the endpoint answered 410 Gone' })
    await signUp('after@example.com')
    expect(await worker.runOnce()).toBe(0)
    expect(receiver.received).toHaveLength(2)
    void endpoint
  })

  test('every delivery failing for the pause period pauses the endpoint', async () => {
    const { create, signUp, worker, get } = await setUp({
      OUTBOUND_PAUSE_AFTER_MS: 60_000,
      OUTBOUND_RETRY_SCHEDULE_MS: [60_000, 60_000],
    })
    await create()
    receiver.answerWith(() => ({ status: 500 }))
    await signUp('down@example.com')
    await worker.runOnce()
    expect((await get('')).endpoints[0]).toMatchObject({ enabled: true })
    // The streak began two minutes ago.
    await db.query(`update app_private.outbound_endpoints set failing_since = now() - interval '2 minutes'`)
    await db.query('update app_private.outbound_deliveries set next_attempt_at = now()')
    await worker.runOnce()
    expect((await get('')).endpoints[0]).toMatchObject({
      enabled: false,
      pausedReason: expect.stringMatching(/^every delivery failed/),
    })
    // Every owner is emailed, once for this streak.
    const notices = await db.query<{ to_email: string; payload: { endpoint: string } }>(
      `select to_email, payload from app_private.email_queue where kind = 'webhook-paused'`,
    )
    expect(notices.rows).toEqual([{ to_email: OWNER, payload: expect.objectContaining({ endpoint: receiver.url }) }])
  })

  test('private, link-local and metadata targets are refused at save', async () => {
    const { post } = await setUp()
    dns['internal.example'] = ['93.184.216.34', '10.1.2.3']
    for (const url of [
      'https://10.0.0.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00:ec2::254]/',
      'https://[::ffff:192.168.1.1]/',
      // IPv6 forms with an IPv4 address inside (SIIT, IPv4-compatible, NAT64, 6to4, Teredo).
      'https://[::ffff:0:10.0.0.1]/',
      'https://[::10.0.0.1]/',
      'https://[64:ff9b:1::a00:1]/',
      'https://[2002:a00:1::1]/',
      'https://[2001:0:a00:1::1]/',
      'https://internal.example/hooks',
      'https://unknown.example/hooks',
      'http://hooks.example/plain-http',
      'ftp://hooks.example/',
      'https://user:pw@hooks.example/',
    ]) {
      const r = await post('', { url, events: ['signup.created'] })
      expect(r.status, url).toBe(400)
      expect(r.body).toMatchObject({ code: '22023', message: expect.stringMatching(/^The URL /) })
    }
    expect(await count(db, 'app_private.outbound_endpoints')).toBe(0)
  })

  test('loopback is refused without OUTBOUND_ALLOW_LOOPBACK', async () => {
    const app = await ownerApp(db, { OUTBOUND_ALLOW_LOOPBACK: false }, { outboundResolve: resolve })
    const cookie = await signIn(app, db)
    for (const url of [receiver.url, 'https://localhost/hooks', 'https://127.0.0.1/hooks', 'https://hooks.example/']) {
      const res = await app.request(
        '/admin/api/integrations/webhooks',
        asOwner(cookie, { method: 'POST', body: { url, events: ['signup.created'] } }),
      )
      expect(res.status, url).toBe(400)
    }
  })

  test('a target whose name resolves to a private address by send time is refused at send', async () => {
    const { post, signUp, worker, get } = await setUp({ OUTBOUND_RETRY_SCHEDULE_MS: [60_000] })
    const saved = await post('', { url: receiver.url.replace('127.0.0.1', 'localhost'), events: ['signup.created'] })
    expect(saved.status).toBe(201)
    receiver.trust(saved.body.secret)
    // DNS changes after the save.
    dns['localhost'] = ['192.168.0.10']
    await signUp('rebound@example.com')
    await worker.runOnce()
    expect(receiver.received).toHaveLength(0)
    const [attempt] = (await get(`/${saved.body.endpoint.id}/log`)).attempts
    expect(attempt).toMatchObject({
      status: null,
      response: expect.stringMatching(/^refused: resolves to a refused address/),
    })
    // Back to a public answer (loopback stands in for it here): the same delivery goes out.
    dns['localhost'] = ['127.0.0.1']
    await db.query('update app_private.outbound_deliveries set next_attempt_at = now()')
    await worker.runOnce()
    expect(receiver.received).toHaveLength(1)
    expect(receiver.received[0]!.id).toBe(attempt.messageId)
  })

  test('rotating the secret sends both signatures for a while', async () => {
    const { create, post, signUp, worker, get } = await setUp()
    const { endpoint, secret: old } = await create()
    const rotated = await post(`/${endpoint.id}/rotate`)
    expect(rotated.status).toBe(200)
    expect(rotated.body.secret).not.toBe(old)
    expect(rotated.body.endpoint.rotating).toBe(true)
    receiver.trust(old, rotated.body.secret)
    await signUp('rotate@example.com')
    await worker.runOnce()
    expect(receiver.received[0]!.signature.split(' ')).toHaveLength(2)
    expect(receiver.received[0]!.verifiedWith).toEqual([old, rotated.body.secret])
    // When the overlap is over, only the new secret signs.
    await db.query(`update app_private.outbound_endpoints set previous_secret_until = now() - interval '1 second'`)
    await post(`/${endpoint.id}/test`)
    await worker.runOnce()
    expect(receiver.received[1]!.verifiedWith).toEqual([rotated.body.secret])
    expect((await get('')).endpoints[0].rotating).toBe(false)
  })

  test('full addresses are an audited opt-in', async () => {
    const { create, post, signUp, worker } = await setUp()
    const { endpoint } = await create()
    const saved = await post(`/${endpoint.id}`, { url: receiver.url, events: ['signup.created'], fullAddresses: true })
    expect(saved.status).toBe(200)
    const audit = await db.query<{ action: string; detail: Record<string, unknown> }>(
      `select action, detail from app_private.owner_audit where action like 'webhook.%' order by id`,
    )
    expect(audit.rows.map((a) => a.action)).toEqual(['webhook.create', 'webhook.update'])
    expect(audit.rows[1]!.detail).toMatchObject({ fullAddresses: true })
    await signUp('Full.Name@example.com')
    await worker.runOnce()
    expect(receiver.received[0]!.payload!.data.email).toBe('Full.Name@example.com')
  })

  test('Send test event, Replay one delivery, Replay everything since a time', async () => {
    const { create, post, signUp, worker, get } = await setUp()
    const { endpoint } = await create()
    expect((await post(`/${endpoint.id}/test`)).status).toBe(204)
    await worker.runOnce()
    expect(receiver.received[0]!.payload).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } })

    await signUp('one@example.com')
    await worker.runOnce()
    const [latest] = (await get(`/${endpoint.id}/log`)).attempts
    expect((await post(`/${endpoint.id}/replay`, { deliveryId: latest.deliveryId })).body).toEqual({ queued: 1 })
    await worker.runOnce()
    expect(receiver.received.map((r) => r.id).slice(1)).toEqual([latest.messageId, latest.messageId])

    // Paused while two people signed up: nothing queued for it; a replay since then sends both.
    const since = new Date(Date.now() - 1000).toISOString()
    await post(`/${endpoint.id}`, { url: receiver.url, events: ['signup.created'], enabled: false })
    // Another endpoint keeps the events being recorded.
    await post('', { url: receiver.url, events: ['signup.created'], enabled: true })
    await signUp('two@example.com')
    await signUp('three@example.com')
    await post(`/${endpoint.id}`, { url: receiver.url, events: ['signup.created'], enabled: true })
    const replay = await post(`/${endpoint.id}/replay`, { since })
    expect(replay.body.queued).toBeGreaterThanOrEqual(2)
    receiver.received.length = 0
    await worker.runOnce()
    const emails = receiver.received.map((r) => r.payload?.data.email)
    expect(emails).toEqual(expect.arrayContaining(['t…o@example.com', 't…e@example.com']))
    expect((await post(`/${endpoint.id}/replay`, { since: 'yesterday' })).status).toBe(400)
    expect((await post(`/999/replay`, { since })).status).toBe(404)
  })

  test('each kind of fact writes its event, in its transaction', async () => {
    const { create, signUp, worker, app } = await setUp()
    await create({ events: SUBSCRIBABLE_EVENTS, fullAddresses: true })
    await signUp('ann.tester@example.com')
    const id = Number((await db.query<{ id: number }>('select id from public.beta_signups')).rows[0]!.id)
    await db.query('update public.beta_signups set confirmed_at = now()')
    await db.query(
      `update public.beta_signups set status = 'invited', invited_at = now(), invitation_links = 'android', platform = 'android'`,
    )
    await db.query('update public.beta_signups set opened_at = now()')
    await db.query(
      `insert into app_private.play_answers (signup_id, answer) values ($1, 'joined'), ($1, 'trouble'), ($1, 'left')`,
      [id],
    )
    await db.query(
      `insert into app_private.beta_feedback (signup_id, email, rating, works, broken) values ($1, 'ann.tester@example.com', 4, 'maps', '<@everyone>')`,
      [id],
    )
    const contact = { name: 'Bob', email: 'bob@example.com', subject: 'general', message: 'Hello' }
    expect((await app.request('/rest/v1/contact_messages', anonJson(contact))).status).toBe(201)
    await db.query(`select app_private.suppress_mailbox('other@example.com', 'bounced')`)
    const token = (await db.query<{ t: string }>('select unsubscribe_token::text as t from public.beta_signups'))
      .rows[0]!.t
    await db.query('select app_private.unsubscribe($1::uuid)', [token])
    await signUp('erase.me@example.com')
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('app.person_left', 'erased', true)`)
      await tx.query(`delete from public.beta_signups where email = 'erase.me@example.com'`)
    })
    while ((await worker.runOnce()) > 0);
    const types = receiver.received.map((r) => r.payload!.type)
    expect(types.sort()).toEqual(
      [
        'signup.created',
        'signup.confirmed',
        'invitation.sent',
        'invitation.opened',
        'play.joined',
        'play.left',
        'feedback.created',
        'contact.created',
        'email.bounced',
        'person.unsubscribed',
        'signup.created',
        'person.erased',
      ].sort(),
    )
    for (const r of receiver.received) {
      const schema = OUTBOUND_EVENTS[r.payload!.type as keyof typeof OUTBOUND_EVENTS].data
      expect(schema.strict().safeParse(r.payload!.data).success, r.payload!.type).toBe(true)
    }
    const erased = receiver.received.find((r) => r.payload!.type === 'person.erased')!
    expect(Object.keys(erased.payload!.data).sort()).toEqual(['erased_at', 'id'])
    expect(erased.body).not.toContain('erase.me')
    // Its sign-up event, stored before the erasure, keeps only the masked address.
    const stored = await db.query<{ data: string }>(`select data::text as data from app_private.outbound_events`)
    expect(stored.rows.map((r) => r.data).join()).not.toContain('erase.me@')
  })

  test('a body stays under 20 KB whatever a visitor typed', async () => {
    const { create, worker } = await setUp()
    await create({ events: ['feedback.created'] })
    const long = '😀'.repeat(5000)
    await db.query(
      `insert into app_private.beta_feedback (email, rating, works, broken) values ('x@example.com', 1, $1, $1)`,
      [long],
    )
    await worker.runOnce()
    expect(Buffer.byteLength(receiver.received[0]!.body)).toBeLessThan(MAX_WEBHOOK_BODY_BYTES)
    expect(receiver.received[0]!.payload!.data.works).toMatch(/^(😀)+…$/u)
  })
})

test('maskEmail keeps the first and last character of the local part, and is idempotent', () => {
  expect(maskEmail('jane@example.com')).toBe('j…e@example.com')
  expect(maskEmail('jo@example.com')).toBe('j…@example.com')
  expect(maskEmail(maskEmail('jane@example.com'))).toBe('j…e@example.com')
})
