import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { SuppressionCount } from '../../../shared/signups.ts'
import { enqueue } from '../../../mail-core/enqueue.ts'
import { ownerSignIn } from '../../../emails/owner-sign-in.kind.ts'
import { createEmailQueue } from '../../../mail-core/queue.ts'
import { suppressMailbox } from '../../../mail-core/suppressions.ts'
import type { Db } from '../../db/db.ts'
import { createOutboxTransport } from '../../mail-transports/outbox.ts'
import { anonJson, DB_KINDS, silentLogger, testDb } from '../../test-app.ts'
import { outboxRecords } from '../../../../test/support/drain-queue.ts'
import { asOwner, OWNER, ownerApp, signIn, truncateOwner } from './test-owner.ts'

const queueConfig = {
  EMAIL_FROM: 'Beta Team <hello@localhost>',
  PUBLIC_URL: 'https://launch.example',
  EMAIL_POLL_INTERVAL_MS: 20,
  EMAIL_MAX_ATTEMPTS: 3,
  EMAIL_RETRY_BASE_MS: 1,
  EMAIL_RETRY_MAX_MS: 5,
  EMAIL_LEASE_MS: 60_000,
}

// The suppression list governs mail to the beta list, not the owner's own mail.
describe.each(DB_KINDS)("the owner's mail and the suppression list on %s", (kind) => {
  let db: Db
  let close: () => Promise<void>
  let dir: string
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateOwner(db)
    dir = await mkdtemp(join(tmpdir(), 'owner-suppressed-'))
    return () => rm(dir, { recursive: true, force: true })
  })

  test("an owner's mailbox on the list still gets sign-in links and contact notices; the console says so", async () => {
    const app = await ownerApp(db)
    const [local, domain] = OWNER.split('@') as [string, string]
    const alias = `${local}+test@${domain}`
    // The founder tried the beta under an alias, and that alias bounced: the canonical mailbox is
    // the owner's own.
    await suppressMailbox(db, alias, 'bounced')
    await enqueue(db, ownerSignIn, {
      to: OWNER,
      key: 'n1',
      payload: { url: 'https://launch.example/admin/sign-in?token=t', expiresAt: Date.now() + 600_000 },
    })
    const contact = { name: 'Ada', email: 'ada@example.com', subject: 'general', message: 'Hello' }
    expect((await app.request('/rest/v1/contact_messages', anonJson(contact))).status).toBe(201)
    // Beta-list mail to the same mailbox stays silenced.
    await db.query(
      `insert into app_private.email_queue (kind, to_email, dedupe_key, payload) values ('welcome', $1, 'welcome:x', 'null')`,
      [alias],
    )

    const queue = createEmailQueue({
      db,
      transport: createOutboxTransport({ dir }),
      logger: silentLogger,
      config: queueConfig,
    })
    expect(await queue.runOnce()).toBe(3)
    const sent = await outboxRecords(dir)
    expect(sent.map((r) => r.to).sort()).toEqual([OWNER, OWNER])
    const states = await db.query<{ kind: string; status: string }>(
      'select kind, status from app_private.email_queue order by kind',
    )
    expect(states.rows).toEqual([
      { kind: 'contact-owner', status: 'sent' },
      { kind: 'owner-sign-in', status: 'sent' },
      { kind: 'welcome', status: 'cancelled' },
    ])

    const cookie = await signIn(app, db)
    const counts = SuppressionCount.parse(await (await app.request('/admin/api/suppressions', asOwner(cookie))).json())
    expect(counts).toEqual({ count: 1, bounced: 1, complained: 0, owners: [OWNER] })
  })

  test('no owner mailbox on the list: the console names none', async () => {
    const app = await ownerApp(db)
    await suppressMailbox(db, 'someone@example.com', 'complained')
    const cookie = await signIn(app, db)
    const counts = SuppressionCount.parse(await (await app.request('/admin/api/suppressions', asOwner(cookie))).json())
    expect(counts.owners).toEqual([])
  })
})
