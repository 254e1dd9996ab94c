import { createHash, createHmac } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { derivedKey } from '../src/server/owner/keys.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { startServer, waitHealthy } from './support/server-process.ts'

// The entry point as a real process: start-up, shutdown on SIGTERM, and rows surviving SIGKILL.
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'server-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const start = () =>
  startServer({
    PGLITE_DIR: join(dir, 'pglite'),
    OUTBOX_DIR: join(dir, 'outbox'),
    STATIC_DIR: join(dir, 'static'),
  })

const signUp = (url: string, email: string) =>
  fetch(`${url}/rest/v1/beta_signups`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  })

test('starts, accepts a sign-up, and exits 0 on SIGTERM', { timeout: 60_000 }, async () => {
  const s = await start()
  // healthz is 503 until the database is open and migrated (a first start creates it).
  await waitHealthy(s)
  expect((await signUp(s.url, 'ada@example.com')).status).toBe(201)
  s.child.kill('SIGTERM')
  expect(await s.exited).toBe(0)
  expect(s.log()).toContain('"event":"server.stopped"')
  expect(s.log()).not.toContain('ada@example.com')
})

// The logs' address hashes are keyed by the owner secret from the start.
test('the logs name an address only by a hash keyed with the owner secret', { timeout: 60_000 }, async () => {
  const s = await start()
  try {
    await waitHealthy(s)
    const email = 'Hashed.Person@example.com'
    expect((await signUp(s.url, email)).status).toBe(201)
    const res = await fetch(`${s.url}/functions/v1/resend-email`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    expect(res.status).toBe(200)
    // The copy of the secret the server leaves for `npm run owner` (PGlite).
    const secret = Buffer.from((await readFile(`${join(dir, 'pglite')}.owner-secret`, 'utf8')).trim(), 'base64url')
    const normalised = email.toLowerCase()
    const keyed = createHmac('sha256', derivedKey(secret, 'log')).update(normalised).digest('hex').slice(0, 12)
    const plain = createHash('sha256').update(normalised).digest('hex').slice(0, 12)
    const deadline = Date.now() + 10_000
    while (!s.log().includes('"event":"email.queued"') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    expect(s.log()).toContain(`"to":"${keyed}"`)
    expect(s.log()).not.toContain(plain)
    expect(s.log().toLowerCase()).not.toContain(normalised)
  } finally {
    await s.stop()
  }
})

test('a sign-up acknowledged before SIGKILL is still there after a restart', async () => {
  const s = await start()
  try {
    // Until the database is open, a write is a 503 by design (a first start creates it).
    await waitHealthy(s)
    expect((await signUp(s.url, 'kill@example.com')).status).toBe(201)
  } finally {
    s.child.kill('SIGKILL')
    await s.exited
  }
  const again = await start()
  try {
    await waitHealthy(again)
    // The server holds the PGlite folder, so ask it: the function queues an email (and logs
    // that it did) only for an address that is on the list.
    const res = await fetch(`${again.url}/functions/v1/resend-email`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kill@example.com' }),
    })
    expect(res.status).toBe(200)
  } finally {
    again.child.kill('SIGTERM')
    expect(await again.exited).toBe(0)
  }
  expect(again.log()).toContain('"event":"email.queued"')
}, 60_000)
