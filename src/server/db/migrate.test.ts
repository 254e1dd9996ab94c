import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DB_KINDS, testDb } from '../test-app.ts'
import type { Db } from './db.ts'
import { migrate, MigrationError, MigrationOrderError, MIGRATIONS_DIR, outOfOrder } from './migrate.ts'
import { RENAMED_MIGRATIONS } from './migration-renames.ts'
import { CONTACT_MESSAGES } from '../features/contact/table.ts'
import { BETA_SIGNUPS } from '../features/signups/table.ts'

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

  // Each table the PostgREST emulation serves, as its feature registers it.
  const TABLES = { beta_signups: BETA_SIGNUPS, contact_messages: CONTACT_MESSAGES }
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

// A start that fails in a migration (a missing privilege, a mistake in a new file) leaves nothing
// of that migration behind, and the next start applies it whole.
describe.each(DB_KINDS)('a migration that fails midway on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let dir: string
  const name = '29991231000000_add_half_done.sql'
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    dir = await mkdtemp(join(tmpdir(), 'migrations-'))
    for (const f of await readdir(MIGRATIONS_DIR)) await copyFile(join(MIGRATIONS_DIR, f), join(dir, f))
  })
  afterAll(async () => {
    await close()
    await rm(dir, { recursive: true, force: true })
  })

  const tables = async () =>
    (
      await db.query<{ relname: string }>(
        "select relname from pg_class where relname in ('half_first', 'half_second') order by relname",
      )
    ).rows.map((r) => r.relname)
  const recorded = async () =>
    (await db.query('select 1 from app_private.schema_migrations where name = $1', [name])).rows.length

  test('is rolled back whole, named in the error, and applied whole by the next start', async () => {
    // Statements before and after the failing one, and a role: nothing of it may stay.
    await writeFile(
      join(dir, name),
      `create table public.half_first (id int);
insert into public.half_first values (1);
create role half_done_role nologin;
select 1 / 0;
create table public.half_second (id int);
`,
    )
    const failed = await migrate(db, dir).then(
      () => null,
      (err: unknown) => err,
    )
    expect(failed).toBeInstanceOf(MigrationError)
    expect((failed as MigrationError).migration).toBe(name)
    expect((failed as MigrationError).message).toContain(name)
    expect((failed as MigrationError).message).toContain('division by zero')
    expect(await tables()).toEqual([])
    expect(await recorded()).toBe(0)
    const role = await db.query("select 1 from pg_roles where rolname = 'half_done_role'")
    expect(role.rows).toEqual([])

    // The founder fixes the file (or the database) and starts again: the migration runs from its start.
    await writeFile(
      join(dir, name),
      `create table public.half_first (id int);
insert into public.half_first values (1);
create table public.half_second (id int);
`,
    )
    expect(await migrate(db, dir)).toEqual([name])
    expect(await tables()).toEqual(['half_first', 'half_second'])
    expect(await recorded()).toBe(1)
    const rows = await db.query<{ id: number }>('select id from public.half_first')
    expect(rows.rows).toEqual([{ id: 1 }])
    expect(await migrate(db, dir)).toEqual([])
  })
})

// A database that applied the ten migrations once dated in the future, under their old names,
// applies none of them again; and a migration that sorts before an applied one stops the start.
describe.each(DB_KINDS)('migration order on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  let dir: string
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
    dir = await mkdtemp(join(tmpdir(), 'migrations-'))
    for (const f of await readdir(MIGRATIONS_DIR)) await copyFile(join(MIGRATIONS_DIR, f), join(dir, f))
  })
  afterAll(async () => {
    await close()
    await rm(dir, { recursive: true, force: true })
  })

  const records = async () =>
    (
      await db.query<{ name: string; applied_at: Date }>(
        'select name, applied_at from app_private.schema_migrations order by name',
      )
    ).rows

  test('records under the old names of renamed migrations take the new names, and nothing runs twice', async () => {
    for (const [from, to] of RENAMED_MIGRATIONS)
      await db.query(
        "update app_private.schema_migrations set name = $1, applied_at = '2026-11-01T00:00:00Z' where name = $2",
        [from, to],
      )
    // As such a database stands: the old names recorded, the new ones not.
    const before = (await records()).map((r) => r.name)
    expect(before).toEqual(expect.arrayContaining(RENAMED_MIGRATIONS.map(([from]) => from)))
    expect(before).not.toEqual(expect.arrayContaining([RENAMED_MIGRATIONS[0]![1]]))

    // Each renamed migration creates objects, so applying one again would fail: none runs.
    expect(await migrate(db)).toEqual([])
    const after = await records()
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()
    expect(after.map((r) => r.name)).toEqual(files)
    const renamed = new Set(RENAMED_MIGRATIONS.map(([, to]) => to))
    // The records keep when they were applied.
    expect(after.filter((r) => renamed.has(r.name)).map((r) => new Date(r.applied_at).toISOString())).toEqual(
      RENAMED_MIGRATIONS.map(() => '2026-11-01T00:00:00.000Z'),
    )
  })

  test('a pending migration that sorts before an applied one is refused, naming both, and nothing is applied', async () => {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()
    const latest = files.at(-1)!
    // Planted: one dated before the newest applied migration, and one after it that would be fine alone.
    const early = '20250601120050_create_planted_early.sql'
    const late = '29991231000000_create_planted_late.sql'
    await writeFile(join(dir, early), 'create table public.planted_early (id int);\n')
    await writeFile(join(dir, late), 'create table public.planted_late (id int);\n')
    try {
      const failed = await migrate(db, dir).then(
        () => null,
        (err: unknown) => err,
      )
      expect(failed).toBeInstanceOf(MigrationOrderError)
      expect(failed).toMatchObject({ migration: early, latestApplied: latest })
      expect((failed as Error).message).toContain(early)
      expect((failed as Error).message).toContain(latest)
      const made = await db.query("select relname from pg_class where relname in ('planted_early', 'planted_late')")
      expect(made.rows).toEqual([])
      expect((await records()).map((r) => r.name)).toEqual(files)
    } finally {
      await rm(join(dir, early))
      await rm(join(dir, late))
    }
  })
})

describe('which pending migration is out of order', () => {
  const applied = ['20260101000000_a.sql', '20260102000000_b.sql']
  test('none when every pending one sorts after the latest applied one, or nothing is applied yet', () => {
    expect(outOfOrder([...applied, '20260103000000_c.sql'], applied)).toBeNull()
    expect(outOfOrder(['20250101000000_z.sql', ...applied], [])).toBeNull()
  })
  test('the first pending one that sorts before the latest applied one', () => {
    const files = ['20260101000000_a.sql', '20260101120000_late.sql', '20260102000000_b.sql', '20260103000000_c.sql']
    expect(outOfOrder(files, applied)).toEqual({
      migration: '20260101120000_late.sql',
      latestApplied: '20260102000000_b.sql',
    })
  })
  test('except one renamed on purpose', () => {
    const files = ['20260101000000_a.sql', '20260101120000_moved.sql', '20260102000000_b.sql']
    expect(outOfOrder(files, applied, new Set(['20260101120000_moved.sql']))).toBeNull()
  })
})
