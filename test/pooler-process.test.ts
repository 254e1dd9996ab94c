import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { inject } from 'vitest'
import { readJournal } from '../src/server/features/backups/journal.ts'
import { anonJson } from '../src/server/test-app.ts'
import { outboxRecords } from './support/drain-queue.ts'
import { serverDatabase, type ServerDatabase } from './support/server-database.ts'
import { startServer, waitFor, waitHealthy, type ServerProcess } from './support/server-process.ts'

// Issue 52, "Through a pooler": the real server with DATABASE_URL on PgBouncer in transaction
// mode (the run's, test/global-setup-pg.ts) and DATABASE_DIRECT_URL on the cluster. Before,
// every sign-up answered 503 through it (the anon pool's `-c role=anon` was refused).

const OWNER = 'owner@example.com'
let dir: string
let database: ServerDatabase
let server: ServerProcess | undefined

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pooler-'))
  database = await serverDatabase('postgres', dir)
})
afterAll(async () => {
  await server?.kill()
  await database?.drop()
  await rm(dir, { recursive: true, force: true })
})

test(
  'through PgBouncer: sign-up, contact, the confirmation link, the welcome email and the suppression journal',
  { timeout: 120_000 },
  async () => {
    const direct = new URL(database.env.DATABASE_URL!)
    const pooled = new URL(inject('TEST_POOLER_URL'))
    pooled.pathname = direct.pathname
    const outbox = join(dir, 'outbox')
    const backups = join(dir, 'backups')
    server = await startServer({
      DATABASE_URL: pooled.toString(),
      DATABASE_DIRECT_URL: direct.toString(),
      DATABASE_POOL_MODE: 'transaction',
      SIGNUP_CONFIRMATION: 'on',
      OUTBOX_DIR: outbox,
      BACKUP_DIR: backups,
      OWNER_EMAILS: OWNER,
      EMAIL_POLL_INTERVAL_MS: '60000',
    })
    await waitHealthy(server)
    expect(server.log()).not.toContain('db.no_direct_url')
    const post = (path: string, body: unknown) => fetch(`${server!.url}${path}`, anonJson(body))

    expect((await post('/rest/v1/beta_signups', { email: 'ada@example.com' })).status).toBe(201)
    // The repeat gets the first answer (the trigger runs as anon through the pooler too).
    expect((await post('/rest/v1/beta_signups', { email: 'Ada@Example.com' })).status).toBe(201)
    expect((await post('/functions/v1/resend-email', { email: 'ada@example.com' })).status).toBe(200)
    const contact = { name: 'Ada', email: 'ada@example.com', subject: 'other', message: 'Through the pooler' }
    expect((await post('/rest/v1/contact_messages', contact)).status).toBe(201)
    // Bad input is still PostgREST's 4xx, never a 5xx, through the pooler.
    const bad = await post('/rest/v1/beta_signups', { email: 'not an address' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) })

    const to = async (address: string) => (await outboxRecords(outbox)).filter((r) => r.to === address)
    await waitFor(async () => (await to('ada@example.com')).length === 1 && (await to(OWNER)).length >= 1, {
      timeoutMs: 20_000,
      what: () => `the confirmation and the owner's notification; log:\n${server!.log().slice(-3000)}`,
    })
    const { token } = await database.inspect(
      async (db) =>
        (await db.query<{ token: string }>('select unsubscribe_token::text as token from public.beta_signups'))
          .rows[0]!,
    )
    expect((await fetch(`${server.url}/confirm?token=${token}`, { method: 'POST' })).status).toBe(200)
    await waitFor(async () => (await to('ada@example.com')).length === 2, {
      timeoutMs: 20_000,
      what: 'the welcome email after the confirmation',
    })

    // The unsubscribe suppresses the mailbox; its journal line reaches the file at once (LISTEN on
    // the direct URL), not at the next backup.
    expect((await fetch(`${server.url}/unsubscribe?token=${token}`, { method: 'POST' })).status).toBe(200)
    await waitFor(async () => (await readJournal(backups)).some((e) => e.event === 'suppressed'), {
      timeoutMs: 10_000,
      what: () => `the suppression journal's line; log:\n${server!.log().slice(-3000)}`,
    })

    expect(await server.stop()).toBe(0)
    server = undefined
    const rows = await database.inspect(async (db) => ({
      signups: (await db.query('select 1 from public.beta_signups')).rows.length,
      contacts: (await db.query('select 1 from public.contact_messages')).rows.length,
    }))
    // The unsubscribe removed the sign-up; the contact message stays.
    expect(rows).toEqual({ signups: 0, contacts: 1 })
  },
)
