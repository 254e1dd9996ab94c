import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { migrate } from '../src/server/db/migrate.ts'
import { DB_KINDS } from '../src/server/test-app.ts'
import { serverDatabase, type ServerDatabase } from './support/server-database.ts'
import { startServer, waitFor, waitHealthy, type ServerProcess } from './support/server-process.ts'

// Issue 37, defect 9: the visitor salts expire 48 hours after their day began. A server that
// was down (or nobody visited) must not keep them until the next visit, sign-up or console read:
// the real entry point purges once when its database is ready, with no request at all.

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)

describe.each(DB_KINDS)('on %s', (kind) => {
  let dir: string
  let database: ServerDatabase | undefined
  let server: ServerProcess | undefined
  afterEach(async () => {
    await server?.stop()
    await database?.drop()
    await rm(dir, { recursive: true, force: true })
  })

  test('the server deletes expired salts (and their visitors) at start, before any request', async () => {
    dir = await mkdtemp(join(tmpdir(), 'start-purge-'))
    database = await serverDatabase(kind, dir)
    // What a process left behind five days ago, then stopped: a salt, its visitor row; and today's.
    await database.inspect(async (db) => {
      await migrate(db)
      for (const d of [day(5), day(0)])
        await db.query('insert into app_private.analytics_salts (day, salt) values ($1::date, $2)', [
          d,
          Buffer.alloc(16, 7),
        ])
      await db.query(
        `insert into app_private.analytics_visitors (day, visitor, source, device, os, joinable)
         values ($1::date, '\\x00', 'direct', 'desktop', 'other', true)`,
        [day(5)],
      )
    })
    server = await startServer({ ...database.env, ANALYTICS_FLUSH_MS: '60000' })
    await waitHealthy(server)
    // PGlite's folder is the server's alone while it runs: its log says when the purge ran.
    await waitFor(() => server!.log().includes('"event":"analytics.purged"'), {
      timeoutMs: 30_000,
      what: () => `the start's purge; the log:\n${server!.log()}`,
    })
    expect(await server.stop()).toBe(0)
    server = undefined
    const left = await database.inspect(async (db) => ({
      salts: (
        await db.query<{ day: string }>("select to_char(day, 'YYYY-MM-DD') as day from app_private.analytics_salts")
      ).rows.map((r) => r.day),
      visitors: (await db.query('select 1 from app_private.analytics_visitors')).rows.length,
    }))
    expect(left).toEqual({ salts: [day(0)], visitors: 0 })
  }, 120_000)
})
