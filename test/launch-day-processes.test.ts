import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { serverDatabase, type ServerDatabase } from './support/server-database.ts'
import { startServer, type ServerProcess } from './support/server-process.ts'

// The unverified budget is one for all processes. Two real server processes on one
// PostgreSQL take a flood of bare sign-ups from 60 client addresses (through one trusted proxy);
// at most UNVERIFIED_EMAILS_PER_HOUR welcome emails go out in total.

const BUDGET = 20
let dir: string
let database: ServerDatabase
const servers: ServerProcess[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'launch-day-'))
  database = await serverDatabase('postgres', dir)
  const env = {
    ...database.env,
    OUTBOX_DIR: join(dir, 'outbox'),
    UNVERIFIED_EMAILS_PER_HOUR: String(BUDGET),
    EMAIL_POLL_INTERVAL_MS: '100',
    TRUST_PROXY: 'true',
  }
  // One after the other: the first applies the migrations.
  servers.push(await startServer(env))
  servers.push(await startServer(env))
}, 90_000)
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database?.drop()
  await rm(dir, { recursive: true, force: true })
})

test('60 bare sign-ups from 60 addresses, spread over two processes: at most UNVERIFIED_EMAILS_PER_HOUR welcome emails', async () => {
  const headers = (ip: string) => ({
    apikey: LOCAL_ANON_KEY,
    authorization: `Bearer ${LOCAL_ANON_KEY}`,
    'content-type': 'application/json',
    'x-forwarded-for': ip,
  })
  await Promise.all(
    Array.from({ length: 60 }, async (_, i) => {
      const server = servers[i % 2]!
      const ip = `198.51.100.${i + 1}`
      const body = JSON.stringify({ email: `flood-${i}@example.com` })
      const insert = await fetch(`${server.url}/rest/v1/beta_signups`, { method: 'POST', headers: headers(ip), body })
      expect(insert.status).toBe(201)
      const res = await fetch(`${server.url}/functions/v1/resend-email`, { method: 'POST', headers: headers(ip), body })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ queued: true })
    }),
  )
  const sent = async () => (await readdir(join(dir, 'outbox')).catch(() => [])).filter((f) => f.endsWith('.json'))
  await expect.poll(async () => (await sent()).length, { timeout: 15_000 }).toBe(BUDGET)
  // Nothing more trickles out later.
  await new Promise((r) => setTimeout(r, 500))
  expect(await sent()).toHaveLength(BUDGET)
  const state = await database.inspect(async (db) => {
    const signups = await db.query<{ n: string }>('select count(*)::text as n from public.beta_signups')
    const queued = await db.query<{ n: string }>(
      "select count(*)::text as n from app_private.email_queue where kind = 'welcome'",
    )
    return { signups: Number(signups.rows[0]!.n), queued: Number(queued.rows[0]!.n) }
  })
  expect(state).toEqual({ signups: 60, queued: BUDGET })
})
