import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { createOutboxTransport } from '../../mail-transports/outbox.ts'
import { createEmailQueue, type EmailQueue } from '../../../mail-core/queue.ts'
import { anonJson, count, DB_KINDS, silentLogger, testApp, testDb, truncateAll } from '../../test-app.ts'

const queueConfig = {
  EMAIL_FROM: 'Beta Team <hello@localhost>',
  PUBLIC_URL: 'http://localhost:3000',
  EMAIL_POLL_INTERVAL_MS: 50,
  EMAIL_MAX_ATTEMPTS: 3,
  EMAIL_RETRY_BASE_MS: 10,
  EMAIL_RETRY_MAX_MS: 100,
  EMAIL_LEASE_MS: 60_000,
}

describe.each(DB_KINDS)('resend-email on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let outbox: string
  let queue: EmailQueue
  let app: ReturnType<typeof testApp>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateAll(db)
    outbox = await mkdtemp(join(tmpdir(), 'outbox-'))
    queue = createEmailQueue({
      db,
      transport: createOutboxTransport({ dir: outbox }),
      logger: silentLogger,
      config: queueConfig,
    })
    app = testApp(db, { wakeEmailQueue: queue.wake })
    queue.start()
    return async () => {
      await queue.stop()
      await rm(outbox, { recursive: true, force: true })
    }
  })

  const signUp = (email: string) => app.request('/rest/v1/beta_signups', anonJson({ email }))
  const resend = (email: string) => app.request('/functions/v1/resend-email', anonJson({ email }))
  const sent = async () => (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.json'))
  const waitFor = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 600 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25))
  }

  test('a signed-up address gets one welcome email with a working unsubscribe header', async () => {
    expect((await signUp('Ada@Example.com')).status).toBe(201)
    const res = await resend('ada@example.com ')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ queued: true })
    await waitFor(async () => (await sent()).length === 1)
    const [file] = await sent()
    const record = JSON.parse(await readFile(join(outbox, file!), 'utf8'))
    expect(record.to).toBe('Ada@Example.com')
    expect(record.from).toBe('Beta Team <hello@localhost>')
    const token = (await db.query<{ t: string }>('select unsubscribe_token::text as t from public.beta_signups'))
      .rows[0]!.t
    expect(record.headers['List-Unsubscribe']).toBe(`<http://localhost:3000/unsubscribe?token=${token}>`)
    expect(record.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    // The file is written before the worker records the send, so wait for the row to leave 'sending'.
    const row = async () =>
      (await db.query<{ status: string; attempts: number }>('select status, attempts from app_private.email_queue'))
        .rows[0]
    await waitFor(async () => (await row())?.status !== 'sending')
    expect(await row()).toEqual({ status: 'sent', attempts: 1 })
  })

  test('50 calls for one address send exactly one email', async () => {
    await signUp('bo@example.com')
    const answers = await Promise.all(Array.from({ length: 50 }, () => resend('bo@example.com')))
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([200]))
    await waitFor(async () => (await sent()).length >= 1)
    await queue.runOnce()
    await new Promise((r) => setTimeout(r, 200))
    expect(await sent()).toHaveLength(1)
    expect(await count(db, 'app_private.email_queue')).toBe(1)
  })

  test('an address never signed up gets the same answer, and nothing is queued or sent', async () => {
    await signUp('known@example.com')
    const known = await resend('known@example.com')
    const unknown = await resend('stranger@example.com')
    expect(unknown.status).toBe(known.status)
    expect(await unknown.text()).toBe(await known.text())
    await waitFor(async () => (await sent()).length === 1)
    await queue.runOnce()
    const rows = await db.query<{ to_email: string }>('select to_email from app_private.email_queue')
    expect(rows.rows).toEqual([{ to_email: 'known@example.com' }])
    expect(await sent()).toHaveLength(1)
  })

  test('an invalid request is a 400 in PostgREST’s shape', async () => {
    const res = await resend('not an email')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: '23514', message: 'Enter a valid email address.' })
    const wrongType = await app.request('/functions/v1/resend-email', {
      ...anonJson('x'),
      headers: { apikey: 'local-anon-key-not-secret', 'content-type': 'text/plain' },
    })
    expect(wrongType.status).toBe(415)
    expect((await app.request('/functions/v1/resend-email', anonJson('{'))).status).toBe(400)
    expect(await count(db, 'app_private.email_queue')).toBe(0)
  })
})
