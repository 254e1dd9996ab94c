import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { defineKind, type EmailBuild, type EmailKind } from '../../mail/define-kind.ts'
import { enqueue, type EnqueueItem } from '../../mail/enqueue.ts'
import { KINDS } from '../../mail/kinds.ts'
import { claimDueEmails } from '../../mail/queue-rows.ts'
import type { Db } from '../db/db.ts'
import { MIGRATIONS_DIR } from '../db/migrate.ts'
import { DB_KINDS, testDb, truncateAll } from '../test-app.ts'

const settings = { EMAIL_FROM: 'Solodesk <hello@localhost>', PUBLIC_URL: 'https://solodesk.example' }
const TO = 'kinds@example.com'

type Kinds = typeof KINDS
type ItemOf<K> = K extends EmailKind<string, infer Key, infer Payload> ? EnqueueItem<Key, Payload> : never
/** One email of each kind, and what building it gives for a confirmed, invited sign-up of TO. */
type Sample<K extends keyof Kinds> = { item: () => ItemOf<Kinds[K]>; key: string; builds: 'email' | { cancel: string } }

// A kind without a sample here is a type error: every kind of the registry is round-tripped.
const SAMPLES: { [K in keyof Kinds]: Sample<K> } = {
  welcome: { item: () => ({ to: TO, key: TO, payload: null }), key: `welcome:${TO}`, builds: 'email' },
  'confirm-signup': {
    item: () => ({ to: TO, key: TO, payload: null }),
    key: `confirm-signup:${TO}`,
    builds: 'email',
  },
  // Queued by the contact trigger, with its message; queued without one it has nothing to say.
  'contact-owner': {
    item: () => ({ to: TO, key: { messageId: '7', owner: TO }, payload: null }),
    key: `contact-owner:7:${TO}`,
    builds: { cancel: 'contact message erased' },
  },
  'contact-owner-summary': {
    item: () => ({
      to: TO,
      key: { hour: '2026-11-22T14', owner: TO },
      payload: { count: 3, hourStart: '2026-11-22T14:00:00+00:00' },
    }),
    key: `contact-owner-summary:2026-11-22T14:${TO}`,
    builds: 'email',
  },
  'owner-sign-in': {
    item: () => ({
      to: TO,
      key: 'nonce-1',
      payload: { url: 'https://solodesk.example/admin/sign-in?token=t', expiresAt: Date.now() + 60_000 },
    }),
    key: 'owner-sign-in:nonce-1',
    builds: 'email',
  },
  'signup-digest': {
    item: () => ({ to: TO, key: { day: '2026-11-22', owner: TO }, payload: { day: '2026-11-22', count: 2, total: 9 } }),
    key: `signup-digest:2026-11-22:${TO}`,
    builds: 'email',
  },
  invitation: { item: () => ({ to: TO, key: '42', payload: { paceMs: 0 } }), key: 'invitation:42', builds: 'email' },
  'play-question': {
    item: () => ({ to: TO, key: '42', payload: { answerToken: '7d1c3f5e-8b7a-4c2d-9e1f-0a1b2c3d4e5f' } }),
    key: 'play-question:42',
    builds: 'email',
  },
  'play-reminder': {
    item: () => ({ to: TO, key: { signupId: '42', day: '2026-11-24' }, payload: { paceMs: 0 } }),
    key: 'play-reminder:42:2026-11-24',
    builds: 'email',
  },
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
      const sample = SAMPLES[name] as Sample<keyof Kinds>
      const item = sample.item()
      expect(await enqueue(db, kind as never, item as never)).toEqual([item])
      // Once per dedupe key, ever.
      expect(await enqueue(db, kind as never, item as never)).toEqual([])
      const stored = await db.query<{ kind: string; dedupe_key: string; to_email: string }>(
        'select kind, dedupe_key, to_email from app_private.email_queue',
      )
      expect(stored.rows).toEqual([{ kind: name, dedupe_key: sample.key, to_email: TO }])
      const [claimed] = await claimDueEmails(db, 1, 60_000)
      const payload = kind.payload.parse(claimed!.payload)
      expect(payload).toEqual(item.payload)
      const built: EmailBuild = await (kind as EmailKind<string, never, unknown>).build(claimed!, payload, settings)
      if (sample.builds === 'email') {
        expect(built).toMatchObject({ email: { id: claimed!.id, to: TO, from: settings.EMAIL_FROM } })
      } else expect(built).toEqual(sample.builds)
    },
  )

  test('an unknown kind cannot be enqueued from TypeScript, and a payload must match its kind', async () => {
    const stray = defineKind({
      kind: 'stray',
      payload: z.null(),
      dedupeKey: (k: string) => k,
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
