import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '../config.ts'
import { testDb } from '../test-app.ts'
import type { Db } from './db.ts'
import { checkConnectionBudget, ConnectionBudgetError, connectionsNeeded, poolerWithoutDirectUrl } from './pooler.ts'

// testDb('postgres') is the run's PgBouncer in transaction mode (test/global-setup-pg.ts).
describe('through PgBouncer in transaction mode', () => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb('postgres'))
  })
  afterAll(() => close())

  test('the anon role lasts one statement and never reaches the next client of a server connection', async () => {
    // PgBouncer's pool for this database is 10 server connections: 40 anon statements and 40
    // trusted ones at once share them, and every trusted one still finds the login role.
    const who = (r: { rows: { who: string }[] }) => r.rows[0]!.who
    const both = await Promise.all(
      Array.from({ length: 40 }, async () => [
        who(await db.asAnon<{ who: string }>('select current_user as who')),
        who(await db.query<{ who: string }>('select current_user as who')),
      ]),
    )
    expect(new Set(both.map(([anon]) => anon))).toEqual(new Set(['anon']))
    expect(new Set(both.map(([, trusted]) => trusted))).toEqual(new Set(['postgres']))
  })

  test('a failed anon statement leaves nothing behind: its answer is the error, the next one works', async () => {
    await expect(db.asAnon('select * from public.beta_signups')).rejects.toMatchObject({ code: '42501' })
    await expect(db.asAnon('select 1/0')).rejects.toMatchObject({ code: '22012' })
    const r = await db.asAnon<{ who: string; n: number }>('select current_user as who, $1::int as n', [7])
    expect(r.rows).toEqual([{ who: 'anon', n: 7 }])
    expect((await db.query<{ who: string }>('select current_user as who')).rows[0]!.who).toBe('postgres')
  })

  test('the connection budget is checked against max_connections less the reserved slots', async () => {
    const url = 'postgresql://app@127.0.0.1:5432/app'
    const session = loadConfig({ DATABASE_URL: url })
    expect(connectionsNeeded(session)).toBe(4 + 32 + 1)
    await expect(checkConnectionBudget(db, session)).resolves.toBeUndefined()
    const tooMany = loadConfig({ DATABASE_URL: url, DATABASE_ANON_POOL_SIZE: '200' })
    const refused = checkConnectionBudget(db, tooMany)
    await expect(refused).rejects.toBeInstanceOf(ConnectionBudgetError)
    // The message names the settings, the sum, and what the cluster allows.
    await expect(refused).rejects.toThrow(
      /up to 205 PostgreSQL connections \(DATABASE_POOL_SIZE 4 \+ DATABASE_ANON_POOL_SIZE 200 \+ 1 for LISTEN\), more than the \d+/,
    )
    // Behind a transaction pooler the pools are the pooler's clients: only LISTEN reaches PostgreSQL.
    const pooled = loadConfig({ DATABASE_URL: url, DATABASE_ANON_POOL_SIZE: '200', DATABASE_POOL_MODE: 'transaction' })
    expect(connectionsNeeded(pooled)).toBe(0)
    await expect(checkConnectionBudget(db, pooled)).resolves.toBeUndefined()
  })
})

test('the settings: a pool size out of range and a pooler without its direct URL are named', () => {
  expect(() => loadConfig({ DATABASE_URL: 'postgresql://a@h/d', DATABASE_POOL_SIZE: '0' })).toThrow(
    /DATABASE_POOL_SIZE: must be at least 1/,
  )
  expect(() => loadConfig({ DATABASE_ANON_POOL_SIZE: '5000' })).toThrow(/DATABASE_ANON_POOL_SIZE: must be at most 1000/)
  expect(() => loadConfig({ DATABASE_POOL_MODE: 'statement' })).toThrow(
    /DATABASE_POOL_MODE: must be session or transaction/,
  )
  expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgresql://a@h/d' })).toThrow(
    /DATABASE_DIRECT_URL: needs DATABASE_URL/,
  )
  const url = 'postgresql://a@pooler:6543/d'
  expect(poolerWithoutDirectUrl(loadConfig({ DATABASE_URL: url }))).toBeNull()
  expect(
    poolerWithoutDirectUrl(
      loadConfig({ DATABASE_URL: url, DATABASE_POOL_MODE: 'transaction', DATABASE_DIRECT_URL: url }),
    ),
  ).toBeNull()
  expect(poolerWithoutDirectUrl(loadConfig({ DATABASE_URL: url, DATABASE_POOL_MODE: 'transaction' }))).toMatch(
    /^DATABASE_POOL_MODE=transaction without DATABASE_DIRECT_URL: /,
  )
})
