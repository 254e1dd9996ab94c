import { serve, type ServerType } from '@hono/node-server'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../src/server/app.ts'
import type { Db } from '../src/server/db/db.ts'
import { createOutboxTransport } from '../src/server/mail-transports/outbox.ts'
import { createEmailQueue, type EmailQueue } from '../src/mail-core/queue.ts'
import { DB_KINDS, silentLogger, testDb } from '../src/server/test-app.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { testConfig } from '../src/server/test-config.ts'

// The official client against the real server over HTTP: proof the wire protocol is Supabase's.

// Node 20 has no WebSocket, which supabase-js asks for up front. The page uses no realtime, so
// any attempt to open a socket is a failure.
class NoRealtime {
  constructor() {
    throw new Error('realtime is not part of this backend; nothing may open a socket')
  }
}
const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: NoRealtime as never },
}
describe.each(DB_KINDS)('supabase-js against the server on %s', (kind) => {
  let db: Db
  let closeDb: () => Promise<void>
  let server: ServerType
  let queue: EmailQueue
  let outbox: string
  let supabase: SupabaseClient

  beforeAll(async () => {
    ;({ db, close: closeDb } = await testDb(kind))
    outbox = await mkdtemp(join(tmpdir(), 'outbox-'))
    queue = createEmailQueue({
      db,
      transport: createOutboxTransport({ dir: outbox }),
      logger: silentLogger,
      config: {
        EMAIL_FROM: 'Beta Team <hello@localhost>',
        PUBLIC_URL: 'http://localhost',
        EMAIL_POLL_INTERVAL_MS: 100,
        EMAIL_MAX_ATTEMPTS: 3,
        EMAIL_RETRY_BASE_MS: 10,
        EMAIL_RETRY_MAX_MS: 100,
        EMAIL_LEASE_MS: 60_000,
      },
    })
    queue.start()
    const app = createApp({
      config: testConfig({ ANON_KEY: LOCAL_ANON_KEY, STATIC_DIR: join(outbox, 'no-static') }),
      db,
      logger: silentLogger,
      wakeEmailQueue: queue.wake,
    })
    const port = await new Promise<number>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port))
    })
    supabase = createClient(`http://127.0.0.1:${port}`, LOCAL_ANON_KEY, clientOptions)
  })
  afterAll(async () => {
    await new Promise((r) => server.close(r))
    await queue.stop()
    await closeDb()
    await rm(outbox, { recursive: true, force: true })
  })

  test('a sign-up, then the welcome email through the function', async () => {
    const insert = await supabase.from('beta_signups').insert({ email: 'ada@example.com' })
    expect(insert.error).toBeNull()
    expect(insert.status).toBe(201)
    const again = await supabase.from('beta_signups').insert({ email: 'ADA@example.com' })
    expect(again.error).toBeNull()
    expect(again.status).toBe(201)

    const invoked = await supabase.functions.invoke('resend-email', { body: { email: 'ada@example.com' } })
    expect(invoked.error).toBeNull()
    expect(invoked.data).toEqual({ queued: true })
    let files: string[] = []
    for (let i = 0; i < 200 && files.length === 0; i++) {
      files = (await readdir(outbox)).filter((f) => f.endsWith('.json'))
      if (files.length === 0) await new Promise((r) => setTimeout(r, 25))
    }
    expect(files).toHaveLength(1)
    expect(JSON.parse(await readFile(join(outbox, files[0]!), 'utf8')).to).toBe('ada@example.com')
  })

  test('reading the table gets an error and no rows', async () => {
    const { data, error, status } = await supabase.from('beta_signups').select('*')
    expect(data).toBeNull()
    expect(status).toBe(401)
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for table beta_signups' })
  })

  test('an insert asking for the row back is refused and stores nothing', async () => {
    const { error } = await supabase.from('beta_signups').insert({ email: 'eve@example.com' }).select()
    expect(error?.code).toBe('42501')
    const r = await db.query("select 1 from public.beta_signups where email = 'eve@example.com'")
    expect(r.rows).toHaveLength(0)
  })

  test('a contact message is stored', async () => {
    const { data, error } = await supabase.from('contact_messages').insert({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'feature-request',
      message: 'Recurring invoices, please.',
    })
    expect(error).toBeNull()
    expect(data).toBeNull()
    const r = await db.query<{ subject: string }>('select subject from public.contact_messages')
    expect(r.rows).toEqual([{ subject: 'feature-request' }])
  })

  test('a validation error reaches the client as error.code and error.message', async () => {
    const { error, status } = await supabase
      .from('contact_messages')
      .insert({ name: 'Ada', email: 'ada@example.com', subject: 'sales', message: 'Hi' })
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '23514', message: 'Choose a subject.' })
  })

  test('an unknown function is an error on the client', async () => {
    const { error } = await supabase.functions.invoke('nope', { body: {} })
    expect(error?.name).toBe('FunctionsHttpError')
  })

  test('a wrong key is refused with Supabase’s message', async () => {
    const url = (supabase as unknown as { supabaseUrl: string }).supabaseUrl
    const wrong = createClient(url, 'wrong-key', clientOptions)
    const { error, status } = await wrong.from('beta_signups').insert({ email: 'x@example.com' })
    expect(status).toBe(401)
    expect(error?.message).toBe('Invalid API key')
  })
})
