import { createHash, createHmac, randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createApp } from './app.ts'
import type { Db } from './db/db.ts'
import { createEmailQueue } from '../mail-core/queue.ts'
import { createLogger, emailHash } from './log.ts'
import { keyAddressHashes } from './log-redact.ts'
import { derivedKey } from './owner/keys.ts'
import { anonJson, NO_RATE_LIMITS, testDb } from './test-app.ts'
import { LOCAL_ANON_KEY } from '../shared/self-hosted.ts'
import { testConfig } from './test-config.ts'

let db: Db
let close: () => Promise<void>
const secret = randomBytes(32)
beforeAll(async () => {
  ;({ db, close } = await testDb('pglite'))
  keyAddressHashes(secret)
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
    config: testConfig({ ANON_KEY: LOCAL_ANON_KEY, STATIC_DIR: '/nonexistent', ...NO_RATE_LIMITS }),
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
    EMAIL_FROM: 'Beta Team <hello@localhost>',
    PUBLIC_URL: 'https://launch.example',
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

// Sha256(address)[:12] could be recomputed by anyone holding the address.
test("address hashes are keyed with the owner secret's 'log' key, as the audit log's are", () => {
  const address = ' Private.Person@Example.com '
  const plain = createHash('sha256').update('private.person@example.com').digest('hex').slice(0, 12)
  const keyed = createHmac('sha256', derivedKey(secret, 'log'))
    .update('private.person@example.com')
    .digest('hex')
    .slice(0, 12)
  expect(emailHash(address)).toBe(keyed)
  expect(emailHash(address)).not.toBe(plain)
  const lines: string[] = []
  createLogger('info', { write: (l: string) => lines.push(l) }).info({ err: new Error(`no ${address}`) }, 'failed')
  expect(lines.join('')).toContain(`[email ${keyed}]`)
  expect(lines.join('')).not.toContain(plain)
})

test('before a key is set, addresses are hidden with no hash at all', async () => {
  vi.resetModules()
  const fresh = await import('./log-redact.ts')
  expect(fresh.redactAddresses('to ada@example.com failed')).toBe('to [email] failed')
  expect(fresh.emailHash('ada@example.com')).toBe('unkeyed')
})
