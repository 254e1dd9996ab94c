// What counting a visit adds to a document request. In one process, on an in-memory
// PGlite: the built page's `/` through createApp() with the real counter and with a counter that
// counts nothing, interleaved in pairs, each request from another visitor (a new address, so every
// request hashes and buffers a new visitor). Also the counting call alone. Target: ≤ 1 ms p95 added.
//   npx tsx bench/launch-analytics.ts [requests] [staticDir]
import { fileURLToPath } from 'node:url'
import { createApp } from '../src/server/app.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { openDb } from '../src/server/db/open.ts'
import { createLaunchCounter, type LaunchCounter } from '../src/server/features/launch-analytics/counter.ts'
import { NO_RATE_LIMITS, silentLogger } from '../src/server/test-app.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { testConfig } from '../src/server/test-config.ts'

const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  accept: 'text/html',
  'accept-language': 'en-GB,en;q=0.9',
  'accept-encoding': 'gzip, br',
  referer: 'https://news.ycombinator.com/item?id=1',
}

export type CountingCost = {
  /** p95 of the document request with counting, and without, in ms. */
  withP95: number
  withoutP95: number
  /** p95 of countDocumentRequest's own time, in ms. */
  callP95: number
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!

export async function measureDocumentCounting(staticDir: string, requests = 3000): Promise<CountingCost> {
  const db = await openDb({ PGLITE_DIR: 'memory://' })
  await migrate(db)
  const real = createLaunchCounter({ db, logger: silentLogger, settings: { flushMs: 60_000 } })
  const callTimes: number[] = []
  const timed: LaunchCounter = {
    ...real,
    countDocument: (req) => {
      const t = performance.now()
      real.countDocument(req)
      callTimes.push(performance.now() - t)
    },
  }
  const none: LaunchCounter = { ...real, countDocument: () => {} }
  const app = (counter: LaunchCounter) =>
    createApp({
      config: testConfig({ ANON_KEY: LOCAL_ANON_KEY, STATIC_DIR: staticDir, ...NO_RATE_LIMITS }),
      db,
      logger: silentLogger,
      launchCounter: counter,
    })
  const counting = app(timed)
  const plain = app(none)
  const env = (i: number) => ({
    incoming: { socket: { remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` } },
  })
  const get = async (target: ReturnType<typeof app>, i: number) => {
    const t = performance.now()
    const res = await target.request('http://launch.example/', { headers: BROWSER }, env(i))
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`unexpected ${res.status}`)
    return performance.now() - t
  }
  // Warm-up, and one flush so the day's salt is loaded: from then on each visit is hashed at once.
  for (let i = 0; i < 200; i++) await get(counting, 1_000_000 + i)
  await real.flush()
  callTimes.length = 0
  const withTimes: number[] = []
  const withoutTimes: number[] = []
  for (let i = 0; i < requests; i++) {
    // Alternate which goes first, so neither always runs on a warmer cache.
    if (i % 2) {
      withTimes.push(await get(counting, i))
      withoutTimes.push(await get(plain, i))
    } else {
      withoutTimes.push(await get(plain, i))
      withTimes.push(await get(counting, i))
    }
  }
  await real.close()
  await db.close()
  return { withP95: p95(withTimes), withoutP95: p95(withoutTimes), callP95: p95(callTimes) }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[3] ?? fileURLToPath(new URL('../dist/client', import.meta.url))
  const r = await measureDocumentCounting(dir, Number(process.argv[2] ?? 3000))
  console.log(
    `document request p95: ${r.withP95.toFixed(3)} ms counted, ${r.withoutP95.toFixed(3)} ms not; ` +
      `added ${(r.withP95 - r.withoutP95).toFixed(3)} ms; the counting call alone p95 ${r.callP95.toFixed(4)} ms`,
  )
}
