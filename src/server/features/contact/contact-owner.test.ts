import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../db/db.ts'
import { createOutboxTransport } from '../../mail-transports/outbox.ts'
import { createEmailQueue } from '../../../mail-core/queue.ts'
import { createSmtpTransport } from '../../mail-transports/smtp.ts'
import type { Transport } from '../../mail-transports/transport.ts'
import { anonJson, count, DB_KINDS, silentLogger, testApp, testDb, truncateAll } from '../../test-app.ts'
import { outboxRecords } from '../../../../test/support/drain-queue.ts'
import { syncOwnerEmails } from '../owner-auth/owners.ts'
import { DEFAULT_LOCALE, EMAIL_TEXTS } from '../../../shared/content.ts'
import { fill } from '../../../shared/content-types.ts'
import { subjectLabel } from '../../../emails/contact-owner.tsx'

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The owner's subject line from the content, for a topic, at any time (UTC, as the owner's language writes it). */
function subjectPattern(topic: string): string {
  const [before, after = ''] = fill(EMAIL_TEXTS[DEFAULT_LOCALE].contactOwner.subject, { topic }).split('{time}')
  return `${escapeRegExp(before!)}\\S.* UTC${escapeRegExp(after)}`
}

const queueConfig = {
  EMAIL_FROM: 'Beta Team <hello@localhost>',
  PUBLIC_URL: 'https://launch.example',
  EMAIL_POLL_INTERVAL_MS: 20,
  EMAIL_MAX_ATTEMPTS: 3,
  EMAIL_RETRY_BASE_MS: 1,
  EMAIL_RETRY_MAX_MS: 5,
  EMAIL_LEASE_MS: 60_000,
}
const message = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  subject: 'bug-report',
  message: 'Line one\r\nBcc: victim@example.com\n\nLine three',
}

const sendAll = (db: Db, transport: Transport) =>
  createEmailQueue({ db, transport, logger: silentLogger, config: queueConfig }).runOnce()

describe.each(DB_KINDS)('owner notification of a contact message on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let dir: string
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateAll(db)
    await syncOwnerEmails(db, ['owner@example.com', 'partner@example.com'])
    dir = await mkdtemp(join(tmpdir(), 'owner-mail-'))
    return () => rm(dir, { recursive: true, force: true })
  })

  test('a stored message queues one email per owner in the same insert, Reply-To the sender', async () => {
    const res = await testApp(db).request('/rest/v1/contact_messages', anonJson(message))
    expect(res.status).toBe(201)
    const queued = await db.query<{ kind: string; to_email: string }>(
      'select kind, to_email from app_private.email_queue order by to_email',
    )
    expect(queued.rows).toEqual([
      { kind: 'contact-owner', to_email: 'owner@example.com' },
      { kind: 'contact-owner', to_email: 'partner@example.com' },
    ])

    expect(await sendAll(db, createOutboxTransport({ dir }))).toBe(2)
    const records = await outboxRecords(dir)
    expect(records.map((r) => r.to).sort()).toEqual(['owner@example.com', 'partner@example.com'])
    for (const r of records) {
      expect(r.headers).toEqual({ 'Reply-To': 'Ada@Example.com' })
      // The sender's free-text name stays out of the subject (it is in the body).
      expect(r.subject).toMatch(new RegExp(`^${subjectPattern(subjectLabel('bug-report'))}$`))
      expect(r.text).toContain('Ada Lovelace')
      // The message as plain text, line breaks and all; in the body it cannot become a header.
      expect(r.text).toContain(message.message)
    }
    // Sent once: another pass finds nothing.
    expect(await sendAll(db, createOutboxTransport({ dir }))).toBe(0)
  })

  test('a bot message (honeypot) and a refused message queue nothing', async () => {
    const app = testApp(db)
    expect((await app.request('/rest/v1/contact_messages', anonJson({ ...message, website: 'x' }))).status).toBe(201)
    expect((await app.request('/rest/v1/contact_messages', anonJson({ ...message, subject: 'nope' }))).status).toBe(400)
    expect(await count(db, 'app_private.email_queue')).toBe(0)
  })

  test('no owners configured: the message is stored and nothing is queued', async () => {
    await syncOwnerEmails(db, [])
    expect((await testApp(db).request('/rest/v1/contact_messages', anonJson(message))).status).toBe(201)
    expect(await count(db, 'public.contact_messages')).toBe(1)
    expect(await count(db, 'app_private.email_queue')).toBe(0)
  })

  test('a message erased before sending takes its unsent owner emails with it', async () => {
    await testApp(db).request('/rest/v1/contact_messages', anonJson(message))
    await db.query('delete from public.contact_messages')
    expect(await count(db, 'app_private.email_queue')).toBe(0)
  })

  test('anon cannot read the owners or write the queue directly', async () => {
    await expect(db.asAnon('select * from app_private.owner_emails')).rejects.toThrow(/permission denied/)
    await expect(
      db.asAnon(
        "insert into app_private.email_queue (kind, to_email, dedupe_key) values ('contact-owner', 'a@b.co', 'x')",
      ),
    ).rejects.toThrow(/permission denied/)
  })
})

describe('owner notification through a real SMTP server', () => {
  test('the received message carries Reply-To the sender and the subject label', async () => {
    const { db, close } = await testDb('pglite')
    const received: string[] = []
    const server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'))
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}` })
    try {
      await syncOwnerEmails(db, ['owner@example.com'])
      await testApp(db).request('/rest/v1/contact_messages', anonJson({ ...message, subject: 'billing' }))
      expect(await sendAll(db, transport)).toBe(1)
      expect(received).toHaveLength(1)
      const headers = received[0]!.split(/\r\n\r\n/)[0]!
      // nodemailer writes the domain in lower case (domains are case-insensitive).
      expect(headers).toMatch(/^Reply-To: Ada@example\.com$/m)
      expect(headers).toMatch(new RegExp(`^Subject: ${subjectPattern(subjectLabel('billing'))}$`, 'm'))
      expect(headers).toMatch(/^To: owner@example\.com$/m)
      expect(headers).not.toMatch(/^Bcc:/im)
    } finally {
      await transport.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await close()
    }
  })
})
