import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSupabaseDatabase, type SupabaseDatabase } from './support/supabase-database.ts'

// Launch analytics on the Supabase deployment: no server sees the page, so the page sends the sign-up's
// source itself, as PostgREST inserts it: `set role anon` under row-level security, without our
// zod schema. The migration grants exactly those columns and checks the same limits; anon reads
// none of the analytics tables.

let supa: SupabaseDatabase
let admin: pg.Client
let api: pg.Client
beforeAll(async () => {
  supa = await startSupabaseDatabase()
  admin = new pg.Client({ connectionString: supa.url })
  api = new pg.Client({ connectionString: supa.authenticatorUrl })
  await admin.connect()
  await api.connect()
}, 120_000)
afterAll(async () => {
  await api?.end()
  await admin?.end()
  await supa?.stop()
})

/** As PostgREST sends an insert: its own transaction as anon, committed; the error code or 'ok'. */
async function insertAsAnon(row: Record<string, string>): Promise<string> {
  const columns = Object.keys(row)
  await api.query('begin')
  try {
    await api.query('set local role anon')
    await api.query(
      `insert into public.beta_signups (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    )
    await api.query('commit')
    return 'ok'
  } catch (err) {
    await api.query('rollback')
    return (err as { code?: string }).code ?? String(err)
  }
}

test('anon inserts a sign-up with the source the page read, and nothing it may not', async () => {
  const page = {
    source: 'Hacker News',
    source_medium: 'social',
    source_campaign: 'launch',
    source_device: 'mobile',
    source_os: 'ios',
  }
  expect(await insertAsAnon({ email: 'supa@example.com', ...page })).toBe('ok')
  const row = await admin.query(
    `select source, source_medium, source_campaign, source_device, source_os from public.beta_signups where email = 'supa@example.com'`,
  )
  expect(row.rows).toEqual([page])
  // The same limits as the shared schema: a database without our server still keeps them.
  expect(await insertAsAnon({ email: 'a@example.com', source: 'reader@example.com' })).toBe('23514')
  expect(await insertAsAnon({ email: 'b@example.com', source: 'x'.repeat(65) })).toBe('23514')
  expect(await insertAsAnon({ email: 'c@example.com', source: '' })).toBe('23514')
  expect(await insertAsAnon({ email: 'd@example.com', source_device: 'fridge' })).toBe('23514')
  expect(await insertAsAnon({ email: 'e@example.com', source_os: 'windows' })).toBe('23514')
  // Columns anon was never granted.
  expect(await insertAsAnon({ email: 'f@example.com', confirmed_at: '2026-01-01' })).toBe('42501')
})

test('anon and authenticated read and write none of the analytics tables', async () => {
  for (const table of [
    'analytics_salts',
    'analytics_visitors',
    'analytics_hourly',
    'analytics_left_out',
    'analytics_flushes',
    'analytics_channels',
  ]) {
    for (const role of ['anon', 'authenticated']) {
      await api.query('begin')
      try {
        await api.query(`set local role ${role}`)
        const code = await api.query(`select * from app_private.${table} limit 1`).then(
          () => 'ok',
          (err: { code?: string }) => err.code,
        )
        expect(code, `${role} on ${table}`).toBe('42501')
      } finally {
        await api.query('rollback')
      }
    }
  }
})
