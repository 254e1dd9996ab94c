import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { DB_KINDS, testDb, truncateAll } from '../test-app.ts'
import type { Db } from './db.ts'
import { migrate } from './migrate.ts'
import { openDb } from './open.ts'

describe.each(DB_KINDS)('asAnon on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  test('runs as anon, and only as anon', async () => {
    const r = await db.asAnon<{ who: string }>('select current_user as who')
    expect(r.rows).toEqual([{ who: 'anon' }])
    // A session cannot shed the role: on PostgreSQL, RESET ROLE returns to the startup value.
    await db.asAnon('reset role')
    expect((await db.asAnon<{ who: string }>('select current_user as who')).rows).toEqual([{ who: 'anon' }])
    // Trusted work on the same Db keeps the login role.
    expect((await db.query<{ who: string }>('select current_user as who')).rows[0]!.who).not.toBe('anon')
  })

  test('grants, RLS and the trigger decide as behind PostgREST', async () => {
    const insert = (email: string, website: string | null = null) =>
      db.asAnon('insert into public.beta_signups (email, website) values ($1, $2)', [email, website])
    expect((await insert('ada@example.com')).rowCount).toBe(1)
    // The trigger drops a repeat (any case) and a honeypot row without an error.
    expect((await insert(' ADA@example.com ')).rowCount).toBe(0)
    expect((await insert('bot@example.com', 'http://spam')).rowCount).toBe(0)
    await expect(db.asAnon('select * from public.beta_signups')).rejects.toMatchObject({ code: '42501' })
    await expect(
      db.asAnon("insert into public.beta_signups (email, created_at) values ('x@y.co', now())"),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      db.asAnon('insert into public.beta_signups (email) values ($1) returning *', ['bo@example.com']),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(db.asAnon('select * from app_private.email_queue')).rejects.toMatchObject({ code: '42501' })
    const rows = await db.query<{ email: string }>('select email from public.beta_signups')
    expect(rows.rows).toEqual([{ email: 'ada@example.com' }])
  })
})

test('a new PGlite folder is created, then reopened with its data', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pglite-open-'))
  try {
    let db = await openDb({ PGLITE_DIR: dir })
    await migrate(db)
    await db.asAnon("insert into public.beta_signups (email) values ('ada@example.com')")
    await db.close()
    db = await openDb({ PGLITE_DIR: dir })
    expect(await migrate(db)).toEqual([])
    expect((await db.query<{ n: number }>('select count(*)::int as n from public.beta_signups')).rows).toEqual([
      { n: 1 },
    ])
    await db.close()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}, 60_000)
