import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { defineKind, type EmailBuild, type EmailKind } from '../../emails/define-kind.ts'
import { enqueue } from '../../mail-core/enqueue.ts'
import { KINDS } from '../../emails/kinds.ts'
import { claimDueEmails } from '../../mail-core/queue-rows.ts'
import type { Db } from '../db/db.ts'
import { MIGRATIONS_DIR } from '../db/migrate.ts'
import { DB_KINDS, testDb, truncateAll } from '../test-app.ts'

const settings = { EMAIL_FROM: 'Beta Team <hello@localhost>', PUBLIC_URL: 'https://launch.example' }
const TO = 'kinds@example.com'

type Kinds = typeof KINDS

// Every kind of the registry is round-tripped with its own example (defineKind makes one
// required). These build no email from their example alone, and say why:
const CANCELS: { [K in keyof Kinds]?: { cancel: string } } = {
  // Queued by the contact trigger, with its message; queued without one it has nothing to say.
  'contact-owner': { cancel: 'contact message erased' },
}

describe.each(DB_KINDS)('email kinds on %s', (dbKind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(dbKind))
  })
  afterAll(() => close())
  beforeEach(async () => {
    await truncateAll(db)
    await db.query(
      `insert into public.beta_signups (email, confirmed_at, status, invited_at, invitation_links) values ($1, now(), 'invited', now(), 'both')`,
      [TO],
    )
  })

  test.each(Object.keys(KINDS) as (keyof Kinds)[])(
    'a %s email round-trips: enqueue, claim, the payload read by its schema, built',
    async (name) => {
      const kind = KINDS[name]
      const item = { to: TO, ...kind.example }
      expect(await enqueue(db, kind as never, item as never)).toEqual([item])
      // Once per dedupe key, ever.
      expect(await enqueue(db, kind as never, item as never)).toEqual([])
      const stored = await db.query<{ kind: string; dedupe_key: string; to_email: string }>(
        'select kind, dedupe_key, to_email from app_private.email_queue',
      )
      const key = `${name}:${(kind as EmailKind<string, unknown, unknown>).dedupeKey(kind.example.key)}`
      expect(stored.rows).toEqual([{ kind: name, dedupe_key: key, to_email: TO }])
      const [claimed] = await claimDueEmails(db, 1, 60_000)
      const payload = kind.payload.parse(claimed!.payload)
      expect(payload).toEqual(item.payload)
      const built: EmailBuild = await (kind as EmailKind<string, never, unknown>).build(claimed!, payload, settings)
      const cancel = CANCELS[name]
      if (cancel) expect(built).toEqual(cancel)
      else expect(built).toMatchObject({ email: { id: claimed!.id, to: TO, from: settings.EMAIL_FROM } })
    },
  )

  test('an unknown kind cannot be enqueued from TypeScript, and a payload must match its kind', async () => {
    const stray = defineKind({
      kind: 'stray',
      payload: z.null(),
      dedupeKey: (k: string) => k,
      example: { key: 'x', payload: null },
      build: async () => ({ cancel: 'never' }),
    })
    // @ts-expect-error: enqueue takes the registry's kinds only
    await expect(enqueue(db, stray, { to: TO, key: 'x', payload: null })).rejects.toThrow(/unknown email kind stray/)
    const wrong = enqueue(db, KINDS['signup-digest'], {
      to: TO,
      key: { day: 'd', owner: TO },
      // @ts-expect-error: the digest's payload has figures, not text
      payload: { day: 'd', count: 'two', total: 9 },
    })
    await expect(wrong).rejects.toThrow()
    expect((await db.query('select 1 from app_private.email_queue')).rows).toEqual([])
  })
})

test('every kind the SQL side queues (triggers, functions) has a module in the registry', async () => {
  const kinds = new Set<string>()
  for (const name of (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql'))) {
    const sql = await readFile(join(MIGRATIONS_DIR, name), 'utf8')
    for (const m of sql.matchAll(
      /insert into app_private\.email_queue\s*\([^)]*\)\s*(?:values\s*\(|select)\s*'([a-z-]+)'/g,
    ))
      kinds.add(m[1]!)
  }
  expect(kinds.size).toBeGreaterThan(1)
  expect([...kinds].filter((k) => !Object.hasOwn(KINDS, k))).toEqual([])
})
