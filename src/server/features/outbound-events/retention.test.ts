import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { claimDueEmails } from '../../../mail-core/queue-rows.ts'
import { OUTBOUND_RETENTION_DAYS, SUBSCRIBABLE_EVENTS } from '../../../shared/outbound-events.ts'
import { DB_KINDS, silentLogger, testDb } from '../../test-app.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/support/webhook-receiver.ts'
import { createEndpoint, purgeOldEvents } from './queries.ts'
import { newSecret } from './signing.ts'
import { createOutboundWorker, type OutboundSettings } from './worker.ts'

// How long outbound events keep a person's address: no longer than the person stays on the list
// (unsubscribing, the expiry of an unconfirmed sign-up, a delete by hand mask it as erasure
// does), and no event is kept past the retention period, whatever its outcome.

const SETTINGS: OutboundSettings = {
  OUTBOUND_ALLOW_LOOPBACK: true,
  OUTBOUND_POLL_INTERVAL_MS: 1000,
  OUTBOUND_LEASE_MS: 60_000,
  OUTBOUND_TIMEOUT_MS: 2000,
  OUTBOUND_RETRY_SCHEDULE_MS: [60_000],
  OUTBOUND_PAUSE_AFTER_MS: 5 * 24 * 60 * 60 * 1000,
  OUTBOUND_CHAT_INTERVAL_MS: 60_000,
}

describe.each(DB_KINDS)('outbound events retention on %s', (kind) => {
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
      `truncate public.beta_signups, app_private.outbound_endpoints, app_private.outbound_events,
         app_private.outbound_housekeeping, app_private.email_queue, app_private.email_suppressions restart identity cascade`,
    )
    receiver.received.length = 0
    receiver.answerWith(() => ({ status: 200, body: 'ok' }))
  })

  /** An endpoint with full addresses for every event, so that nothing is masked on the way out. */
  async function endpoint(url = receiver.url) {
    const secret = newSecret()
    receiver.trust(secret)
    const fields = { kind: 'webhook', url, description: '', events: SUBSCRIBABLE_EVENTS } as const
    await createEndpoint(db, { ...fields, events: [...fields.events], enabled: true, fullAddresses: true }, secret)
    return createOutboundWorker({ db, logger: silentLogger, config: SETTINGS })
  }

  const signUp = (email: string) =>
    db.query<{ id: string }>('insert into public.beta_signups (email) values ($1) returning id::text', [email])

  const stored = async () =>
    (await db.query<{ data: string }>('select data::text as data from app_private.outbound_events')).rows
      .map((r) => r.data)
      .join('\n')

  test('unsubscribing masks the address in their stored events; the leaving event keeps it until sent', async () => {
    const worker = await endpoint()
    await signUp('leaving.person@example.com')
    await signUp('staying.person@example.com')
    await db.query(`update public.beta_signups set confirmed_at = now()`)
    const token = await db.query<{ t: string }>(
      `select unsubscribe_token::text as t from public.beta_signups where email = 'leaving.person@example.com'`,
    )
    await db.query('select app_private.unsubscribe($1::uuid)', [token.rows[0]!.t])
    // Still undelivered: the events before the leaving one are masked already; the leaving one
    // carries the address, for a receiver that keeps full addresses.
    const before = (await stored()).split('\n')
    expect(before.filter((d) => d.includes('leaving.person@'))).toEqual([expect.stringContaining('"unsubscribed_at"')])
    expect(before.filter((d) => d.includes('l…n@example.com'))).toHaveLength(2)
    while ((await worker.runOnce()) > 0);
    const sent = receiver.received.map((r) => [r.payload!.type, r.payload!.data.email])
    expect(sent).toEqual(
      expect.arrayContaining([
        ['signup.created', 'l…n@example.com'],
        ['person.unsubscribed', 'leaving.person@example.com'],
      ]),
    )
    // Sent: nothing of theirs is left in clear; the one who stayed keeps theirs.
    expect(await stored()).not.toContain('leaving.person@')
    expect(await stored()).toContain('staying.person@example.com')
  })

  test('the leaving event is masked once every delivery of it failed for good, too', async () => {
    const worker = await endpoint()
    receiver.answerWith(() => ({ status: 410 }))
    await signUp('gone.away@example.com')
    const token = await db.query<{ t: string }>('select unsubscribe_token::text as t from public.beta_signups')
    await db.query('select app_private.unsubscribe($1::uuid)', [token.rows[0]!.t])
    await worker.runOnce()
    const statuses = await db.query<{ status: string }>('select status from app_private.outbound_deliveries')
    expect(statuses.rows.some((r) => r.status === 'failed')).toBe(true)
    // The 410 paused the endpoint: its other delivery waits, and keeps the address until it goes.
    await db.query(`update app_private.outbound_deliveries set status = 'failed' where status <> 'failed'`)
    expect(await stored()).not.toContain('gone.away@')
  })

  test('the expiry of an unconfirmed sign-up and a delete by hand mask their stored events', async () => {
    await endpoint()
    await signUp('never.confirmed@example.com')
    await signUp('deleted.by.hand@example.com')
    await db.query(`insert into public.contact_messages (name, email, subject, message)
                    values ('N', 'never.confirmed@example.com', 'general', 'Hello')`)
    await db.query(
      `update public.beta_signups set created_at = now() - interval '8 days' where email = 'never.confirmed@example.com'`,
    )
    await claimDueEmails(db, 10, 60_000, true)
    expect((await db.query('select 1 from public.beta_signups where email like $1', ['never%'])).rows).toHaveLength(0)
    await db.query(`delete from public.beta_signups where email = 'deleted.by.hand@example.com'`)
    const all = await stored()
    expect(all).not.toContain('never.confirmed@')
    expect(all).not.toContain('deleted.by.hand@')
    expect(all).toContain('n…d@example.com')
  })

  test(`events older than ${OUTBOUND_RETENTION_DAYS} days go with their deliveries and log, once across processes`, async () => {
    const worker = await endpoint()
    for (const n of [1, 2, 3, 4]) await signUp(`person${n}@example.com`)
    // 1 delivered, 2 failed, 3 waiting for a paused endpoint: all old. 4 is young.
    await db.query(`update app_private.outbound_deliveries set status = 'delivered' where event_id = 1`)
    await db.query(`update app_private.outbound_deliveries set status = 'failed' where event_id = 2`)
    await db.query(`insert into app_private.outbound_attempts (delivery_id, endpoint_id, status, latency_ms)
                    select id, endpoint_id, 200, 5 from app_private.outbound_deliveries`)
    await db.query(`update app_private.outbound_endpoints set enabled = false`)
    await db.query(
      `update app_private.outbound_events set created_at = now() - make_interval(days => $1::integer + 1) where id <= 3`,
      [OUTBOUND_RETENTION_DAYS],
    )
    await worker.runOnce()
    const left = await db.query<{ id: string }>('select id::text from app_private.outbound_events order by id')
    expect(left.rows.map((r) => r.id)).toEqual(['4'])
    expect(
      Number((await db.query<{ n: string }>('select count(*) as n from app_private.outbound_deliveries')).rows[0]!.n),
    ).toBe(1)
    expect(
      Number((await db.query<{ n: string }>('select count(*) as n from app_private.outbound_attempts')).rows[0]!.n),
    ).toBe(1)

    // Done for the day: another process (or this one again) does not purge before it is due.
    await db.query(`update app_private.outbound_endpoints set enabled = true`)
    await signUp('person5@example.com')
    await db.query(`update app_private.outbound_events set created_at = now() - interval '90 days'`)
    const another = createOutboundWorker({ db, logger: silentLogger, config: SETTINGS })
    await another.runOnce()
    await worker.runOnce()
    expect((await db.query('select 1 from app_private.outbound_events')).rows).toHaveLength(2)

    // Due again: of two processes asking at once, one purges.
    await db.query(`update app_private.outbound_housekeeping set next_purge_at = now() - interval '1 second'`)
    const turns = await Promise.all([
      purgeOldEvents(db, OUTBOUND_RETENTION_DAYS),
      purgeOldEvents(db, OUTBOUND_RETENTION_DAYS),
    ])
    expect(turns.map((t) => t.purged).sort()).toEqual([2, null])
    expect((await db.query('select 1 from app_private.outbound_events')).rows).toHaveLength(0)
  })
})
