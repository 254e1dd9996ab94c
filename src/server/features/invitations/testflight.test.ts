import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { TestflightState } from '../../../shared/invitations.ts'
import { createEmailQueue } from '../../../mail-core/queue.ts'
import type { OutgoingEmail, Transport } from '../../../mail-core/transport.ts'
import type { Db } from '../../db/db.ts'
import { testConfig } from '../../test-config.ts'
import { createLogger } from '../../log.ts'
import { DB_KINDS, silentLogger, testDb } from '../../test-app.ts'
import { asOwner, OWNER, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { classifyJoinPage, joinPageUrl } from './testflight-page.ts'
import { redirectTarget } from './testflight-read.ts'
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

test('the visible text is found in linear time, whatever the markup', () => {
  // A quadratic tag scan took 6 s for 100 KB of "<" and stalled the server; a linear one takes
  // milliseconds for each of these 1 MB answers, a quadratic one minutes.
  const MB = 1_000_000
  for (const unit of ['<', '<script', '<style>', '</script<script>', '<a <b ', '<script>x</scrip'])
    expect(classifyJoinPage(unit.repeat(Math.ceil(MB / unit.length)))).toBe('unknown')
  expect(classifyJoinPage('<'.repeat(MB) + page('This beta is full.'))).toBe('full')
  // An unclosed script hides what follows, as it does in a browser.
  expect(classifyJoinPage('<script>"x"<p>This beta is full.</p>')).toBe('unknown')
  expect(classifyJoinPage('<SCRIPT type=x>a</Script ><p>This beta is full.</p><style>p{}</style>')).toBe('full')
  expect(classifyJoinPage('<scripts>This beta is full.</scripts>')).toBe('full')
})

test("a redirect is followed only within the join page's origin", () => {
  const join = new URL(IOS)
  const from = new URL('https://testflight.apple.com/join/AbCdEf12')
  expect(redirectTarget(join, from, '/join/Other')).toEqual(new URL('https://testflight.apple.com/join/Other'))
  expect(redirectTarget(join, from, 'https://testflight.apple.com/join/b')).toBeInstanceOf(URL)
  for (const location of [
    'http://testflight.apple.com/join/b',
    'https://testflight.apple.com:8443/join/b',
    'https://testflight.apple.com.example/join/b',
    'https://apps.apple.com/app/id1',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/join/b',
    'https://[::1]/join/b',
    'https://user:secret@testflight.apple.com/join/b',
    'http://[::ffff:127.0.0.1]/',
  ])
    expect(redirectTarget(join, from, location), location).toMatch(/^a redirect to /)
  expect(redirectTarget(join, from, null)).toBe('a redirect without a Location')
})

/**
 * The join page's stand-in: serves the state it is set to, and records every request's headers.
 * Its other paths answer as a hostile or broken join page might: a chunked answer that never ends
 * (counting what it managed to write), redirects within its origin and off it.
 */
async function joinPageStandIn() {
  const requests: IncomingHttpHeaders[] = []
  const standIn = {
    state: 'open' as TestflightState,
    requests,
    url: '',
    origin: '',
    /** Where the off-origin redirect leads: another server, which counts whether it was asked. */
    elsewhere: '',
    askedElsewhere: 0,
    /** Bytes of the endless answer the stand-in could write before the reader stopped. */
    written: 0,
    server: undefined as unknown as Server,
    other: createServer((_req, res) => {
      standIn.askedElsewhere++
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGES.full)
    }),
    async close() {
      for (const server of [standIn.server, standIn.other]) await new Promise((resolve) => server.close(resolve))
    },
  }
  standIn.server = createServer((req, res) => {
    requests.push(req.headers)
    if (req.method !== 'GET') return void res.writeHead(405).end()
    if (req.url === '/join/endless') return void endless(res)
    const location = {
      '/join/moved': '/join/AbCdEf12',
      '/join/loop': '/join/loop',
      '/join/away': `${standIn.elsewhere}/join/AbCdEf12`,
      '/join/metadata': 'http://169.254.169.254/latest/meta-data/',
    }[req.url ?? '']
    if (location) return void res.writeHead(302, { location }).end()
    if (req.url !== '/join/AbCdEf12') return void res.writeHead(404).end()
    const status = standIn.state === 'unknown' ? 502 : 200
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(PAGES[standIn.state])
  })
  // 64 MB in 64 KB chunks, no Content-Length, each chunk only once the reader took the one before.
  function endless(res: ServerResponse) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const more = () => {
      while (!res.destroyed && standIn.written < 64 * 1024 * 1024) {
        standIn.written += chunk.length
        if (!res.write(chunk)) return void res.once('drain', more)
      }
      res.end()
    }
    res.on('close', () => res.destroy())
    more()
  }
  for (const server of [standIn.server, standIn.other])
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  standIn.elsewhere = `http://127.0.0.1:${(standIn.other.address() as AddressInfo).port}`
  standIn.origin = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`
  standIn.url = `${standIn.origin}/join/AbCdEf12`
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
    await standIn.close()
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
    standIn.written = 0
    standIn.askedElsewhere = 0
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

  /** A watch that reads the stand-in's `path`, and the failures it logged. */
  function watchOf(path: string) {
    const lines: Record<string, unknown>[] = []
    const logger = createLogger('info', { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) })
    watch = createTestflightWatch({
      db,
      logger,
      config: { ...config(), TESTFLIGHT_CHECK_URL: `${standIn.origin}${path}` },
      wakeEmailQueue: () => {},
      now: () => clock,
    })
    return { watch, failures: () => lines.filter((l) => l.event === 'testflight.check_failed') }
  }

  test('an answer without an end is read up to 1 MB, dropped, and said so', async () => {
    const { watch, failures } = watchOf('/join/endless')
    expect(await watch.beforeBatch()).toBe('unknown')
    expect(failures()).toMatchObject([{ reason: 'larger than 1000000 bytes' }])
    // The reader stopped at the cap: the stand-in wrote that and what the sockets buffer, not 64 MB.
    expect(standIn.written).toBeLessThan(16 * 1024 * 1024)
  })

  test("a redirect within the page's origin is followed, a few hops at most", async () => {
    standIn.state = 'full'
    expect(await watchOf('/join/moved').watch.beforeBatch()).toBe('full')
    const loop = watchOf('/join/loop')
    expect(await loop.watch.beforeBatch()).toBe('unknown')
    expect(loop.failures()).toMatchObject([{ reason: 'more than 3 redirects' }])
    expect(standIn.requests.length).toBeLessThanOrEqual(2 + 4)
  })

  test("a redirect off the page's origin is not followed, and said so", async () => {
    const away = watchOf('/join/away')
    expect(await away.watch.beforeBatch()).toBe('unknown')
    expect(standIn.askedElsewhere).toBe(0)
    expect(away.failures()).toMatchObject([{ reason: `a redirect to ${standIn.elsewhere}, off ${standIn.origin}` }])
    const metadata = watchOf('/join/metadata')
    expect(await metadata.watch.beforeBatch()).toBe('unknown')
    expect(metadata.failures()).toMatchObject([
      { reason: `a redirect to http://169.254.169.254, off ${standIn.origin}` },
    ])
  })
})
