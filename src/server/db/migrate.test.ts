import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DB_KINDS, testDb } from '../test-app.ts'
import type { Db } from './db.ts'
import { migrate, MIGRATIONS_DIR } from './migrate.ts'
import { TABLES } from '../features/rest/tables.ts'

describe.each(DB_KINDS)('schema on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())

  test('migrating again applies nothing and keeps one record per file', async () => {
    expect(await migrate(db)).toEqual([])
    const r = await db.query<{ name: string }>('select name from app_private.schema_migrations order by name')
    // Every file of the folder, in name order (read from the folder, so adding one needs no edit here).
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()
    expect(files.slice(0, 7)).toEqual([
      '20250601120000_create_beta_signups.sql',
      '20250601120100_create_contact_messages.sql',
      '20250601120200_create_email_queue.sql',
      '20261122100000_add_canonical_mailbox.sql',
      '20261122100100_create_email_suppressions.sql',
      '20261122100200_add_signup_confirmation.sql',
      '20261122100300_add_email_local_part_limit.sql',
    ])
    expect(files).toContain('20261122400000_add_beta_invitations.sql')
    expect(r.rows.map((x) => x.name)).toEqual(files)
  })

  test.each(Object.keys(TABLES) as (keyof typeof TABLES)[])(
    'the server’s column lists for %s match the database',
    async (table) => {
      const cols = await db.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position",
        [table],
      )
      expect(cols.rows.map((c) => c.column_name)).toEqual([...TABLES[table].columns])
      const granted = await db.query<{ column_name: string; privilege_type: string }>(
        `select column_name, privilege_type from information_schema.column_privileges
       where table_schema = 'public' and table_name = $1 and grantee = 'anon' order by column_name`,
        [table],
      )
      expect(granted.rows.every((g) => g.privilege_type === 'INSERT')).toBe(true)
      expect(granted.rows.map((g) => g.column_name)).toEqual([...TABLES[table].insertable].sort())
    },
  )

  test('anon holds no table-wide privilege, RLS is on, and the queue is out of its reach', async () => {
    const tablePrivs = await db.query(
      "select table_name, privilege_type from information_schema.role_table_grants where grantee = 'anon' and table_schema in ('public', 'app_private')",
    )
    expect(tablePrivs.rows).toEqual([])
    const rls = await db.query<{ relname: string; relrowsecurity: boolean }>(
      "select relname, relrowsecurity from pg_class where relname in ('beta_signups', 'contact_messages') order by relname",
    )
    expect(rls.rows).toEqual([
      { relname: 'beta_signups', relrowsecurity: true },
      { relname: 'contact_messages', relrowsecurity: true },
    ])
    const usage = await db.query<{ ok: boolean }>("select has_schema_privilege('anon', 'app_private', 'USAGE') as ok")
    expect(usage.rows[0]!.ok).toBe(false)
  })

  test('the constraints refuse what the schemas refuse, even for a privileged insert', async () => {
    const bad = [
      [
        "insert into public.contact_messages (name, email, subject, message) values ('A', 'a@b.co', 'sales', 'x')",
        '23514',
      ],
      [
        `insert into public.contact_messages (name, email, subject, message) values ('${'n'.repeat(101)}', 'a@b.co', 'other', 'x')`,
        '23514',
      ],
      [
        "insert into public.contact_messages (name, email, subject, message) values ('A', 'a@b.co', 'other', '   ')",
        '23514',
      ],
      ["insert into public.beta_signups (email) values ('no-at-sign')", '23514'],
      ['insert into public.beta_signups (email) values (null)', '23502'],
      [`insert into public.beta_signups (email) values ('${'a'.repeat(65)}@b.co')`, '23514'],
      [
        `insert into public.contact_messages (name, email, subject, message) values ('A', '${'a'.repeat(65)}@b.co', 'other', 'x')`,
        '23514',
      ],
    ] as const
    for (const [sql, code] of bad) {
      await expect(db.query(sql), sql).rejects.toMatchObject({ code })
    }
  })
})
