import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { createOutboxTransport } from '../../mail-transports/outbox.ts'
import { createEmailQueue } from '../../../mail-core/queue.ts'
import { anonJson, count, DB_KINDS, silentLogger, testDb } from '../../test-app.ts'
import { asOwner, ownerApp, OWNER, signIn, truncateOwner } from '../owner-auth/test-owner.ts'

// Erasure lasts (the mailbox is suppressed, as when a person leaves), takes
// the outbox's copies with it, and reaches rows the shared address schema would refuse.

const QUEUE_CONFIG = {
  EMAIL_FROM: 'Beta Team <hello@localhost>',
  PUBLIC_URL: 'http://localhost',
  BETA_PAGES: false,
  EMAIL_POLL_INTERVAL_MS: 1000,
  EMAIL_MAX_ATTEMPTS: 3,
  EMAIL_RETRY_BASE_MS: 1,
  EMAIL_RETRY_MAX_MS: 5,
  EMAIL_LEASE_MS: 60_000,
}

describe.each(DB_KINDS)('erasing a person on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let dir: string
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateOwner(db)
    dir = await mkdtemp(join(tmpdir(), 'erase-outbox-'))
    return () => rm(dir, { recursive: true, force: true })
  })

  async function setUp() {
    const transport = createOutboxTransport({ dir })
    const app = await ownerApp(db, {}, { transport })
    const cookie = await signIn(app, db)
    const queue = createEmailQueue({ db, transport, logger: silentLogger, config: QUEUE_CONFIG })
    const erase = async (email: string) => {
      const res = await app.request('/admin/api/people/erase', asOwner(cookie, { method: 'POST', body: { email } }))
      return { status: res.status, body: await res.json() }
    }
    return { app, cookie, queue, erase }
  }

  test('the erased mailbox stays off the list: signing it up again stores nothing and sends nothing', async () => {
    const { app, cookie, queue, erase } = await setUp()
    expect((await app.request('/rest/v1/beta_signups', anonJson({ email: 'Gone.Person@gmail.com' }))).status).toBe(201)
    await app.request('/functions/v1/resend-email', anonJson({ email: 'Gone.Person@gmail.com' }))
    await queue.runOnce()
    expect(await erase('gone.person@gmail.com')).toMatchObject({ status: 200, body: { signups: 1, emails: 1 } })

    // Anyone, in any spelling of the mailbox: the usual answers, no row, no welcome email.
    for (const spelling of ['Gone.Person@gmail.com', 'goneperson+again@googlemail.com']) {
      expect((await app.request('/rest/v1/beta_signups', anonJson({ email: spelling }))).status).toBe(201)
      expect((await app.request('/functions/v1/resend-email', anonJson({ email: spelling }))).status).toBe(200)
    }
    expect(await queue.runOnce()).toBe(0)
    expect(await count(db, 'public.beta_signups')).toBe(0)
    expect(await count(db, 'app_private.email_queue')).toBe(0)
    expect(await (await app.request('/admin/api/suppressions', asOwner(cookie))).json()).toEqual({
      count: 1,
      bounced: 0,
      complained: 0,
      owners: [],
    })
    // Erasing again is harmless and keeps one suppression.
    expect(await erase('Gone.Person@gmail.com')).toMatchObject({ status: 200, body: { signups: 0 } })
    expect(await count(db, 'app_private.email_suppressions')).toBe(1)

    // The owner can lift it when the person asks to come back.
    const lift = await app.request(
      '/admin/api/suppressions/lift',
      asOwner(cookie, { method: 'POST', body: { email: 'gone.person@gmail.com' } }),
    )
    expect(await lift.json()).toEqual({ lifted: true })
    expect((await app.request('/rest/v1/beta_signups', anonJson({ email: 'gone.person@gmail.com' }))).status).toBe(201)
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test("the outbox loses that person's emails, to them and about them, and keeps everyone else's", async () => {
    const { app, queue, erase } = await setUp()
    for (const email of ['victim@example.com', 'keep@example.com']) {
      await app.request('/rest/v1/beta_signups', anonJson({ email }))
      await app.request('/functions/v1/resend-email', anonJson({ email }))
      await app.request(
        '/rest/v1/contact_messages',
        anonJson({ name: 'V', email, subject: 'billing', message: `Please reply to ${email}` }),
      )
    }
    while ((await queue.runOnce()) > 0);
    const records = async () =>
      Promise.all(
        (await readdir(dir))
          .filter((n) => n.endsWith('.json'))
          .map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as { to: string; text: string }),
      )
    const before = await records()
    // A welcome email to each, and the owner's copy of each one's message.
    expect(before.map((r) => r.to).sort()).toEqual([OWNER, OWNER, 'keep@example.com', 'victim@example.com'].sort())
    expect((await readdir(dir)).length).toBe(12)

    const res = await erase('VICTIM+x@example.com')
    expect(res).toMatchObject({ status: 200, body: { signups: 1, contactMessages: 1, outbox: 2 } })
    const files = await readdir(dir)
    expect(files.length).toBe(6)
    const contents = await Promise.all(files.map((n) => readFile(join(dir, n), 'utf8')))
    expect(contents.filter((c) => c.toLowerCase().includes('victim@example.com'))).toEqual([])
    expect((await records()).map((r) => r.to).sort()).toEqual([OWNER, 'keep@example.com'].sort())
  })

  test('rows the shared schema refuses (stored by SQL or an import) are erased by their mailbox', async () => {
    const { erase } = await setUp()
    const odd = ['admin@localhost', 'josé.garcía@example.com', 'a"b@example.com', '-lead@example']
    for (const email of odd) {
      await db.query('insert into public.beta_signups (email) values ($1)', [email])
      await db.query(
        `insert into public.contact_messages (name, email, subject, message) values ('X', $1, 'general', 'Hi')`,
        // Letter case and spaces as an import might leave them (lower() of non-ASCII letters
        // depends on the database's locale, so those keep their case).
        [` ${email.replace(/[a-z]/g, (ch) => ch.toUpperCase())} `],
      )
    }
    expect(await count(db, 'public.beta_signups')).toBe(4)
    for (const email of odd) {
      expect({ email, ...(await erase(email.replace(/[a-z]/g, (ch) => ch.toUpperCase()))) }).toMatchObject({
        email,
        status: 200,
        body: { signups: 1, contactMessages: 1 },
      })
    }
    expect(await count(db, 'public.beta_signups')).toBe(0)
    expect(await count(db, 'public.contact_messages')).toBe(0)
    // What the database could never hold is still refused.
    for (const email of ['no-at-sign', 'a@b@c', 'x'.repeat(250) + '@e.co', 'nul\u0000@example.com'])
      expect((await erase(email)).status).toBe(400)
  })
})
