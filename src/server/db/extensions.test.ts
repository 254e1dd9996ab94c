import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DB_KINDS, testDb } from '../test-app.ts'
import type { Db } from './db.ts'
import { selectionWhere } from '../owner/selection.ts'

// Pg_trgm lives in schema extensions, where anon cannot call its functions,
// and the console's search still uses the trigram index. test/supabase-database.test.ts checks the
// same on a Supabase-like database.

describe.each(DB_KINDS)('extensions on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())

  test('no extension is installed into public; pg_trgm is in extensions', async () => {
    const r = await db.query<{ extname: string; schema: string }>(
      `select e.extname, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
       where e.extname <> 'plpgsql' order by 1`,
    )
    expect(r.rows.filter((x) => x.schema === 'public')).toEqual([])
    expect(r.rows).toContainEqual({ extname: 'pg_trgm', schema: 'extensions' })
  })

  test.each([
    'select public.similarity($$a$$, $$b$$)',
    'select extensions.similarity($$a$$, $$b$$)',
    'select extensions.set_limit(0.1)',
    'select extensions.show_trgm($$a$$)',
    'select similarity($$a$$, $$b$$)',
  ])('anon cannot run %s', async (sql) => {
    const code = await db.asAnon(sql).then(
      () => 'ok',
      (err: { code?: string }) => err.code,
    )
    // 42501: no privilege (on the schema or the function); 42883: no such function for anon.
    expect(['42501', '42883', '3F000']).toContain(code)
  })

  test("the console's search by part of an address uses the trigram index", async () => {
    await db.query(
      `insert into public.beta_signups (email) select 'person' || i || '@example.com' from generate_series(1, 2000) i`,
    )
    await db.exec('analyze public.beta_signups')
    // The sign-ups list's count query (features/signups/console-queries.ts), with the console's own condition.
    const where = selectionWhere({ status: 'all', platform: 'all', q: 'son19' }, 1)
    const plan = await db.transaction(async (tx) => {
      // With sequential scans priced out, the planner picks the index if it can use it at all.
      await tx.exec('set local enable_seqscan = off')
      return tx.query<{ 'QUERY PLAN': string }>(
        `explain select count(*) as n from public.beta_signups s where ${where.sql}`,
        where.params,
      )
    })
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('beta_signups_email_trgm')
    const n = await db.query<{ n: string | number }>(
      `select count(*) as n from public.beta_signups s where ${where.sql}`,
      where.params,
    )
    expect(Number(n.rows[0]!.n)).toBe(111)
    await db.exec('truncate public.beta_signups restart identity cascade')
  })
})
