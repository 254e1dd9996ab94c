import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { TestflightState } from '../../../shared/invitations.ts'
import { createEmailQueue } from '../../../mail-core/queue.ts'
import type { OutgoingEmail, Transport } from '../../../mail-core/transport.ts'
import type { Db } from '../../db/db.ts'
import { testConfig } from '../../test-config.ts'
import { DB_KINDS, silentLogger, testDb } from '../../test-app.ts'
import { asOwner, OWNER, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { classifyJoinPage, joinPageUrl } from './testflight-page.ts'
import { createTestflightWatch, type TestflightWatch } from './testflight-watch.ts'

// The TestFlight link's health (docs/decisions/testflight-link-health.md), against a stand-in for
// Apple's public join page on loopback that serves each state, and one that answers garbage.

const IOS = 'https://testflight.apple.com/join/AbCdEf12'
const ANDROID = 'https://play.google.com/apps/testing/com.example.app'

// The join page's status block as Apple writes it (curly apostrophe as an entity on one of them).
const page = (status: string) =>
  `<!DOCTYPE html><html lang="en-US"><head><title>Join the Example beta - TestFlight - Apple</title></head>
   <body><div class="beta-status"><span>${status}</span></div></body></html>`
const PAGES: Record<TestflightState, string> = {
  open: page('To join the Example beta, open the link on your iPhone, iPad, or Mac after you install TestFlight.'),
  full: page('This beta is full.'),
  closed: page('This beta isn&rsquo;t accepting any new testers right now.'),
  unknown: '\u0000\u00ff<<garbage>> 502',
}

test('each join page reads as its state, whatever the apostrophe; anything else is unknown', () => {
  for (const [state, html] of Object.entries(PAGES)) expect(classifyJoinPage(html)).toBe(state)
  expect(classifyJoinPage(page('This beta isn’t accepting any new testers right now.'))).toBe('closed')
  expect(classifyJoinPage(page("This beta isn't accepting any new testers right now."))).toBe('closed')
  expect(classifyJoinPage('<html><body>Sign in with your Apple ID</body></html>')).toBe('unknown')
  // A script that merely names a state's words is not the page's status.
  expect(classifyJoinPage('<script>"This beta is full."</script><p>Hello</p>')).toBe('unknown')
})

test("only Apple's join pages are read, or the stand-in set for tests, and none when switched off", () => {
  expect(joinPageUrl({ BETA_IOS_URL: IOS })).toBe(IOS)
  expect(joinPageUrl({ BETA_IOS_URL: 'https://apps.apple.com/app/id123' })).toBeNull()
  expect(joinPageUrl({ BETA_IOS_URL: 'http://testflight.apple.com/join/x' })).toBeNull()
  expect(joinPageUrl({})).toBeNull()
  expect(joinPageUrl({ BETA_IOS_URL: IOS, TESTFLIGHT_CHECK_URL: 'http://127.0.0.1:9/join' })).toBe(
    'http://127.0.0.1:9/join',
  )
  expect(joinPageUrl({ BETA_IOS_URL: IOS, TESTFLIGHT_CHECK: false })).toBeNull()
})

/** The join page's stand-in: serves the state it is set to, and records every request's headers. */
async function joinPageStandIn() {
  const requests: IncomingHttpHeaders[] = []
  const standIn = { state: 'open' as TestflightState, requests, url: '', server: undefined as unknown as Server }
  standIn.server = createServer((req, res) => {
    requests.push(req.headers)
    if (req.method !== 'GET' || req.url !== '/join/AbCdEf12') return void res.writeHead(404).end()
    const status = standIn.state === 'unknown' ? 502 : 200
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(PAGES[standIn.state])
  })
  await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve))
  standIn.url = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}/join/AbCdEf12`
  return standIn
}

function recordingTransport(): Transport & { sent: OutgoingEmail[] } {
  const sent: OutgoingEmail[] = []
  return {
    name: 'recording',
    sent,
    async send(email) {
      sent.push(email)
      return { ok: true, id: `provider-${email.id}` }
    },
    async close() {},
  }
}

describe.each(DB_KINDS)('the TestFlight link on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let standIn: Awaited<ReturnType<typeof joinPageStandIn>>
  let clock = Date.now()
  let watch: TestflightWatch | undefined

  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    standIn = await joinPageStandIn()
  })
  afterAll(async () => {
    await new Promise((resolve) => standIn.server.close(resolve))
    await close()
  })
  beforeEach(async () => {
    await truncateOwner(db)
    await db.exec(
      'truncate public.beta_signups, app_private.email_queue, app_private.testflight_checks restart identity cascade',
    )
    // Four people on each phone, four who did not say: confirmed and waiting.
    await db.query(
      `insert into public.beta_signups (email, platform, created_at, confirmed_at)
       select 'p' || i || '@example.com', (array['ios', 'android', 'unknown'])[i % 3 + 1], now() - make_interval(mins => 100 - i), now()
       from generate_series(1, 12) i`,
    )
    standIn.state = 'open'
    standIn.requests.length = 0
    clock = Date.now()
  })
  afterEach(() => watch?.stop())

  const config = () =>
    testConfig({
      BETA_IOS_URL: IOS,
      BETA_ANDROID_URL: ANDROID,
      TESTFLIGHT_CHECK_URL: standIn.url,
      INVITATION_INTERVAL_MS: 0,
      PUBLIC_URL: 'https://launch.example',
    })

  async function owner(checkEveryMs?: number) {
    watch = createTestflightWatch({
      db,
      logger: silentLogger,
      config: config(),
      wakeEmailQueue: () => {},
      now: () => clock,
      ...(checkEveryMs ? { checkEveryMs } : {}),
    })
    const app = await ownerApp(
      db,
      { BETA_IOS_URL: IOS, BETA_ANDROID_URL: ANDROID, INVITATION_INTERVAL_MS: 0 },
      { testflight: watch },
    )
    const cookie = await signIn(app, db)
    const get = async (path: string) => (await app.request(`/admin/api${path}`, asOwner(cookie))).json()
    const inviteEveryone = async () => {
      const preview = await get('/invitations/preview?n=100')
      const ids = preview.rows.map((r: { id: number }) => r.id)
      const res = await app.request(
        '/admin/api/invitations/confirm',
        asOwner(cookie, { method: 'POST', body: { ids } }),
      )
      expect(res.status).toBe(200)
      return ids.length as number
    }
    return { get, inviteEveryone, watch }
  }

  /** Sends whatever is due now; returns what went out, by kind and recipient. */
  async function sendDue() {
    const transport = recordingTransport()
    const queue = createEmailQueue({
      db,
      transport,
      logger: silentLogger,
      config: { ...config(), EMAIL_POLL_INTERVAL_MS: 1_000, EMAIL_LEASE_MS: 60_000 },
    })
    await queue.runOnce()
    const kinds = await db.query<{ id: string; kind: string }>('select id::text, kind from app_private.email_queue')
    const kindOf = new Map(kinds.rows.map((r) => [r.id, r.kind]))
    return transport.sent.map((e) => ({ kind: kindOf.get(e.id), to: e.to }))
  }
  const iphoneOnly = ['p3', 'p6', 'p9', 'p12'].map((p) => `${p}@example.com`)

  test('full holds the iPhone invitations, the owner gets one email, and reopening sends them', async () => {
    const { get, inviteEveryone } = await owner()
    standIn.state = 'full'
    expect(await inviteEveryone()).toBe(12)
    // The page was read right before the batch, in English.
    expect(standIn.requests).toHaveLength(1)
    expect(standIn.requests[0]!['accept-language']).toMatch(/^en-US/)

    const first = await sendDue()
    const invitations = first.filter((e) => e.kind === 'invitation').map((e) => e.to)
    expect(invitations).toHaveLength(8)
    for (const held of iphoneOnly) expect(invitations).not.toContain(held)
    expect(first.filter((e) => e.kind === 'testflight-state')).toEqual([{ kind: 'testflight-state', to: OWNER }])
    const summary = await get('/invitations')
    expect(summary.testflight).toMatchObject({ state: 'full', held: 4 })

    // Still full a while later: nothing more goes out, and the owner is not told twice.
    clock += 16 * 60 * 1000
    expect(await watch!.beforeBatch()).toBe('full')
    expect(await sendDue()).toEqual([])

    standIn.state = 'open'
    clock += 16 * 60 * 1000
    expect(await watch!.beforeBatch()).toBe('open')
    const after = await sendDue()
    expect(
      after
        .filter((e) => e.kind === 'invitation')
        .map((e) => e.to)
        .sort(),
    ).toEqual([...iphoneOnly].sort())
    expect(after.filter((e) => e.kind === 'testflight-state')).toEqual([{ kind: 'testflight-state', to: OWNER }])
    expect((await get('/invitations')).testflight).toMatchObject({ state: 'open', held: 0 })
  })

  test('"not accepting" holds them too; a page that cannot be read holds nothing and tells nobody', async () => {
    const { get, inviteEveryone } = await owner()
    standIn.state = 'closed'
    await inviteEveryone()
    expect((await get('/invitations')).testflight).toMatchObject({ state: 'closed', held: 4 })

    standIn.state = 'unknown'
    clock += 16 * 60 * 1000
    expect(await watch!.beforeBatch()).toBe('unknown')
    const sent = await sendDue()
    // Unknown never blocks: the held invitations go, and only the first change was the owner's news.
    expect(sent.filter((e) => e.kind === 'invitation')).toHaveLength(12)
    expect(sent.filter((e) => e.kind === 'testflight-state')).toHaveLength(1)
    expect((await get('/invitations')).testflight).toMatchObject({ state: 'unknown', held: 0 })
  })

  test('two batches a minute apart read the page once; an open link holds nothing', async () => {
    const { get, inviteEveryone } = await owner()
    expect(await watch!.beforeBatch()).toBe('open')
    await inviteEveryone()
    expect(standIn.requests).toHaveLength(1)
    expect((await sendDue()).filter((e) => e.kind === 'invitation')).toHaveLength(12)
    expect((await get('/invitations')).testflight).toMatchObject({ state: 'open', held: 0 })
  })

  test('in the background it reads the page only while iPhone invitations wait', async () => {
    const { inviteEveryone } = await owner(50)
    watch!.start()
    // Nothing queued: started, it reads nothing (an idle server stays idle).
    await expect.poll(() => watch!.idle(), { timeout: 5_000 }).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(standIn.requests).toHaveLength(0)

    standIn.state = 'full'
    await inviteEveryone()
    const before = standIn.requests.length
    await expect.poll(() => standIn.requests.length, { timeout: 5_000 }).toBeGreaterThan(before + 1)
    // Opened again: the held invitations are released, sent, and the checks stop.
    standIn.state = 'open'
    await expect
      .poll(
        async () =>
          (await db.query("select 1 from app_private.email_queue where next_attempt_at = 'infinity'")).rows.length,
        { timeout: 5_000 },
      )
      .toBe(0)
    await sendDue()
    // Nothing left to wait for: the watch comes to rest, and stays there.
    await expect.poll(() => watch!.idle(), { timeout: 5_000 }).toBe(true)
    const settled = standIn.requests.length
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(standIn.requests.length).toBe(settled)
    expect(watch!.idle()).toBe(true)
  })
})
