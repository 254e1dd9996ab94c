import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { emailCapacity } from '../src/emails/email-capacity.kind.ts'
import { webhookPaused } from '../src/emails/webhook-paused.kind.ts'
import { startResendStandIn, type ResendStandIn } from './support/resend-stand-in.ts'
import { serverDatabase, type ServerDatabase } from './support/server-database.ts'
import { startServer, type ServerProcess } from './support/server-process.ts'

// Issue 52, item 3, done-when, lean: three server processes on one PostgreSQL share
// EMAIL_RATE_PER_SECOND and EMAIL_DAILY_LIMIT through the database. A backlog inserted by SQL
// goes out through the Resend stand-in, which records when each email arrives: never faster than
// the bucket allows in total, exactly the day's quota and no more, and the owner told once. (The
// 1,000-at-2-a-second figure, 500 s of sending, is the injected-clock test in
// src/server/mail-transports/email-budget.test.ts.)

const RATE = 20
const BURST = RATE
const DAILY = 150
const BACKLOG = 200
const OWNER = 'owner@example.com'
const METRICS_TOKEN = 'metrics-token-for-the-pace-test-0123456789'
// A token is taken when an email is claimed; it reaches the provider after its build (the first
// one of a process imports its template). The arrivals may bunch by that much.
const JITTER_MS = 500

let dir: string
let database: ServerDatabase
let resend: ResendStandIn
const servers: ServerProcess[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'email-pace-'))
  database = await serverDatabase('postgres', dir)
  resend = await startResendStandIn({ apiKey: 're_pace_test' })
  const env = {
    ...database.env,
    EMAIL_TRANSPORT: 'resend',
    RESEND_API_KEY: 're_pace_test',
    RESEND_API_URL: resend.url,
    EMAIL_RATE_PER_SECOND: String(RATE),
    EMAIL_DAILY_LIMIT: String(DAILY),
    EMAIL_POLL_INTERVAL_MS: '200',
    OWNER_EMAILS: OWNER,
    METRICS_TOKEN,
  }
  // The database is a copy of the migrated template: the three may start together.
  servers.push(...(await Promise.all([startServer(env), startServer(env), startServer(env)])))
}, 90_000)
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await resend?.close()
  await database?.drop()
  await rm(dir, { recursive: true, force: true })
})

test(`${BACKLOG} emails from three processes at ${RATE} a second and ${DAILY} a day: the pace and the quota hold in total, the owner is told once`, async () => {
  await database.inspect(async (db) => {
    await db.query(
      `insert into app_private.outbound_endpoints (url, events, secret)
       values ('https://hooks.example.com/launch', array['email.capacity_short'], 'whsec_' || repeat('A', 32))`,
    )
    await db.query(
      `insert into app_private.email_queue (kind, to_email, dedupe_key, payload)
       select $1, 'person-' || i || '@example.com', $1 || ':backlog:' || i, $2::jsonb
       from generate_series(1, $3::integer) i`,
      [webhookPaused.kind, JSON.stringify(webhookPaused.example.payload), BACKLOG],
    )
  })
  await expect.poll(() => resend.emails.length, { timeout: 60_000, interval: 100 }).toBe(DAILY)
  // The quota is spent for every process: nothing more goes out today.
  await new Promise((r) => setTimeout(r, 1_500))
  expect(resend.emails).toHaveLength(DAILY)

  const sent = resend.requests.filter((r) => r.outcome === 'sent').map((r) => r.at)
  expect(sent).toHaveLength(DAILY)
  // The bucket's envelope, within the jitter: any k consecutive arrivals span at least (k - burst) / rate.
  let worst = { slackMs: Infinity, i: -1, j: -1 }
  for (let i = 0; i < sent.length; i++)
    for (let j = i + BURST; j < sent.length; j++) {
      const slackMs = sent[j]! - sent[i]! + JITTER_MS - ((j - i + 1 - BURST) / RATE) * 1000
      if (slackMs < worst.slackMs) worst = { slackMs, i, j }
    }
  expect(worst.slackMs, `arrivals ${worst.i}..${worst.j}`).toBeGreaterThanOrEqual(0)
  let busiest = 0
  for (let i = 0, j = 0; i < sent.length; i++) {
    while (j < sent.length && sent[j]! < sent[i]! + 1000) j++
    busiest = Math.max(busiest, j - i)
  }
  expect(busiest).toBeLessThanOrEqual(RATE + BURST + (JITTER_MS / 1000) * RATE)
  expect(sent.at(-1)! - sent[0]!).toBeGreaterThanOrEqual(((DAILY - BURST) / RATE) * 1000 - JITTER_MS)

  // Told once, across the three processes: one email (among the day's quota) and one event.
  expect(resend.emailsTo(OWNER)).toHaveLength(1)
  const told = await database.inspect(async (db) => ({
    emails: (await db.query('select 1 from app_private.email_queue where kind = $1', [emailCapacity.kind])).rows.length,
    events: (await db.query("select 1 from app_private.outbound_events where type = 'email.capacity_short'")).rows
      .length,
  }))
  expect(told).toEqual({ emails: 1, events: 1 })

  // Every process's /metrics shows the queue, the quota and the drain time alike.
  const waiting = BACKLOG + 1 - DAILY
  for (const server of servers) {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    const text = await res.text()
    expect(text).toContain(`launch_page_email_waiting{kind="${webhookPaused.kind}"} ${waiting}`)
    expect(text).toContain(`launch_page_email_rate_limit_per_second ${RATE}`)
    expect(text).toContain(`launch_page_email_daily_limit ${DAILY}`)
    expect(text).toContain('launch_page_email_daily_remaining 0')
    expect(text).toContain('launch_page_email_fits_today 0')
    const drain = Number(/^launch_page_email_drain_seconds (\S+)$/m.exec(text)?.[1])
    // Midnight UTC, then the rest at the rate.
    expect(drain).toBeGreaterThan(waiting / RATE)
  }
}, 120_000)
