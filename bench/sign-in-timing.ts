// `npx tsx bench/sign-in-timing.ts [pairs]`: does the answer time of POST /admin/auth/email tell
// whether an address is an owner's? (it did, 9.4 ms against 5.4 ms.) Serves
// createApp() over real HTTP on an in-memory PGlite in a child process (PGlite works on the main
// thread, so a client in the same process would wait for the server's work after the answer),
// asks for owner and stranger addresses in a random order, one request at a time, and prints each kind's median and how often the best
// single threshold on the time guesses the kind right (50% is a coin; the review's probe got 91%).
// A measurement, not a test: timings on a shared machine are too noisy to assert in CI.
import { serve } from '@hono/node-server'
import { spawn } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createApp } from '../src/server/app.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { openDb } from '../src/server/db/open.ts'
import { syncOwnerEmails } from '../src/server/features/owner-auth/owners.ts'
import { NO_RATE_LIMITS, silentLogger } from '../src/server/test-app.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { testConfig } from '../src/server/test-config.ts'

const PAIRS = Number(process.argv[2] ?? 300)
const OWNER = 'owner@example.com'
const origin = 'http://127.0.0.1'

if (process.argv.includes('--serve')) {
  const db = await openDb({ PGLITE_DIR: 'memory://' })
  await migrate(db)
  await syncOwnerEmails(db, [OWNER])
  const app = createApp({
    config: testConfig({
      ANON_KEY: LOCAL_ANON_KEY,
      STATIC_DIR: '/nonexistent',
      ...NO_RATE_LIMITS,
      OWNER_EMAILS: [OWNER],
      OWNER_SIGN_IN_ATTEMPTS: 1_000_000,
      PUBLIC_URL: origin,
    }),
    db,
    logger: silentLogger,
  })
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  server.once('listening', () => console.log((server.address() as AddressInfo).port))
  process.once('SIGTERM', () => server.close(() => process.exit(0)))
} else {
  await measure()
}

async function measure() {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
  )
  const url = `${origin}:${port}/admin/auth/email`
  async function ask(url: string, email: string): Promise<number> {
    const t = performance.now()
    const res = await fetch(url, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    await res.arrayBuffer()
    if (res.status !== 202) throw new Error(`unexpected ${res.status}`)
    return performance.now() - t
  }

  const kinds = Array.from({ length: PAIRS * 2 }, (_, i) => i % 2 === 0).sort(() => Math.random() - 0.5)
  for (let i = 0; i < 50; i++) await ask(url, i % 2 ? OWNER : `warm-${i}@example.com`)
  const samples: { owner: boolean; ms: number }[] = []
  for (const [i, owner] of kinds.entries()) {
    samples.push({ owner, ms: await ask(url, owner ? OWNER : `stranger-${i}@example.com`) })
    // Let the owner's deferred work finish, so it slows neither kind's next request.
    await new Promise((r) => setTimeout(r, Number(process.env.GAP_MS ?? 20)))
  }

  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const owners = samples.filter((s) => s.owner).map((s) => s.ms)
  const strangers = samples.filter((s) => !s.owner).map((s) => s.ms)
  // The best a prober can do with one threshold, either way round.
  let best = 0
  for (const t of samples.map((s) => s.ms)) {
    const right = samples.filter((s) => s.ms > t === s.owner).length / samples.length
    best = Math.max(best, right, 1 - right)
  }
  console.log(
    JSON.stringify({
      pairs: PAIRS,
      ownerMedianMs: Number(median(owners).toFixed(3)),
      strangerMedianMs: Number(median(strangers).toFixed(3)),
      bestThresholdGuessRight: `${(best * 100).toFixed(1)}%`,
    }),
  )
  child.kill('SIGTERM')
}
