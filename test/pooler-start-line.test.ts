import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { inject } from 'vitest'
import { anonJson } from '../src/server/test-app.ts'
import { serverDatabase, type ServerDatabase } from './support/server-database.ts'
import { startServer, waitHealthy, type ServerProcess } from './support/server-process.ts'

// Behind a transaction pooler without DATABASE_DIRECT_URL the server says so at start, in one
// line (what will not work, and the fix), and serves what it can: the sign-up still answers 201.

let dir: string
let database: ServerDatabase
let server: ServerProcess | undefined

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pooler-line-'))
  database = await serverDatabase('postgres', dir)
})
afterAll(async () => {
  await server?.kill()
  await database?.drop()
  await rm(dir, { recursive: true, force: true })
})

test(
  'without DATABASE_DIRECT_URL behind a transaction pooler: one start-up line, and sign-ups still work',
  { timeout: 90_000 },
  async () => {
    const pooled = new URL(inject('TEST_POOLER_URL'))
    pooled.pathname = new URL(database.env.DATABASE_URL!).pathname
    server = await startServer({
      DATABASE_URL: pooled.toString(),
      DATABASE_POOL_MODE: 'transaction',
      OUTBOX_DIR: join(dir, 'outbox'),
      BACKUP_DIR: join(dir, 'backups'),
    })
    await waitHealthy(server)
    const res = await fetch(`${server.url}/rest/v1/beta_signups`, anonJson({ email: 'ada@example.com' }))
    expect(res.status).toBe(201)
    expect(await server.stop()).toBe(0)
    const lines = server
      .log()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; event?: string })
    server = undefined
    const notes = lines.filter((l) => l.event === 'db.no_direct_url')
    expect(notes).toHaveLength(1)
    expect(notes[0]!.level).toBe(40)
    expect(notes[0]!.msg).toMatch(
      /^DATABASE_POOL_MODE=transaction without DATABASE_DIRECT_URL: .*suppression journal.*LISTEN/,
    )
    expect(notes[0]!.msg).toContain('Fix: set DATABASE_DIRECT_URL')
    // That line is the only warning or error of the whole run.
    expect(lines.filter((l) => l.level >= 40)).toEqual(notes)
  },
)
