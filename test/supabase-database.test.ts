import { readdir } from 'node:fs/promises'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Db } from '../src/server/db/db.ts'
import { selectionWhere } from '../src/server/owner/selection.ts'
import { CONTACT_MESSAGES } from '../src/server/features/contact/table.ts'
import { BETA_SIGNUPS } from '../src/server/features/signups/table.ts'
import { insertRow } from '../src/server/http/postgrest/queries.ts'
import { count, testDb } from '../src/server/test-app.ts'
import { MIGRATIONS_DIR, startSupabaseDatabase, type SupabaseDatabase } from './support/supabase-database.ts'

// supabase/migrations on a database prepared as Supabase prepares a new project (roles, schemas,
// and the default privileges that grant anon everything on every new table in public), checked
// through the authenticator login as PostgREST uses it: `set role anon` or `set role authenticated`.

let supa: SupabaseDatabase
let admin: pg.Client
let api: pg.Client
beforeAll(async () => {
  supa = await startSupabaseDatabase()
  admin = new pg.Client({ connectionString: supa.url })
  api = new pg.Client({ connectionString: supa.authenticatorUrl })
  await admin.connect()
  await api.connect()
})
afterAll(async () => {
  await api?.end()
  await admin?.end()
  await supa?.stop()
})

/** One statement as `role`, in a transaction that is rolled back; the error code, or 'ok'. */
async function as(role: 'anon' | 'authenticated', sql: string, params: unknown[] = []): Promise<string> {
  await api.query('begin')
  try {
    await api.query(`set local role ${role}`)
    await api.query(sql, params)
    return 'ok'
  } catch (err) {
    return (err as { code?: string }).code ?? String(err)
  } finally {
    await api.query('rollback')
  }
}

/** As PostgREST sends an insert: its own transaction, committed. */
async function insertAsAnon(table: string, row: Record<string, string>): Promise<string> {
  const columns = Object.keys(row)
  const sql = `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`
  await api.query('begin')
  try {
    await api.query('set local role anon')
    await api.query(sql, Object.values(row))
    await api.query('commit')
    return 'ok'
  } catch (err) {
    await api.query('rollback')
    return (err as { code?: string }).code ?? String(err)
  }
}

async function tables(): Promise<string[]> {
  const r = await admin.query<{ name: string }>(
    `select schemaname || '.' || tablename as name from pg_tables
     where schemaname in ('public', 'app_private') order by 1`,
  )
  return r.rows.map((x) => x.name)
}

test('every migration applies, in file-name order, with no other step', async () => {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()
  expect(supa.applied).toEqual(files)
  expect(await tables()).toEqual(
    expect.arrayContaining(['public.beta_signups', 'public.contact_messages', 'app_private.email_queue']),
  )
})

test("the set-up is Supabase's: anon would get every right on a new public table", async () => {
  // Without this, the checks below could pass on a database that grants nothing by default.
  await admin.query('create table public.default_privileges_probe (x int)')
  try {
    const r = await admin.query(
      `select has_table_privilege('anon', 'public.default_privileges_probe', 'select, update, delete') as all_rights`,
    )
    expect(r.rows[0].all_rights).toBe(true)
  } finally {
    await admin.query('drop table public.default_privileges_probe')
  }
})

describe.each(['anon', 'authenticated'] as const)('as %s', (role) => {
  test('every table refuses select, update and delete', async () => {
    const names = await tables()
    expect(names.length).toBeGreaterThanOrEqual(3)
    for (const table of names) {
      // A column that is not an identity, which would refuse an update for another reason (428C9).
      const column = (
        await admin.query(
          `select attname from pg_attribute
           where attrelid = $1::regclass and attnum > 0 and not attisdropped and attidentity = ''
           order by attnum limit 1`,
          [table],
        )
      ).rows[0].attname
      expect({ table, select: await as(role, `select * from ${table} limit 1`) }).toEqual({ table, select: '42501' })
      expect({ table, update: await as(role, `update ${table} set ${column} = ${column}`) }).toEqual({
        table,
        update: '42501',
      })
      expect({ table, delete: await as(role, `delete from ${table}`) }).toEqual({ table, delete: '42501' })
    }
  })

  test('the queue rule and the trigger functions cannot be called', async () => {
    expect(await as(role, `select app_private.enqueue_welcome_email('ada@example.com')`)).toBe('42501')
    const r = await admin.query<{ name: string }>(
      `select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'app_private' and p.prorettype <> 'trigger'::regtype`,
    )
    for (const { name } of r.rows) {
      const callable = await admin.query(
        `select has_function_privilege($1, $2, 'execute') and has_schema_privilege($1, 'app_private', 'usage') as ok`,
        [role, name],
      )
      expect({ name, callable: callable.rows[0].ok }).toEqual({ name, callable: false })
    }
  })
})

// Supabase's advisor (lint 0014) wants no extension in public, where PostgREST
// would offer its functions to anon as RPC.
describe('extensions', () => {
  test('none is installed into public; pg_trgm is in extensions', async () => {
    const r = await admin.query<{ extname: string; schema: string }>(
      `select e.extname, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace order by 1`,
    )
    expect(r.rows.filter((x) => x.schema === 'public')).toEqual([])
    expect(r.rows).toContainEqual({ extname: 'pg_trgm', schema: 'extensions' })
  })

  test('PostgREST can offer anon and authenticated no function of public as RPC', async () => {
    const r = await admin.query<{ name: string }>(
      `select p.oid::regprocedure::text as name from pg_proc p
       where p.pronamespace = 'public'::regnamespace
         and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))`,
    )
    expect(r.rows.map((x) => x.name)).toEqual([])
  })

  test.each(['anon', 'authenticated'] as const)("%s cannot call pg_trgm's functions in SQL either", async (role) => {
    for (const sql of [
      `select public.similarity('a', 'b')`,
      `select similarity('a', 'b')`,
      `select extensions.similarity('a', 'b')`,
      `select extensions.set_limit(0.1)`,
      `select extensions.show_trgm('a')`,
      `select extensions.word_similarity('a', 'b')`,
      `select 'a' operator(extensions.%) 'b'`,
    ])
      expect({ sql, code: await as(role, sql) }).toEqual({ sql, code: expect.stringMatching(/^(42501|42883)$/) })
  })

  test("the console's search by part of an address still uses the trigram index", async () => {
    await admin.query('begin')
    try {
      await admin.query(
        `insert into public.beta_signups (email) select 'trgm' || i || '@example.com' from generate_series(1, 2000) i`,
      )
      await admin.query('analyze public.beta_signups')
      await admin.query('set local enable_seqscan = off')
      const where = selectionWhere({ status: 'all', platform: 'all', q: 'rgm19' }, 1)
      const plan = await admin.query(
        `explain select count(*) as n from public.beta_signups s where ${where.sql}`,
        where.params,
      )
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('beta_signups_email_trgm')
    } finally {
      await admin.query('rollback')
    }
  })
})

test('authenticated may not insert either: the page signs nobody in', async () => {
  expect(await as('authenticated', `insert into public.beta_signups (email) values ('ada@example.com')`)).toBe('42501')
  expect(
    await as(
      'authenticated',
      `insert into public.contact_messages (name, email, subject, message) values ('Ada', 'ada@example.com', 'general', 'Hi')`,
    ),
  ).toBe('42501')
})

describe('anon inserts behave as on the self-hosted server', () => {
  // The same sequence of inserts, as anon, on Supabase (through the authenticator login) and on
  // the Node server's database (PGlite, as `npm start` runs it): the same outcomes, the same rows.
  const steps: { table: 'beta_signups' | 'contact_messages'; row: Record<string, string> }[] = [
    { table: 'beta_signups', row: { email: 'Ada@Example.com' } },
    { table: 'beta_signups', row: { email: ' ada@example.com ' } },
    { table: 'beta_signups', row: { email: 'bot@example.com', website: 'https://spam.example' } },
    { table: 'beta_signups', row: { email: 'not-an-address' } },
    { table: 'beta_signups', row: { email: 'grace@example.com' } },
    { table: 'contact_messages', row: { name: 'Ada', email: 'ada@example.com', subject: 'general', message: 'Hello' } },
    {
      table: 'contact_messages',
      row: { name: 'Bot', email: 'bot@example.com', subject: 'general', message: 'Buy', website: 'x' },
    },
    {
      table: 'contact_messages',
      row: { name: 'Ada', email: 'ada@example.com', subject: 'nonsense', message: 'Hello' },
    },
  ]
  let selfHosted: { db: Db; close: () => Promise<void> }
  beforeAll(async () => {
    selfHosted = await testDb('pglite')
  })
  afterAll(() => selfHosted.close())

  test('the same outcomes and the same rows', async () => {
    const onSupabase: string[] = []
    const onNode: string[] = []
    for (const { table, row } of steps) {
      onSupabase.push(await insertAsAnon(table, row))
      onNode.push(
        await insertRow(selfHosted.db, table === 'beta_signups' ? BETA_SIGNUPS : CONTACT_MESSAGES, row).then(
          () => 'ok',
          (err: { code?: string }) => err.code ?? String(err),
        ),
      )
    }
    expect(onSupabase).toEqual(['ok', 'ok', 'ok', '23514', 'ok', 'ok', 'ok', '23514'])
    expect(onSupabase).toEqual(onNode)
    const emails = async (q: (sql: string) => Promise<{ rows: { email: string }[] }>) =>
      (await q('select email from public.beta_signups order by id')).rows.map((r) => r.email)
    expect(await emails((sql) => admin.query(sql))).toEqual(['Ada@Example.com', 'grace@example.com'])
    expect(await emails((sql) => selfHosted.db.query(sql))).toEqual(['Ada@Example.com', 'grace@example.com'])
    expect(Number((await admin.query('select count(*) as n from public.contact_messages')).rows[0].n)).toBe(1)
    expect(await count(selfHosted.db, 'public.contact_messages')).toBe(1)
  })
})
