import pg from 'pg'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

const url = inject('TEST_DATABASE_URL')
let client: pg.Client

beforeAll(async () => {
  client = new pg.Client({ connectionString: url })
  await client.connect()
})
afterAll(() => client.end())

test('the global setup provides a PostgreSQL URL, also through the environment', () => {
  expect(url).toMatch(/^postgresql:\/\/postgres@127\.0\.0\.1:\d+\/test$/)
  expect(process.env.TEST_DATABASE_URL).toBe(url)
})

test('the cluster is a real PostgreSQL server that keeps what it is given', async () => {
  const one = await client.query<{ one: number }>('select 1 as one')
  expect(one.rows).toEqual([{ one: 1 }])
  const version = await client.query<{ server_version_num: string }>('show server_version_num')
  expect(Number(version.rows[0]?.server_version_num)).toBeGreaterThanOrEqual(150000)

  await client.query('create table pg_cluster_probe (id serial primary key, note text not null)')
  try {
    await client.query('insert into pg_cluster_probe (note) values ($1), ($2)', ['first', 'second'])
    const rows = await client.query<{ note: string }>('select note from pg_cluster_probe order by id')
    expect(rows.rows.map((r) => r.note)).toEqual(['first', 'second'])
  } finally {
    await client.query('drop table pg_cluster_probe')
  }
})

test('fsync stays on, so durability tests mean something', async () => {
  const r = await client.query<{ fsync: string }>('show fsync')
  expect(r.rows[0]?.fsync).toBe('on')
})
