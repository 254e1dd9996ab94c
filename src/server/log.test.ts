import { Writable } from 'node:stream'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from './app.ts'
import type { Db } from './db/db.ts'
import { createEmailQueue } from '../mail/queue.ts'
import { createLogger, emailHash } from './log.ts'
import { anonJson, NO_RATE_LIMITS, testDb } from './test-app.ts'
import { LOCAL_ANON_KEY } from '../shared/self-hosted.ts'

let db: Db
let close: () => Promise<void>
beforeAll(async () => {
  ;({ db, close } = await testDb('pglite'))
})
afterAll(() => close())

function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  return { logger: createLogger('trace', { write: (line: string) => stream.write(line) }), lines }
}

test('a sign-up, its welcome email, a failed send and an unsubscribe log JSON lines without the address in clear', async () => {
  const { logger, lines } = capture()
  const address = 'Private.Person@example.com'
  const app = createApp({
    config: { ANON_KEY: LOCAL_ANON_KEY, STATIC_DIR: '/nonexistent', ...NO_RATE_LIMITS },
    db,
    logger,
  })
  expect((await app.request('/rest/v1/beta_signups', anonJson({ email: address }))).status).toBe(201)
  expect((await app.request('/functions/v1/resend-email', anonJson({ email: address }))).status).toBe(200)
  // A provider that refuses once (with the address in its error, as providers do), then accepts.
  let calls = 0
  const transport = {
    name: 'flaky',
    async send(email: { to: string }) {
      return ++calls === 1
        ? { ok: false as const, retryable: true, error: `mailbox ${email.to} unavailable` }
        : { ok: true as const, id: 'p-1' }
    },
    async close() {},
  }
  const config = {
    EMAIL_FROM: 'Solodesk <hello@localhost>',
    PUBLIC_URL: 'https://solodesk.example',
    EMAIL_POLL_INTERVAL_MS: 20,
    EMAIL_MAX_ATTEMPTS: 3,
    EMAIL_RETRY_BASE_MS: 1,
    EMAIL_RETRY_MAX_MS: 5,
    EMAIL_LEASE_MS: 60_000,
  }
  const queue = createEmailQueue({ db, transport, logger, config })
  for (let i = 0; i < 20 && calls < 2; i++) {
    await queue.runOnce()
    await new Promise((r) => setTimeout(r, 10))
  }
  expect(calls).toBe(2)
  const token = (await db.query<{ t: string }>('select unsubscribe_token::text as t from public.beta_signups')).rows[0]!
    .t
  expect((await app.request(`/unsubscribe?token=${token}`, { method: 'POST' })).status).toBe(200)

  expect(lines.length).toBeGreaterThanOrEqual(3)
  for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow()
  const all = lines.join('\n')
  expect(all).toContain(emailHash(address))
  // The provider's error kept its sense, with the address replaced by the same hash.
  expect(all).toContain(`mailbox [email ${emailHash(address)}] unavailable`)
  expect(all.toLowerCase()).not.toContain('private.person')
  expect(all).not.toMatch(/[\w.+-]+@example\.com/i)
})
