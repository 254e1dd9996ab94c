import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { canonicalEmail } from '../../shared/email-address.ts'
import { anonJson, count, DB_KINDS, testApp, testDb, truncateAll } from '../test-app.ts'
import type { Db } from './db.ts'
import { migrate, MIGRATIONS_DIR } from './migrate.ts'
import { openDb } from './open.ts'
import { unsubscribe } from '../../mail-core/signup-emails.ts'

/** [address, its canonical mailbox] */
const CASES: [string, string][] = [
  ['Ada@Example.com', 'ada@example.com'],
  ['  ada@example.com ', 'ada@example.com'],
  ['ada+news@example.com', 'ada@example.com'],
  ['ada+a+b@example.com', 'ada@example.com'],
  ['Ada+News@EXAMPLE.com', 'ada@example.com'],
  ['a.da@example.com', 'a.da@example.com'],
  ['a.d.a@gmail.com', 'ada@gmail.com'],
  ['A.D.A+beta@GMail.com', 'ada@gmail.com'],
  ['ada@googlemail.com', 'ada@gmail.com'],
  ['a.da+x@googlemail.com', 'ada@gmail.com'],
  ['ada@gmail.com.evil.example', 'ada@gmail.com.evil.example'],
  ['ada@mail.gmail.com', 'ada@mail.gmail.com'],
  ['+tag@example.com', '+tag@example.com'],
  ['.@gmail.com', '.@gmail.com'],
  ['o_neil-x@sub.example.org', 'o_neil-x@sub.example.org'],
  ['no-at-sign', 'no-at-sign'],
]

describe('canonicalEmail (TypeScript)', () => {
  test.each(CASES)('%s is the mailbox %s', (address, mailbox) => {
    expect(canonicalEmail(address)).toBe(mailbox)
  })
})

describe.each(DB_KINDS)('the canonical mailbox on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let app: ReturnType<typeof testApp>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    app = testApp(db)
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  const signUp = (email: string) => app.request('/rest/v1/beta_signups', anonJson({ email }))
  const resend = (email: string) => app.request('/functions/v1/resend-email', anonJson({ email }))

  test('app_private.canonical_email agrees with the TypeScript twin on every case', async () => {
    for (const [address, mailbox] of CASES) {
      const r = await db.query<{ c: string }>('select app_private.canonical_email($1) as c', [address])
      expect(r.rows[0]!.c, address).toBe(mailbox)
      expect(canonicalEmail(address)).toBe(r.rows[0]!.c)
    }
  })

  test('20 variants of one Gmail inbox store one row, as first typed, and queue one welcome email', async () => {
    const variants = Array.from(
      { length: 20 },
      (_, i) =>
        [`V.ic+${i}@gmail.com`, `v.i.c+${i}@googlemail.com`, `vi.c+${i}@GMAIL.com`, `VIC+${i}@googlemail.com`][i % 4]!,
    )
    const answers = []
    for (const v of variants) {
      const res = await signUp(v)
      answers.push([res.status, await res.text()])
      expect((await resend(v)).status).toBe(200)
    }
    expect(answers).toEqual(Array(20).fill([201, '']))
    const rows = await db.query<{ email: string }>('select email from public.beta_signups')
    expect(rows.rows).toEqual([{ email: variants[0] }])
    const queued = await db.query<{ to_email: string; dedupe_key: string }>(
      'select to_email, dedupe_key from app_private.email_queue',
    )
    expect(queued.rows).toEqual([{ to_email: variants[0], dedupe_key: 'welcome:vic@gmail.com' }])
  })

  test('plus-tags at any domain are one mailbox; different mailboxes stay apart', async () => {
    for (const v of ['v+1@example.com', 'V+2@example.com', 'v@EXAMPLE.com', 'v.x@example.com', 'v@example.org']) {
      expect((await signUp(v)).status).toBe(201)
    }
    const rows = await db.query<{ email: string }>('select email from public.beta_signups order by id')
    expect(rows.rows.map((r) => r.email)).toEqual(['v+1@example.com', 'v.x@example.com', 'v@example.org'])
  })

  test('the database itself refuses a second spelling, even for a privileged insert past the trigger', async () => {
    await db.query("insert into public.beta_signups (email) values ('ada+1@example.com')")
    let code: unknown
    await db
      .transaction(async (tx) => {
        await tx.query('alter table public.beta_signups disable trigger beta_signups_before_insert')
        await tx
          .query("insert into public.beta_signups (email) values ('ADA+2@example.com')")
          .catch((err: { code?: unknown }) => {
            code = err.code
          })
        throw new Error('roll back')
      })
      .catch(() => {})
    expect(code).toBe('23505')
    expect(await count(db, 'public.beta_signups')).toBe(1)
  })

  test('leaving the beta with one spelling removes the mailbox’s queued email', async () => {
    await signUp('ada+x@example.com')
    await resend('ada@example.com')
    expect(await count(db, 'app_private.email_queue')).toBe(1)
    const token = (await db.query<{ t: string }>('select unsubscribe_token::text as t from public.beta_signups'))
      .rows[0]!.t
    expect(await unsubscribe(db, token)).toBe(true)
    expect(await count(db, 'app_private.email_queue')).toBe(0)
    expect(await count(db, 'public.beta_signups')).toBe(0)
  })
})

describe('the canonical-mailbox migration on a database that already has rows', () => {
  test('keeps the first spelling of each mailbox and moves the welcome emails’ keys to the mailbox', async () => {
    const db = await openDb({ PGLITE_DIR: 'memory://' })
    try {
      const before = await mkdtemp(join(tmpdir(), 'migrations-'))
      const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql') && f < '20261122100000')
      for (const f of files) await copyFile(join(MIGRATIONS_DIR, f), join(before, f))
      await migrate(db, before)
      await rm(before, { recursive: true })
      await db.exec(`
        insert into public.beta_signups (email) values ('ada@example.com'), ('ada+2@example.com'), ('bo@example.com');
        insert into app_private.email_queue (kind, to_email, dedupe_key, status) values
          ('welcome', 'ada@example.com', 'welcome:ada@example.com', 'sent'),
          ('welcome', 'ada+2@example.com', 'welcome:ada+2@example.com', 'sent'),
          ('welcome', 'bo@example.com', 'welcome:bo@example.com', 'pending');
      `)
      await migrate(db)
      const rows = await db.query<{ email: string }>('select email from public.beta_signups order by id')
      expect(rows.rows.map((r) => r.email)).toEqual(['ada@example.com', 'bo@example.com'])
      const keys = await db.query<{ dedupe_key: string }>(
        'select dedupe_key from app_private.email_queue order by created_at, id',
      )
      expect(keys.rows.map((k) => k.dedupe_key).sort()).toEqual(
        expect.arrayContaining(['welcome:ada@example.com', 'welcome:bo@example.com']),
      )
      expect(keys.rows.filter((k) => k.dedupe_key.startsWith('welcome:ada@example.com:'))).toHaveLength(1)
    } finally {
      await db.close()
    }
  })
})
