import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { startPgCluster, type PgCluster } from '../scripts/pg-cluster.ts'
import { writeProxyHeaders } from '../scripts/proxy-host.ts'
import { encodeSignupProof } from '../src/mail-core/signup-proof.ts'
import type { Db } from '../src/server/db/db.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { openDb } from '../src/server/db/open.ts'
import { createEndpoint } from '../src/server/features/outbound-events/queries.ts'
import { inviteSignups, previewInvitations } from '../src/server/features/invitations/queries.ts'
import { browserHeaders, DESKTOP } from '../src/server/features/launch-analytics/test-support.ts'
import { sendTesterMessage } from '../src/server/features/tester-messages/queries.ts'
import { NO_RATE_LIMITS } from '../src/server/test-app.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { SIGNUP_PROOF_HEADER } from '../src/shared/signup-challenge.ts'
import { startCaddy, startNginx, type RunningProxy } from './support/proxies.ts'
import { startResendStandIn } from './support/resend-stand-in.ts'
import { startServer, waitFor, waitHealthy, type ServerProcess } from './support/server-process.ts'
import { startWebhookReceiver } from './support/webhook-receiver.ts'

// Issue 52, "several processes, proven": three real server processes on one PostgreSQL, behind
// the shipped nginx recipe and the shipped Caddy recipe at once, take a launch mix (page loads,
// sign-ups with and without proof of work, contact messages, double opt-in confirmations,
// invitations, a group message, webhooks) while one process is SIGKILLed and restarted and
// PostgreSQL itself is restarted. Afterwards nothing acknowledged is lost or doubled, every email
// and webhook went out once, each scheduled job ran once (not once per process) and each visit
// was counted once.
//
// Both proxies stand in front of the same three processes and the mix is split between them: each
// recipe is exercised end to end (its upstream list, its client-address hashing, its failover
// past a killed process) without running the whole scenario twice. Each visitor loads the page
// once through each proxy; nginx and Caddy hash addresses differently, so one visitor reaches two
// processes, which must still count one visitor. Requests come from many loopback addresses
// (127.1.x.y), as the proxies' hashing needs.
//
// PostgreSQL is a cluster of its own (the run's shared one serves other files and must not
// restart), so the first server applies the migrations itself. Emails go to the Resend stand-in,
// which keeps one email per Idempotency-Key: an outbox file per id would hide a second send.
// Visits are counted in memory and flushed every ANALYTICS_FLUSH_MS: a SIGKILL loses what the
// killed process had not flushed yet, by design (docs/decisions/launch-analytics.md), so page
// loads start once the killed process is back, and cross the PostgreSQL restart.

const OWNER = 'owner@example.com'
const PUBLIC_URL = 'https://launch.example'
const WEBHOOK_SECRET = `whsec_${Buffer.from('several-processes-webhook-secret').toString('base64')}`
const OWNER_NOTIFY_MAX = 4
const CONTACTS = 10

let cleanup: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

type Answer = { status: number; body: string }
/** One request from the loopback address `from` (the proxies hash the client's address). */
function send(
  base: string,
  from: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const url = new URL(path, base)
  return new Promise<Answer>((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: init.method ?? 'GET',
        headers: init.headers,
        localAddress: from,
        timeout: 15_000,
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode!, body }))
        res.on('error', () => resolve({ status: 0, body }))
      },
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve({ status: 0, body: '' }))
    req.end(init.body)
  })
}
const anon = (extra: Record<string, string> = {}) => ({
  apikey: LOCAL_ANON_KEY,
  authorization: `Bearer ${LOCAL_ANON_KEY}`,
  'content-type': 'application/json',
  ...extra,
})
const address = (n: number) => `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`

/** A built page's folder, as small as the proxies and the server need (test/proxy-recipes.test.ts has the full one). */
async function builtClient(dir: string): Promise<{ client: string; proxy: string }> {
  // nginx's workers run as nobody: the build must be readable by others.
  await chmod(dir, 0o755)
  const client = join(dir, 'client')
  await mkdir(client, { recursive: true })
  await writeFile(join(client, 'index.html'), '<!doctype html><title>Page</title><p>Hello</p>')
  await writeFile(join(client, '404.html'), '<!doctype html><title>Not found</title>')
  await writeFile(join(client, 'robots.txt'), 'User-agent: *\n')
  await writeFile(join(client, 'csp-hashes.json'), JSON.stringify({ 'script-src': [], 'style-src': [] }))
  await writeProxyHeaders(client, join(dir, 'proxy'), [])
  return { client, proxy: join(dir, 'proxy') }
}

/** `HH:MM` (UTC) of the first whole minute at least `aheadMs` from now. */
function minuteAhead(aheadMs: number): { time: string; at: number } {
  const at = Math.ceil((Date.now() + aheadMs) / 60_000) * 60_000
  return { time: new Date(at).toISOString().slice(11, 16), at }
}

test(
  'three processes behind nginx and Caddy, one SIGKILLed, PostgreSQL restarted: nothing lost, nothing twice, each job once',
  { timeout: 300_000 },
  async () => {
    const started = Date.now()
    const dir = await mkdtemp(join(tmpdir(), 'several-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const cluster: PgCluster = await startPgCluster({ database: 'several' })
    cleanup.push(() => cluster.stop())
    const resend = await startResendStandIn({ apiKey: 're_several' })
    cleanup.push(() => resend.close())
    const receiver = await startWebhookReceiver()
    receiver.trust(WEBHOOK_SECRET)
    cleanup.push(() => receiver.close())
    const { client, proxy } = await builtClient(dir)

    // The migrations, applied here once, as a deploy's first process would; then the daily backup
    // is due during the mix (the first whole minute 20 s ahead), and the daily digest at each start
    // (its hour, 00, has passed today), as after any restart.
    const db: Db = await openDb({ DATABASE_URL: cluster.url, PGLITE_DIR: 'memory://' })
    cleanup.push(() => db.close())
    await migrate(db)
    await createEndpoint(
      db,
      {
        kind: 'webhook',
        url: receiver.url,
        description: 'several processes',
        events: ['signup.created', 'signup.confirmed', 'invitation.sent'],
        enabled: true,
        fullAddresses: true,
      },
      WEBHOOK_SECRET,
    )
    const backup = minuteAhead(20_000)
    const env = {
      DATABASE_URL: cluster.url,
      // Three processes within PostgreSQL's default 100 connections (docs/deploy.md).
      DATABASE_POOL_SIZE: '4',
      DATABASE_ANON_POOL_SIZE: '12',
      STATIC_DIR: client,
      PUBLIC_URL,
      TRUST_PROXY: '1',
      ...Object.fromEntries(Object.keys(NO_RATE_LIMITS).map((k) => [k, '0'])),
      EMAIL_TRANSPORT: 'resend',
      RESEND_API_URL: resend.url,
      RESEND_API_KEY: 're_several',
      EMAIL_POLL_INTERVAL_MS: '200',
      EMAIL_LEASE_MS: '3000',
      EMAIL_RETRY_BASE_MS: '200',
      EMAIL_RETRY_MAX_MS: '1000',
      SIGNUP_CONFIRMATION: 'on',
      SIGNUP_CHALLENGE: 'pow',
      SIGNUP_CHALLENGE_SECRET: 'several-processes-challenge-secret-0123',
      OWNER_EMAILS: OWNER,
      OWNER_DIGEST_HOUR: '0',
      OWNER_NOTIFY_MAX_PER_HOUR: String(OWNER_NOTIFY_MAX),
      BACKUP_DIR: join(dir, 'backups'),
      BACKUP_TIME: backup.time,
      BETA_IOS_URL: 'https://testflight.apple.com/join/several',
      BETA_ANDROID_URL: 'https://play.google.com/apps/testing/example.several',
      TESTFLIGHT_CHECK: 'off',
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      OUTBOUND_POLL_INTERVAL_MS: '200',
      OUTBOUND_LEASE_MS: '3000',
      OUTBOUND_RETRY_SCHEDULE_MS: Array(40).fill('250').join(','),
      ANALYTICS_FLUSH_MS: '200',
    }
    const servers: ServerProcess[] = []
    cleanup.push(() => Promise.all(servers.map((s) => s.kill())))
    const launch = async (extra: Record<string, string> = {}) => {
      const server = await startServer({ ...env, ...extra }, { timeoutMs: 120_000 })
      await waitHealthy(server, 120_000)
      return server
    }
    servers.push(...(await Promise.all([launch(), launch(), launch()])))
    const ports = servers.map((s) => new URL(s.url).port)
    const paths = { client, proxy, upstream: ports.map(Number) }
    const proxies: RunningProxy[] = [
      await startNginx(paths, join(dir, 'nginx')),
      await startCaddy(paths, join(dir, 'caddy')),
    ]
    cleanup.push(() => Promise.all(proxies.map((p) => p.stop())))
    const setUpMs = Date.now() - started

    // The mix: workers on each proxy, each request from an address of its own.
    let n = 0
    let stopped = false
    let pageLoads = false
    const signups: { email: string; status: number; emailCall: number; proof: boolean }[] = []
    const contacts: { message: string; status: number }[] = []
    const visits: { from: string; statuses: number[] }[] = []
    const confirmations: { email: string; status: number }[] = []
    const confirming = new Set<string>()
    let proofs = 0
    let killedLog = ''

    async function signUp(base: string, from: string, withProof: boolean) {
      const email = `p${n}-${Math.random().toString(36).slice(2, 7)}@example.com`
      const insert = await send(base, from, '/rest/v1/beta_signups', {
        method: 'POST',
        headers: anon(),
        body: JSON.stringify({ email }),
      })
      let emailCall = 0
      if (insert.status === 201) {
        const headers: Record<string, string> = {}
        if (withProof) {
          const c = await send(base, from, '/functions/v1/resend-email/challenge', { headers: anon() })
          if (c.status === 200) {
            const challenge = JSON.parse(c.body) as Challenge
            const solution = await solveChallenge({ challenge, deriveKey })
            if (solution) headers[SIGNUP_PROOF_HEADER] = encodeSignupProof(challenge, solution)
          }
        }
        emailCall = (
          await send(base, from, '/functions/v1/resend-email', {
            method: 'POST',
            headers: anon(headers),
            body: JSON.stringify({ email }),
          })
        ).status
      }
      signups.push({ email, status: insert.status, emailCall, proof: withProof })
    }
    /** A person whose confirmation email arrived follows its link and presses the button. */
    async function confirmOne(base: string, from: string): Promise<boolean> {
      const person = signups.find(
        (s) => s.emailCall === 200 && !confirming.has(s.email) && resend.emailsTo(s.email).length > 0,
      )
      if (!person) return false
      confirming.add(person.email)
      const token = /\/confirm\?token=([\w%-]+)/.exec(resend.emailsTo(person.email)[0]!.body)?.[1]
      expect(token, person.email).toBeDefined()
      const res = await send(base, from, `/confirm?token=${token}`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      })
      confirmations.push({ email: person.email, status: res.status })
      return true
    }
    async function worker(base: string, other: string, w: number) {
      for (let i = 0; !stopped; i++) {
        const from = address(n++)
        const pick = (i + w) % 5
        if (pick === 0 && pageLoads) {
          // One visitor, once through each proxy, on one site: a visitor is an address, a browser and a
          // host, and the proxies listen on two ports (nginx passes the host without its port, so Caddy
          // is given it without one too).
          const headers = browserHeaders(DESKTOP, { host: '127.0.0.1' })
          const load = (b: string) => send(b, from, '/', { headers }).then((r) => r.status)
          visits.push({ from, statuses: [await load(base), await load(other)] })
        } else if (pick === 1 && contacts.length < CONTACTS) {
          const message = `Several processes, message ${n}`
          const body = JSON.stringify({ name: 'A visitor', email: `c${n}@example.com`, subject: 'other', message })
          contacts.push({
            message,
            status: (await send(base, from, '/rest/v1/contact_messages', { method: 'POST', headers: anon(), body }))
              .status,
          })
        } else if (pick === 2 && (await confirmOne(base, from))) {
          // confirmed one
        } else await signUp(base, from, pick === 3 && proofs++ < 6)
      }
    }
    const [nginx, caddy] = proxies.map((p) => p.url) as [string, string]
    const mix = Promise.all([0, 1, 2].flatMap((w) => [worker(nginx, caddy, w), worker(caddy, nginx, w)]))
    const acknowledged = () => signups.filter((s) => s.status === 201).length

    // A process dies without a word, and comes back on its port.
    await waitFor(() => acknowledged() >= 20, { timeoutMs: 60_000, what: '20 sign-ups' })
    await servers[1]!.kill()
    killedLog = servers[1]!.log()
    await waitFor(() => acknowledged() >= 30, { timeoutMs: 60_000, what: 'sign-ups past the killed process' })
    servers[1] = await launch({ PORT: ports[1]! })
    pageLoads = true

    // The owner invites the confirmed and writes to everyone reachable, while the mix goes on.
    await waitFor(() => confirmations.filter((c) => c.status === 200).length >= 6, {
      timeoutMs: 60_000,
      what: () =>
        `six confirmations: ${JSON.stringify(confirmations.slice(0, 5))}; calls ${JSON.stringify(signups.slice(0, 5))}; ` +
        `${resend.emails.length} emails, first ${resend.emails[0]?.body.slice(0, 3000)}`,
    })
    const stores = { ios: true, android: true }
    const { rows: preview } = await previewInvitations(db, { limit: 100, platform: 'all', stores })
    const { invited } = await inviteSignups(db, { ids: preview.map((p) => p.id), stores, intervalMs: 20 })
    expect(invited.length).toBeGreaterThanOrEqual(6)
    const message = await sendTesterMessage(db, {
      requestId: '5e0e3c1a-52c0-4c52-9c52-000000000052',
      audience: 'everyone',
      subject: 'A new build',
      body: 'Build 52 is out.',
      storeLinks: true,
      actor: 'owner@example.com',
      intervalMs: 20,
    })
    expect(message).toMatchObject({ created: true })

    // PostgreSQL restarts under the mix.
    await waitFor(() => visits.length >= 10, { timeoutMs: 60_000, what: 'ten visits' })
    await cluster.pause()
    await new Promise((r) => setTimeout(r, 1_500))
    await cluster.resume()

    // The mix goes on until the backup's minute has passed and every kind of request was made.
    await waitFor(() => Date.now() > backup.at + 3_000 && visits.length >= 30 && contacts.length >= CONTACTS, {
      timeoutMs: 150_000,
      what: 'the backup minute and the rest of the mix',
    })
    stopped = true
    await mix
    const mixEndedMs = Date.now() - started

    // Everything due is sent; the end-of-hour summary waits for the hour's end.
    // (A connection of the test's pool may still be one PostgreSQL's restart closed: a failed look is a "not yet".)
    const drained = async () => {
      const r = await db.query<{ emails: string; webhooks: string }>(
        `select (select count(*) from app_private.email_queue
                 where status in ('pending', 'sending') and kind <> 'contact-owner-summary')::text as emails,
                (select count(*) from app_private.outbound_deliveries where status <> 'delivered')::text as webhooks`,
      )
      return r.rows[0]!.emails === '0' && r.rows[0]!.webhooks === '0'
    }
    await waitFor(() => drained().catch(() => false), {
      timeoutMs: 60_000,
      intervalMs: 200,
      what: 'the queues to drain',
    })
    for (const s of servers) {
      const code = await s.stop()
      expect(code, s.log().slice(-3000)).toBe(0)
    }
    const logs = servers.map((s) => s.log()).join('\n') + killedLog

    // Every acknowledged row, stored once.
    const stored = (await db.query<{ email: string }>('select email from public.beta_signups')).rows.map((r) => r.email)
    expect(new Set(stored).size).toBe(stored.length)
    const ok = signups.filter((s) => s.status === 201).map((s) => s.email)
    for (const email of ok) expect(stored, email).toContain(email)
    for (const email of stored) expect(signups.map((s) => s.email)).toContain(email)
    const messages = (await db.query<{ message: string }>('select message from public.contact_messages')).rows.map(
      (r) => r.message,
    )
    expect(new Set(messages).size).toBe(messages.length)
    for (const c of contacts.filter((c) => c.status === 201)) expect(messages).toContain(c.message)
    expect(signups.filter((s) => s.proof && s.emailCall === 200).length).toBeGreaterThan(0)

    // Every email once: one queue row per person and kind, each sent, each accepted once by the provider.
    const queue = (
      await db.query<{ id: string; kind: string; to_email: string; status: string }>(
        'select id::text as id, kind, to_email, status from app_private.email_queue',
      )
    ).rows
    const perPersonAndKind = new Map<string, number>()
    // One per person and kind, but the owner's notifications: one per contact message (counted below).
    for (const r of queue.filter((r) => r.kind !== 'contact-owner'))
      perPersonAndKind.set(`${r.kind} ${r.to_email}`, (perPersonAndKind.get(`${r.kind} ${r.to_email}`) ?? 0) + 1)
    expect([...perPersonAndKind].filter(([, count]) => count > 1)).toEqual([])
    const sent = queue.filter((r) => r.status === 'sent')
    expect(queue.filter((r) => r.status !== 'sent').map((r) => r.kind)).toEqual(['contact-owner-summary'])
    expect(resend.emails.map((e) => e.key).sort()).toEqual(sent.map((r) => r.id).sort())
    const kinds = (kind: string) =>
      queue
        .filter((r) => r.kind === kind)
        .map((r) => r.to_email)
        .sort()
    const called = signups.filter((s) => s.emailCall === 200).map((s) => s.email)
    for (const email of called) expect(kinds('confirm-signup'), email).toContain(email)
    const confirmed = confirmations.filter((c) => c.status === 200).map((c) => c.email)
    for (const email of confirmed) expect(kinds('welcome'), email).toContain(email)
    expect(kinds('invitation')).toEqual(invited.map((i) => i.email).sort())
    // The group as its batches found it: a person who joined it between the send and its batch
    // gets the message too, and the message's row then counts what was queued (queries.ts).
    const queuedTo = await db.query<{ recipients: number }>('select recipients from app_private.group_messages')
    expect(queuedTo.rows.map((r) => Number(r.recipients))).toEqual([kinds('message').length])
    expect(kinds('message').length).toBeGreaterThanOrEqual(message.recipients)
    for (const i of invited) expect(kinds('message'), i.email).toContain(i.email)
    expect(kinds('contact-owner')).toHaveLength(Math.min(OWNER_NOTIFY_MAX, messages.length))

    // Every webhook delivery went out, each under its one id. A delivery arrives twice only when its
    // outcome was lost (its process SIGKILLed, or PostgreSQL gone, between the POST and the mark): it
    // is then claimed again, which its attempts count (at least once on the wire, one id).
    const deliveries = (
      await db.query<{ message_id: string; attempts: number }>(
        'select message_id, attempts from app_private.outbound_deliveries',
      )
    ).rows
    expect(deliveries.length).toBeGreaterThanOrEqual(ok.length + confirmed.length + invited.length)
    const arrivals = new Map<string, number>()
    for (const r of receiver.received) {
      expect(r.verifiedWith, r.id).toEqual([WEBHOOK_SECRET])
      arrivals.set(r.id, (arrivals.get(r.id) ?? 0) + 1)
    }
    expect(deliveries.map((d) => d.message_id).sort()).toEqual([...arrivals.keys()].sort())
    for (const d of deliveries) expect(arrivals.get(d.message_id), d.message_id).toBeLessThanOrEqual(Number(d.attempts))
    const repeated = [...arrivals.values()].filter((count) => count > 1).length

    // Each scheduled job once, not once per process: the backup (one file, one audit entry), the digest,
    // the end-of-hour summary.
    const files = (await readdir(join(dir, 'backups'))).filter((f) => /^backup-.*\.sql$/.test(f))
    expect(files).toHaveLength(1)
    const audited = await db.query(
      "select 1 from app_private.owner_audit where action = 'backup.create' and actor = 'scheduled'",
    )
    expect(audited.rows).toHaveLength(1)
    // Every process armed it; one took it, the others found it taken.
    expect(logs.match(/"event":"backup\.written"/g)).toHaveLength(1)
    expect((logs.match(/"event":"backup\.(skipped|held)"/g) ?? []).length).toBeGreaterThanOrEqual(1)
    expect(kinds('signup-digest')).toEqual([OWNER])
    expect(kinds('contact-owner-summary')).toEqual(messages.length > OWNER_NOTIFY_MAX ? [OWNER] : [])

    // Each visit counted once: every page load a page view, every visitor one visitor, across
    // processes and the PostgreSQL restart.
    const loads = visits.flatMap((v) => v.statuses)
    expect(loads.every((s) => s === 200)).toBe(true)
    const counted = (
      await db.query<{ visitors: string; pageviews: string }>(
        'select coalesce(sum(visitors), 0)::text as visitors, coalesce(sum(pageviews), 0)::text as pageviews from app_private.analytics_hourly',
      )
    ).rows[0]!
    expect({ visitors: Number(counted.visitors), pageviews: Number(counted.pageviews) }).toEqual({
      visitors: visits.length,
      pageviews: loads.length,
    })

    console.info(
      `several processes: set-up ${setUpMs} ms, mix until ${mixEndedMs} ms, all ${Date.now() - started} ms; ` +
        `${ok.length} sign-ups, ${confirmed.length} confirmations, ${invited.length} invitations, ` +
        `${visits.length} visitors, ${resend.emails.length} emails, ${receiver.received.length} webhooks (${repeated} repeated)`,
    )
  },
)
