import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { anonJson, DB_KINDS, silentLogger, testDb } from '../../test-app.ts'
import { asOwner, ownerApp, signIn, truncateOwner } from '../owner-auth/test-owner.ts'
import { startDiscordStandIn, startSlackStandIn } from '../../../../test/support/chat-stand-ins.ts'
import { createOutboundWorker, type OutboundSettings } from './worker.ts'
import { discordMessage, escapeDiscord, escapeSlack, LISTED, slackMessage } from './chat-messages.ts'

// Slack and Discord destinations against loopback stand-ins that check the exact requests and
// the services' documented limits: one well-formed message for a sign-up, one grouped message
// for a burst, no mention parsed, rate limits and a deleted Discord webhook honoured.

const INTERVAL_MS = 3000
const SETTINGS: OutboundSettings = {
  OUTBOUND_ALLOW_LOOPBACK: true,
  OUTBOUND_POLL_INTERVAL_MS: 1000,
  OUTBOUND_LEASE_MS: 60_000,
  OUTBOUND_TIMEOUT_MS: 2000,
  OUTBOUND_RETRY_SCHEDULE_MS: [60_000],
  OUTBOUND_PAUSE_AFTER_MS: 5 * 24 * 60 * 60 * 1000,
  OUTBOUND_CHAT_INTERVAL_MS: INTERVAL_MS,
}

test("an import's batches are one message that adds them up", () => {
  const batch = (count: number) => ({
    type: 'signups.imported',
    data: { source: 'mailchimp-export', count, confirmed: true, imported_at: '2026-11-27T02:00:00Z' },
    eventTime: '2026-11-27T02:00:00Z',
  })
  expect(slackMessage([batch(1000)], false).text).toBe('Imported 1000 sign-ups from mailchimp-export')
  const grouped = [batch(50), batch(1000), batch(400)]
  expect(slackMessage(grouped, false).blocks[0]!.text.text).toBe('*1450 sign-ups imported*')
  expect(discordMessage(grouped, false).embeds[0]!.title).toBe('1450 sign-ups imported')
})

describe.each(DB_KINDS)('Slack and Discord destinations on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let slack: Awaited<ReturnType<typeof startSlackStandIn>>
  let discord: Awaited<ReturnType<typeof startDiscordStandIn>>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateOwner(db)
    slack = await startSlackStandIn()
    discord = await startDiscordStandIn()
    return async () => {
      await slack.close()
      await discord.close()
    }
  })

  async function setUp() {
    const app = await ownerApp(db, { OUTBOUND_ALLOW_LOOPBACK: true })
    const cookie = await signIn(app, db)
    const worker = createOutboundWorker({ db, logger: silentLogger, config: SETTINGS })
    const add = async (destination: 'slack' | 'discord', url: string, events = ['signup.created']) => {
      const res = await app.request(
        '/admin/api/integrations/webhooks',
        asOwner(cookie, { method: 'POST', body: { kind: destination, url, events } }),
      )
      expect(res.status).toBe(201)
      return ((await res.json()) as { endpoint: { id: number } }).endpoint.id
    }
    const signUp = async (email: string) =>
      expect((await app.request('/rest/v1/beta_signups', anonJson({ email }))).status).toBe(201)
    /** Runs the sender until `done`, within a bound: the grouping minute is real time. */
    const sendUntil = async (done: () => boolean) => {
      await expect
        .poll(async () => (await worker.runOnce(), done()), { timeout: INTERVAL_MS * 4, interval: 100 })
        .toBe(true)
    }
    return { app, worker, add, signUp, sendUntil }
  }

  test('one message for a sign-up, then one grouped message for 50 sign-ups in the minute', async () => {
    const { add, signUp, worker, sendUntil } = await setUp()
    await add('slack', slack.url)
    await add('discord', discord.url)
    await signUp('first.person@example.com')
    await worker.runOnce()
    expect(slack.messages).toHaveLength(1)
    expect(discord.messages).toHaveLength(1)
    expect(slack.messages[0]!.text).toBe('New sign-up: f…n@example.com')
    expect(discord.messages[0]!.embeds[0]!.description).toBe(`• ${escapeDiscord('New sign-up: f…n@example.com')}`)

    // Fifty sign-ups at once (one statement: the same trigger as the page's inserts, in far less
    // than the grouping interval even on a loaded machine).
    await db.query(
      `insert into public.beta_signups (email) select 'burst' || i || '@example.com' from generate_series(1, 50) i`,
    )
    // Within the minute nothing more goes out; then one message for all fifty.
    await worker.runOnce()
    expect(slack.messages).toHaveLength(1)
    await sendUntil(() => slack.messages.length === 2 && discord.messages.length === 2)
    const [, groupedSlack] = slack.messages
    expect(groupedSlack!.blocks[0]!.text!.text).toBe('*50 new sign-ups*')
    expect(groupedSlack!.blocks[1]!.text!.text.split('\n')).toHaveLength(LISTED + 1)
    expect(groupedSlack!.blocks[1]!.text!.text).toMatch(/\n\+40 more$/)
    const embed = discord.messages[1]!.embeds[0]!
    expect(embed.title).toBe('50 new sign-ups')
    expect(embed.description).toMatch(/\n\+40 more$/)
    const rows = await db.query<{ status: string; n: string | number }>(
      `select d.status, count(*) as n from app_private.outbound_deliveries d group by d.status`,
    )
    expect(rows.rows.map((r) => [r.status, Number(r.n)])).toEqual([['delivered', 102]])
    expect(slack.problems).toEqual([])
    expect(discord.problems).toEqual([])
  })

  test('what a visitor typed is escaped: no mention, link or markup', async () => {
    const { add, app, worker } = await setUp()
    await add('slack', slack.url, ['contact.created'])
    await add('discord', discord.url, ['contact.created'])
    const typed = { name: '@everyone <!channel>', message: '<@U123> [click](https://evil.example) **now** @here' }
    const res = await app.request(
      '/rest/v1/contact_messages',
      anonJson({ ...typed, email: 'visitor@example.com', subject: 'general' }),
    )
    expect(res.status).toBe(201)
    await worker.runOnce()
    expect(slack.problems).toEqual([])
    expect(discord.problems).toEqual([])
    expect(slack.messages[0]!.text).toContain(escapeSlack('<!channel>'))
    expect(discord.messages[0]!.allowed_mentions).toEqual({ parse: [] })
    const description = discord.messages[0]!.embeds[0]!.description!
    expect(description).not.toMatch(/@everyone|@here/)
    expect(description).toContain('\\[click\\]\\(https://evil.example\\)')
  })

  test("Slack's 429 holds the destination for Retry-After; Discord's 404 stops it", async () => {
    const { add, signUp, worker, sendUntil } = await setUp()
    const slackId = await add('slack', slack.url)
    const discordId = await add('discord', discord.wrongUrl)
    slack.answer({ status: 429, headers: { 'retry-after': '1' }, body: 'rate_limited' })
    await signUp('held@example.com')
    await worker.runOnce()
    expect(slack.messages).toHaveLength(0)
    const held = await db.query<{ ms: number }>(
      `select extract(epoch from next_message_at - now()) * 1000 as ms from app_private.outbound_endpoints where id = $1`,
      [slackId],
    )
    expect(Number(held.rows[0]!.ms)).toBeGreaterThan(500)
    await sendUntil(() => slack.messages.length === 1)
    const paused = await db.query<{ enabled: boolean; paused_reason: string }>(
      'select enabled, paused_reason from app_private.outbound_endpoints where id = $1',
      [discordId],
    )
    expect(paused.rows[0]).toEqual({
      enabled: false,
      paused_reason: 'Discord answered 404: the webhook no longer exists',
    })
    expect(slack.problems).toEqual([])
  })

  test('an email queue that has not sent for 30 minutes is a chat alert, once', async () => {
    const { add, worker } = await setUp()
    await add('slack', slack.url, ['email.queue_stalled'])
    await db.query(
      `insert into app_private.email_queue (kind, to_email, dedupe_key, next_attempt_at, payload)
       values ('welcome', 'late@example.com', 'welcome:late@example.com', now() - interval '45 minutes', '{}'::jsonb)`,
    )
    await worker.runOnce()
    expect(slack.messages.map((m) => m.text)).toEqual([
      expect.stringMatching(/^The email queue has not sent for 30 minutes: 1 emails waiting since /),
    ])
    // A second look (a new sender, as after a restart) records no second alert within six hours.
    await createOutboundWorker({ db, logger: silentLogger, config: SETTINGS }).runOnce()
    expect(
      await db.query(`select 1 from app_private.outbound_events where type = 'email.queue_stalled'`),
    ).toMatchObject({
      rows: [expect.anything()],
    })
  })
})
