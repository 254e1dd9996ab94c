import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { LOCAL_ANON_KEY } from '../../shared/self-hosted.ts'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { createAfterAnswer } from './after-answer.ts'
import { anonJson, DB_KINDS, fromAddress, NO_RATE_LIMITS, testDb, truncateAll } from '../test-app.ts'
import { testConfig } from '../test-config.ts'

// The email function's limits hold for every spelling of its path that
// reaches the handler, the challenge has a limit of its own, and a flood over the unverified
// budget writes one line per interval, not one per call.

function appWithLog(db: Db, config: Record<string, unknown>) {
  const lines: Record<string, unknown>[] = []
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) })
  const app = createApp({
    afterAnswer: createAfterAnswer(),
    config: testConfig({ ANON_KEY: LOCAL_ANON_KEY, STATIC_DIR: '/nonexistent', ...NO_RATE_LIMITS, ...config }),
    db,
    logger,
  })
  return { app, lines }
}

describe.each(DB_KINDS)('the email function under a flood on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  test('a trailing slash (and a doubled one) counts against the same email limit', async () => {
    const { app } = appWithLog(db, { RATE_LIMIT_EMAIL_PER_MINUTE: 2, UNVERIFIED_EMAILS_PER_HOUR: 1_000 })
    const ip = fromAddress('203.0.113.9')
    const call = (path: string) => app.request(path, anonJson({ email: 'ada@example.com' }), ip)
    expect((await call('/functions/v1/resend-email')).status).toBe(200)
    expect((await call('/functions/v1/resend-email/')).status).toBe(200)
    for (const path of ['/functions/v1/resend-email/', '/functions/v1/resend-email//', '/functions/v1/resend-email'])
      expect((await call(path)).status, path).toBe(429)
    // Another client is not affected.
    expect((await app.request('/functions/v1/resend-email/', anonJson({ email: 'bo@example.com' }))).status).toBe(200)
  })

  test('the challenge has its own limit, whatever the spelling', async () => {
    const { app } = appWithLog(db, { RATE_LIMIT_CHALLENGE_PER_MINUTE: 2 })
    const ip = fromAddress('203.0.113.10')
    const get = (path: string) => app.request(path, { headers: { apikey: LOCAL_ANON_KEY } }, ip)
    expect((await get('/functions/v1/resend-email/challenge')).status).toBe(200)
    expect((await get('/functions/v1/resend-email/challenge/')).status).toBe(200)
    const refused = await get('/functions/v1/resend-email/challenge')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
    // The email call keeps its own budget.
    expect((await app.request('/functions/v1/resend-email', anonJson({ email: 'a@example.com' }), ip)).status).toBe(200)
  })

  test('calls over the unverified budget are logged once per interval, with their count', async () => {
    const { app, lines } = appWithLog(db, { UNVERIFIED_EMAILS_PER_HOUR: 1 })
    for (let i = 0; i < 12; i++) {
      const email = `p${i}@example.com`
      expect((await app.request('/rest/v1/beta_signups', anonJson({ email }))).status).toBe(201)
      expect((await app.request('/functions/v1/resend-email/', anonJson({ email }))).status).toBe(200)
    }
    const over = lines.filter((l) => l.event === 'email.unverified_over_budget')
    expect(over).toHaveLength(1)
    expect(over[0]).toMatchObject({ calls: 1 })
  })
})
