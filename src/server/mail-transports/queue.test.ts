import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../db/db.ts'
import { enqueueWelcomeEmail } from '../../mail-core/signup-emails.ts'
import { DB_KINDS, silentLogger, testDb, truncateAll } from '../test-app.ts'
import { createEmailQueue, retryDelay } from '../../mail-core/queue.ts'
import type { OutgoingEmail, SendResult, Transport } from './transport.ts'

const config = {
  EMAIL_FROM: 'Beta Team <hello@localhost>',
  PUBLIC_URL: 'https://launch.example',
  EMAIL_POLL_INTERVAL_MS: 20,
  EMAIL_MAX_ATTEMPTS: 3,
  EMAIL_RETRY_BASE_MS: 1,
  EMAIL_RETRY_MAX_MS: 5,
  EMAIL_LEASE_MS: 60_000,
}

/** Answers each send with the next scripted result, and records every email it was given. */
function scriptedTransport(script: SendResult[]): Transport & { sent: OutgoingEmail[] } {
  const sent: OutgoingEmail[] = []
  return {
    name: 'scripted',
    sent,
    async send(email) {
      sent.push(email)
      return script.shift() ?? { ok: true, id: `provider-${email.id}` }
    },
    async close() {},
  }
}

type Row = { status: string; attempts: number; last_error: string | null; provider_message_id: string | null }
const rows = async (db: Db) =>
  (
    await db.query<Row>('select status, attempts, last_error, provider_message_id from app_private.email_queue')
  ).rows.map((r) => ({ ...r, attempts: Number(r.attempts) }))
// Runs the worker until no email is waiting for a retry due soon.
const drain = async (db: Db, q: { runOnce(): Promise<number> }) => {
  for (let i = 0; i < 50; i++) {
    await q.runOnce()
    const waiting = await db.query(
      "select 1 from app_private.email_queue where status = 'pending' and next_attempt_at < now() + interval '1 second'",
    )
    if (waiting.rows.length === 0) return
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe.each(DB_KINDS)('email queue on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateAll(db)
    await db.query("insert into public.beta_signups (email) values ('ada@example.com')")
    await enqueueWelcomeEmail(db, 'ada@example.com')
  })

  test('a passing failure is retried until the email is sent', async () => {
    const transport = scriptedTransport([{ ok: false, retryable: true, error: 'timeout' }])
    const queue = createEmailQueue({ db, transport, logger: silentLogger, config })
    await drain(db, queue)
    expect(transport.sent).toHaveLength(2)
    expect(transport.sent[0]!.id).toBe(transport.sent[1]!.id)
    expect(await rows(db)).toEqual([
      { status: 'sent', attempts: 2, last_error: null, provider_message_id: `provider-${transport.sent[0]!.id}` },
    ])
  })

  test('a lasting failure stops after the maximum number of attempts', async () => {
    const down = { ok: false as const, retryable: true, error: '503 from provider' }
    const transport = scriptedTransport([down, down, down, down, down])
    await drain(db, createEmailQueue({ db, transport, logger: silentLogger, config }))
    expect(transport.sent).toHaveLength(3)
    expect(await rows(db)).toEqual([
      { status: 'failed', attempts: 3, last_error: '503 from provider', provider_message_id: null },
    ])
  })

  test('a permanent failure is not retried', async () => {
    const transport = scriptedTransport([{ ok: false, retryable: false, error: '422 invalid recipient' }])
    await drain(db, createEmailQueue({ db, transport, logger: silentLogger, config }))
    expect(transport.sent).toHaveLength(1)
    expect((await rows(db))[0]).toMatchObject({ status: 'failed', attempts: 1 })
  })

  test('a bounce at send time suppresses the mailbox; nothing more is sent to it', async () => {
    const transport = scriptedTransport([
      { ok: false, retryable: false, error: 'SMTP 550: no such user', bounced: true },
    ])
    await drain(db, createEmailQueue({ db, transport, logger: silentLogger, config }))
    expect((await rows(db))[0]).toMatchObject({ status: 'failed', attempts: 1 })
    const reason = await db.query<{ r: string }>("select app_private.suppression_reason('ADA@example.com') as r")
    expect(reason.rows[0]!.r).toBe('bounced')
    // Any later email to the mailbox (here one queued by hand) is cancelled, not sent.
    await db.query(
      "insert into app_private.email_queue (kind, to_email, dedupe_key) values ('confirm-signup', 'ada@example.com', 'confirm-signup:x')",
    )
    await drain(db, createEmailQueue({ db, transport, logger: silentLogger, config }))
    expect(transport.sent).toHaveLength(1)
    expect((await rows(db)).map((r) => r.status).sort()).toEqual(['cancelled', 'failed'])
  })

  test('retryAfterMs is honoured', async () => {
    const transport = scriptedTransport([{ ok: false, retryable: true, error: '429', retryAfterMs: 60_000 }])
    const queue = createEmailQueue({
      db,
      transport,
      logger: silentLogger,
      config: { ...config, EMAIL_RETRY_MAX_MS: 3_600_000 },
    })
    await drain(db, queue)
    expect(transport.sent).toHaveLength(1)
    const due = await db.query<{ s: number }>(
      "select extract(epoch from next_attempt_at - now()) as s from app_private.email_queue where status = 'pending'",
    )
    expect(Number(due.rows[0]!.s)).toBeGreaterThan(50)
  })

  test('a row left in sending by a crashed worker is sent again after its lease, with the same id', async () => {
    const transport = scriptedTransport([])
    const queue = createEmailQueue({ db, transport, logger: silentLogger, config })
    const id = (await db.query<{ id: string }>('select id::text as id from app_private.email_queue')).rows[0]!.id
    // What a worker that died mid-send leaves behind.
    await db.query(
      "update app_private.email_queue set status = 'sending', attempts = 1, locked_until = now() + interval '1 hour'",
    )
    await queue.runOnce()
    expect(transport.sent).toHaveLength(0)
    await db.query("update app_private.email_queue set locked_until = now() - interval '1 second'")
    await queue.runOnce()
    expect(transport.sent.map((e) => e.id)).toEqual([id])
    expect((await rows(db))[0]).toMatchObject({ status: 'sent', attempts: 2 })
  })

  test('an email whose address left the list is cancelled, not sent', async () => {
    await db.query('delete from public.beta_signups')
    const transport = scriptedTransport([])
    await createEmailQueue({ db, transport, logger: silentLogger, config }).runOnce()
    expect(transport.sent).toHaveLength(0)
    expect((await rows(db))[0]).toMatchObject({ status: 'cancelled' })
  })

  test('two workers sharing the queue send each email once', async () => {
    for (let i = 0; i < 20; i++) {
      await db.query('insert into public.beta_signups (email) values ($1)', [`p${i}@example.com`])
      await enqueueWelcomeEmail(db, `p${i}@example.com`)
    }
    const transport = scriptedTransport([])
    const a = createEmailQueue({ db, transport, logger: silentLogger, config })
    const b = createEmailQueue({ db, transport, logger: silentLogger, config })
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()])
    expect(transport.sent).toHaveLength(21)
    expect(new Set(transport.sent.map((e) => e.id)).size).toBe(21)
  })

  test('start() sends due email by itself and stop() waits for the send in flight', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    let started = false
    const transport: Transport = {
      name: 'slow',
      async send(email) {
        started = true
        await gate
        return { ok: true, id: email.id }
      },
      async close() {},
    }
    const queue = createEmailQueue({ db, transport, logger: silentLogger, config })
    queue.start()
    while (!started) await new Promise((r) => setTimeout(r, 5))
    let stopped = false
    const stopping = queue.stop().then(() => (stopped = true))
    await new Promise((r) => setTimeout(r, 50))
    expect(stopped).toBe(false)
    release()
    await stopping
    expect((await rows(db))[0]).toMatchObject({ status: 'sent' })
  })

  test('a worker leases only the email it is sending, and stop() claims no more', async () => {
    for (const email of ['bea@example.com', 'cy@example.com']) {
      await db.query('insert into public.beta_signups (email) values ($1)', [email])
      await enqueueWelcomeEmail(db, email)
    }
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    let sends = 0
    const transport: Transport = {
      name: 'slow',
      async send(email) {
        sends += 1
        await gate
        return { ok: true, id: email.id }
      },
      async close() {},
    }
    const queue = createEmailQueue({ db, transport, logger: silentLogger, config })
    queue.start()
    while (sends === 0) await new Promise((r) => setTimeout(r, 5))
    // Leased rows waiting behind a slow send could be taken over by another process after
    // the lease and sent twice; only the one in hand may be leased.
    const statuses = (await rows(db)).map((r) => r.status).sort()
    expect(statuses).toEqual(['pending', 'pending', 'sending'])
    const stopped = queue.stop()
    release()
    await stopped
    expect(sends).toBe(1)
    expect((await rows(db)).map((r) => r.status).sort()).toEqual(['pending', 'pending', 'sent'])
  })
})

test('retry delays grow exponentially with jitter and stay within the cap', () => {
  const c = { EMAIL_RETRY_BASE_MS: 1000, EMAIL_RETRY_MAX_MS: 60_000 }
  for (let attempt = 1; attempt <= 10; attempt++) {
    const full = Math.min(60_000, 1000 * 2 ** (attempt - 1))
    for (let i = 0; i < 20; i++) {
      const d = retryDelay(attempt, c)
      expect(d).toBeGreaterThanOrEqual(full / 2)
      expect(d).toBeLessThanOrEqual(full)
    }
  }
  expect(retryDelay(1, c, 30_000)).toBeGreaterThanOrEqual(30_000)
})
