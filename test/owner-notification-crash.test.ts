import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { anonJson, DB_KINDS } from '../src/server/test-app.ts'
import { outboxRecords } from './support/drain-queue.ts'
import { readState, serverDatabase } from './support/server-database.ts'
import { startServer, waitFor, waitHealthy } from './support/server-process.ts'
import { PRODUCT } from '../src/shared/content.ts'

// A contact message is stored and its owner emails queued in one transaction (a trigger),
// so a SIGKILL between storing the message and sending the email still delivers it, once.

let cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {})
  cleanup = []
})

describe.each(DB_KINDS)('SIGKILL after a contact message is stored, %s', (kind) => {
  test('the owner email is sent exactly once after the restart, Reply-To the sender', { timeout: 90_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'owner-crash-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const database = await serverDatabase(kind, dir)
    cleanup.push(() => database.drop())
    const outbox = join(dir, 'outbox')
    const env = {
      ...database.env,
      EMAIL_TRANSPORT: 'outbox',
      OUTBOX_DIR: outbox,
      STATIC_DIR: join(dir, 'static'),
      OWNER_EMAILS: 'owner@example.com',
      EMAIL_LEASE_MS: '2000',
    }
    // First life: the worker polls once an hour and nothing wakes it for a contact message, so
    // the email is still waiting when the process dies.
    const first = await startServer({ ...env, EMAIL_POLL_INTERVAL_MS: '3600000' })
    cleanup.push(() => first.kill())
    await waitHealthy(first)
    const res = await fetch(
      `${first.url}/rest/v1/contact_messages`,
      anonJson({ name: 'Grace', email: 'grace@example.com', subject: 'general', message: 'Hello there' }),
    )
    expect(res.status).toBe(201)
    await first.kill()
    expect(await outboxRecords(outbox)).toEqual([])

    const second = await startServer({ ...env, EMAIL_POLL_INTERVAL_MS: '100' })
    cleanup.push(() => second.kill())
    await waitFor(async () => (await outboxRecords(outbox)).length > 0, {
      timeoutMs: 30_000,
      what: () => `the owner email; log:\n${second.log()}`,
    })
    expect(await second.stop()).toBe(0)

    const records = await outboxRecords(outbox)
    expect(records).toHaveLength(1)
    expect(records[0]).toMatchObject({ to: 'owner@example.com', headers: { 'Reply-To': 'grace@example.com' } })
    // The sender's name is in the body, not the subject.
    expect(records[0]!.subject).toMatch(
      new RegExp(`^${PRODUCT.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} contact: General Inquiry, \\S.* UTC$`),
    )
    expect(await readFile(join(outbox, `${records[0]!.id}.eml`), 'utf8')).toMatch(/^Reply-To: grace@example\.com\r$/m)
    const { queue } = await database.inspect(readState)
    expect(queue.map((r) => [r.to_email, r.status, r.id])).toEqual([['owner@example.com', 'sent', records[0]!.id]])
  })
})
