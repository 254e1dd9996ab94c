import { pino } from 'pino'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startPgCluster, type PgCluster } from '../scripts/pg-cluster.ts'
import { createApp } from '../src/server/app.ts'
import type { Db } from '../src/server/db/db.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { openDb } from '../src/server/db/open.ts'
import { createEmailQueue } from '../src/mail-core/queue.ts'
import { asOwner, ORIGIN, OWNER, postLink, linkToken } from '../src/server/features/owner-auth/test-owner.ts'
import { syncOwnerEmails } from '../src/server/features/owner-auth/owners.ts'
import { anonJson, NO_RATE_LIMITS } from '../src/server/test-app.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { DEFAULT_LOCALE, LOCALES, SERVER_PAGE_TEXTS } from '../src/shared/content.ts'
import { directionOf } from '../src/shared/locales.ts'
import { testConfig } from '../src/server/test-config.ts'

// During a PostgreSQL outage every request got a 500 and a stack trace (792
// error lines in 20 s). Now: 503 with Retry-After in PostgREST's shape, one line when the outage
// starts and one when it ends. A real cluster of its own, stopped and started again. PostgreSQL
// only: the embedded PGlite lives in the server's own process and has no outage of its own.

let cluster: PgCluster
let db: Db
const lines: { level: number; msg: string; event?: string; err?: unknown; stack?: unknown }[] = []

beforeAll(async () => {
  cluster = await startPgCluster({ database: 'outage' })
  db = await openDb({ DATABASE_URL: cluster.url, PGLITE_DIR: 'memory://' })
  await migrate(db)
  await syncOwnerEmails(db, [OWNER])
}, 60_000)
afterAll(async () => {
  await db?.close()
  await cluster?.stop()
})

test(
  'an outage answers 503 with Retry-After in PostgREST’s shape, and is logged once at its start and once at its end',
  { timeout: 90_000 },
  async () => {
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) })
    const app = createApp({
      config: testConfig({
        ANON_KEY: LOCAL_ANON_KEY,
        STATIC_DIR: '/nonexistent',
        ...NO_RATE_LIMITS,
        OWNER_EMAILS: [OWNER],
        OWNER_SIGN_IN_ATTEMPTS: 1_000_000,
        PUBLIC_URL: ORIGIN,
      }),
      db,
      logger,
    })
    // The email worker polls through the outage too, every 50 ms, with the same database.
    const queue = createEmailQueue({
      db,
      logger,
      transport: { name: 'none', send: async (e) => ({ ok: true, id: e.id }), close: async () => {} },
      config: {
        EMAIL_FROM: 'Beta Team <hello@localhost>',
        PUBLIC_URL: ORIGIN,
        EMAIL_POLL_INTERVAL_MS: 50,
        EMAIL_MAX_ATTEMPTS: 3,
        EMAIL_RETRY_BASE_MS: 1000,
        EMAIL_RETRY_MAX_MS: 1000,
        EMAIL_LEASE_MS: 60_000,
      },
    })
    queue.start()
    const signedIn = await postLink(app, await linkToken(db))
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!
    const requests = (i: number): [string, RequestInit][] => [
      ['/rest/v1/beta_signups', anonJson({ email: `during-${i}@example.com` })],
      [
        '/rest/v1/contact_messages',
        anonJson({ name: 'A', email: `c${i}@example.com`, subject: 'other', message: 'Hi' }),
      ],
      ['/functions/v1/resend-email', anonJson({ email: `during-${i}@example.com` })],
      ['/admin/api/me', asOwner(cookie)],
      ['/admin/api/signups', asOwner(cookie)],
    ]
    expect((await app.request(...requests(0)[0]!)).status).toBe(201)

    await cluster.pause()
    for (let i = 1; i <= 10; i++) {
      for (const [path, init] of requests(i)) {
        const res = await app.request(path, init)
        expect(res.status, path).toBe(503)
        expect(Number(res.headers.get('retry-after')), path).toBeGreaterThan(0)
        expect(await res.json(), path).toEqual({
          code: 'PGRST000',
          message: 'Database connection error. Retrying the connection.',
          details: null,
          hint: expect.stringMatching(/Retry after \d+ seconds/),
        })
      }
    }
    expect((await app.request('/healthz')).status).toBe(503)
    // The pages a person's links open answer with a page, in the browser's language (issue 37).
    const token = '6f1c2a9e-3b7d-4e2f-9a1c-5d8e7f6a4b3c'
    const other = LOCALES.find((l) => l !== DEFAULT_LOCALE) ?? DEFAULT_LOCALE
    for (const [accept, locale] of [
      ['', DEFAULT_LOCALE],
      [`${other};q=0.9`, other],
    ] as const)
      for (const [path, init] of [
        [`/unsubscribe?token=${token}`, {}],
        [`/beta/phone?platform=ios&token=${token}`, {}],
        [`/beta/feedback?token=${token}`, {}],
        [`/beta/feedback?token=${token}`, { method: 'POST', body: new URLSearchParams({ rating: '4' }) }],
        ['/go/launch', {}],
      ] as const) {
        const res = await app.request(path, { ...init, headers: accept ? { 'accept-language': accept } : {} })
        expect(res.status, path).toBe(503)
        expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
        expect(Number(res.headers.get('retry-after')), path).toBeGreaterThan(0)
        const html = await res.text()
        expect(html, path).toContain(`<html lang="${locale}" dir="${directionOf(locale)}">`)
        expect(html, path).toContain(SERVER_PAGE_TEXTS[locale].unavailableHeading)
      }

    // Long enough for the worker's polls to fail a few times.
    await new Promise((r) => setTimeout(r, 500))
    await cluster.resume()
    // The pool reconnects by itself: the first request after the outage goes through.
    expect((await app.request(...requests(99)[0]!)).status).toBe(201)
    expect((await app.request('/admin/api/me', asOwner(cookie))).status).toBe(200)

    await queue.stop()
    const outage = lines.filter((l) => l.event === 'db.unavailable' || l.event === 'db.available')
    expect(outage.map((l) => l.event)).toEqual(['db.unavailable', 'db.available'])
    expect(outage[0]!.level).toBe(50)
    // Nothing else at warn or above, and no stack anywhere.
    expect(lines.filter((l) => l.level >= 40 && !l.event?.startsWith('db.'))).toEqual([])
    expect(JSON.stringify(lines)).not.toMatch(/"stack"|\n\s+at /)
  },
)
