import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DB_KINDS, silentLogger, testDb } from '../../test-app.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/support/webhook-receiver.ts'
import { createEndpoint, type EndpointFields } from './queries.ts'
import { newSecret } from './signing.ts'
import { createOutboundWorker, type OutboundSettings } from './worker.ts'

// What an answer's bytes and a failing write can do to a delivery: a 2xx is delivered whatever its
// body, the outcome is recorded even when the log row cannot be, and a delivery whose outcome is
// never recorded is sent at most as often as the retry schedule allows.

const SETTINGS: OutboundSettings = {
  OUTBOUND_ALLOW_LOOPBACK: true,
  OUTBOUND_POLL_INTERVAL_MS: 1000,
  OUTBOUND_LEASE_MS: 60_000,
  OUTBOUND_TIMEOUT_MS: 2000,
  OUTBOUND_RETRY_SCHEDULE_MS: [0, 0, 0],
  OUTBOUND_PAUSE_AFTER_MS: 5 * 24 * 60 * 60 * 1000,
  OUTBOUND_CHAT_INTERVAL_MS: 60_000,
}

/** Answers a receiver in the wild gives with a 200: none of them is text PostgreSQL can store as is. */
const BINARY_ANSWERS: Record<string, Uint8Array> = {
  'a NUL byte': Buffer.from('ok\0'),
  'a gzip stream': gzipSync('{"ok":true}'),
  'a UTF-16 body': Buffer.from('\uFEFF{"ok":true}', 'utf16le'),
  'a tracking pixel': Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  'invalid UTF-8': Buffer.from([0x6f, 0x6b, 0xc3, 0x28, 0xff, 0xfe, 0x00, 0x80]),
}

describe.each(DB_KINDS)('webhook outcomes on %s', (kind) => {
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
    await db.exec(
      'truncate public.beta_signups, app_private.outbound_endpoints, app_private.outbound_events restart identity cascade',
    )
    receiver.received.length = 0
    receiver.answerWith(() => ({ status: 200, body: 'ok' }))
  })

  async function endpointAndEvent(settings: Partial<OutboundSettings> = {}) {
    const secret = newSecret()
    receiver.trust(secret)
    const fields: EndpointFields = {
      kind: 'webhook',
      url: receiver.url,
      description: '',
      events: ['signup.created'],
      enabled: true,
      fullAddresses: false,
    }
    await createEndpoint(db, fields, secret)
    await db.query(`insert into public.beta_signups (email) values ('answer@example.com')`)
    return createOutboundWorker({ db, logger: silentLogger, config: { ...SETTINGS, ...settings } })
  }

  const delivery = async () =>
    (
      await db.query<{ status: string; attempts: number; last_status: number | null }>(
        'select status, attempts, last_status from app_private.outbound_deliveries',
      )
    ).rows[0]

  /** Every claimed row's lease is over, as if its sender had died. */
  const leaseOver = () =>
    db.query(
      `update app_private.outbound_deliveries set locked_until = now() - interval '1 second' where status = 'sending'`,
    )

  test.each(Object.keys(BINARY_ANSWERS))('a 200 with %s is delivered once, and logged', async (answer) => {
    const worker = await endpointAndEvent()
    receiver.answerWith(() => ({
      status: 200,
      headers: { 'content-type': 'application/octet-stream' },
      body: BINARY_ANSWERS[answer]!,
    }))
    await worker.runOnce()
    expect(await delivery()).toMatchObject({ status: 'delivered', attempts: 1, last_status: 200 })
    const log = await db.query<{ status: number; response: string }>(
      'select status, response from app_private.outbound_attempts',
    )
    expect(log.rows).toEqual([{ status: 200, response: expect.any(String) }])
    expect(log.rows[0]!.response).not.toContain('\0')
    // Nothing is left to send, even after a lease would have run out.
    await leaseOver()
    expect(await worker.runOnce()).toBe(0)
    expect(receiver.received).toHaveLength(1)
  })

  test('the outcome is recorded when the log row cannot be written', async () => {
    const worker = await endpointAndEvent({ OUTBOUND_RETRY_SCHEDULE_MS: [60_000] })
    // A real refusal by the database: every new log row breaks a constraint.
    await db.exec('alter table app_private.outbound_attempts add constraint refuse_all check (false) not valid')
    try {
      await worker.runOnce()
      expect(await delivery()).toMatchObject({ status: 'delivered', last_status: 200 })
      receiver.answerWith(() => ({ status: 500 }))
      await db.query(`insert into public.beta_signups (email) values ('second@example.com')`)
      await worker.runOnce()
      const second = await db.query<{ status: string; last_status: number }>(
        'select status, last_status from app_private.outbound_deliveries order by id desc limit 1',
      )
      expect(second.rows[0]).toMatchObject({ status: 'pending', last_status: 500 })
    } finally {
      await db.exec('alter table app_private.outbound_attempts drop constraint refuse_all')
    }
    expect(receiver.received).toHaveLength(2)
  })

  test('a delivery whose outcome is never recorded is sent at most as often as the schedule allows, then fails', async () => {
    const worker = await endpointAndEvent()
    // Neither the log row nor the outcome can be written (say the database refuses every write
    // but the claim): each lease runs out with the row still 'sending'.
    await db.exec(`alter table app_private.outbound_attempts add constraint refuse_all check (false) not valid`)
    await db.exec(
      `alter table app_private.outbound_deliveries add constraint refuse_delivered check (status <> 'delivered') not valid`,
    )
    try {
      for (let claim = 0; claim < 10; claim++) {
        await worker.runOnce().catch(() => {})
        await leaseOver()
      }
    } finally {
      await db.exec('alter table app_private.outbound_attempts drop constraint refuse_all')
      await db.exec('alter table app_private.outbound_deliveries drop constraint refuse_delivered')
    }
    // The first attempt and one per retry of the schedule: four sends, then the delivery fails.
    expect(receiver.received).toHaveLength(SETTINGS.OUTBOUND_RETRY_SCHEDULE_MS.length + 1)
    expect(await delivery()).toMatchObject({ status: 'failed' })
    expect(await worker.runOnce()).toBe(0)
  })
})
