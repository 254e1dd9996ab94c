// Issue 17's figures: the server CPU one proof-of-work check costs, and how long the page's solver
// takes in Chromium with Lighthouse's 4× CPU slowdown (a stand-in for a mid-range phone).
// Part of `npm run bench` (bench/run.ts); alone, against a built server it starts itself:
//   npm run build && npx tsx bench/launch-day.ts
import { readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { SIGNUP_CHALLENGE } from '../src/shared/signup-challenge.ts'
import { createSignupChallenge, encodeSignupProof, spendSignupProof } from '../src/mail/signup-proof.ts'

const SECRET = 'bench-signup-challenge-secret-0123456789'
const ASSETS = fileURLToPath(new URL('../dist/client/assets/', import.meta.url))

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
}
export type Spread = { median: number; p95: number; max: number }
const spread = (xs: number[]): Spread => ({ median: quantile(xs, 0.5), p95: quantile(xs, 0.95), max: Math.max(...xs) })

/**
 * Server CPU per proof check: decoding the header and ALTCHA's verifySolution (two HMACs), the
 * work spendSignupProof does before its one database statement (answered here by a stub).
 */
export async function measureVerifyCpu(checks = 2000): Promise<{ cpuMsPerCheck: number }> {
  const proofs: string[] = []
  for (let i = 0; i < 20; i++) {
    const challenge = await createSignupChallenge(SECRET)
    proofs.push(encodeSignupProof(challenge, (await solveChallenge({ challenge, deriveKey }))!))
  }
  const db = { query: async () => ({ rows: [{ spent: true }], rowCount: 1 }) } as never
  for (const p of proofs) await spendSignupProof(db, SECRET, p) // warm up
  const before = process.cpuUsage()
  for (let i = 0; i < checks; i++) {
    if (!(await spendSignupProof(db, SECRET, proofs[i % proofs.length]!))) throw new Error('a valid proof failed')
  }
  const used = process.cpuUsage(before)
  return { cpuMsPerCheck: (used.user + used.system) / 1000 / checks }
}

/**
 * The page's solve, as it runs it: a challenge from the server, then ALTCHA's worker solver in as
 * many Web Workers as the page starts (hardwareConcurrency, at most 4), from the built worker file.
 * `runs` solves at each CPU slowdown; timed in the page from the challenge request to the answer.
 */
export async function measureSolveTimes(
  serverUrl: string,
  runs = 20,
  rates: number[] = [4, 1],
): Promise<Record<number, Spread> & { workers: number }> {
  const worker = (await readdir(ASSETS)).find((f) => /^signup-proof-worker-[\w-]+\.js$/.test(f))
  if (!worker) throw new Error('no built solver worker: run npm run build first')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    await page.goto(`${serverUrl}/`)
    const cdp = await page.context().newCDPSession(page)
    const result: Record<number, Spread> = {}
    let workers = 0
    for (const rate of rates) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      const times: number[] = []
      for (let i = 0; i < runs; i++) {
        const r = await page.evaluate(
          async ({ workerUrl, anonKey }) => {
            const started = performance.now()
            const res = await fetch('/functions/v1/resend-email/challenge', {
              headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
            })
            const challenge = await res.json()
            const n = Math.min(navigator.hardwareConcurrency || 1, 4)
            const pool = Array.from({ length: n }, () => new Worker(workerUrl, { type: 'module' }))
            const solution = await Promise.race(
              pool.map(
                (w, start) =>
                  new Promise((resolve, reject) => {
                    w.onmessage = (m) => (m.data ? resolve(m.data) : undefined)
                    w.onerror = reject
                    w.postMessage({ type: 'work', challenge, counterStart: start, counterStep: n, timeout: 90_000 })
                  }),
              ),
            )
            pool.forEach((w) => w.terminate())
            if (!solution) throw new Error('no solution')
            return { ms: performance.now() - started, workers: n }
          },
          { workerUrl: `/assets/${worker}`, anonKey: LOCAL_ANON_KEY },
        )
        times.push(r.ms)
        workers = r.workers
      }
      result[rate] = spread(times)
    }
    return Object.assign(result, { workers })
  } finally {
    await browser.close()
  }
}

/**
 * A bound from above: the same search on the page's main thread, in one thread, at 4× slowdown,
 * where Chromium's throttling certainly applies (it may not reach workers). The loop is ALTCHA's
 * web solver's: SHA-256 of salt ‖ nonce ‖ counter (uint32, big-endian) until the key prefix matches.
 */
export async function measureMainThreadSolve(serverUrl: string, runs = 20, rate = 4): Promise<Spread> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    await page.goto(`${serverUrl}/`)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      times.push(
        // A string, not a function: tsx would wrap the function's inner helpers in its __name().
        await page.evaluate<number>(`(async () => {
          const anonKey = ${JSON.stringify(LOCAL_ANON_KEY)}
          const started = performance.now()
          const res = await fetch('/functions/v1/resend-email/challenge', {
            headers: { apikey: anonKey, Authorization: 'Bearer ' + anonKey },
          })
          const p = (await res.json()).parameters
          const bytes = (h) => Uint8Array.from(h.match(/../g).map((b) => parseInt(b, 16)))
          const salt = bytes(p.salt)
          const nonce = bytes(p.nonce)
          const prefix = bytes(p.keyPrefix)
          const buf = new Uint8Array(salt.length + nonce.length + 4)
          buf.set(salt, 0)
          buf.set(nonce, salt.length)
          const view = new DataView(buf.buffer)
          for (let counter = 0; ; counter++) {
            view.setUint32(salt.length + nonce.length, counter, false)
            const key = new Uint8Array(await crypto.subtle.digest('SHA-256', buf))
            if (prefix.every((b, j) => key[j] === b)) return performance.now() - started
          }
        })()`),
      )
    }
    return spread(times)
  } finally {
    await browser.close()
  }
}

/** The difficulty, for the table: the counter range the server draws from. */
export const DIFFICULTY = `SHA-256, counter ${SIGNUP_CHALLENGE.minCounter.toLocaleString('en')}–${SIGNUP_CHALLENGE.maxCounter.toLocaleString('en')}`

export type { Challenge }

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { startServer } = await import('./server.ts')
  const { mkdtemp, rm } = await import('node:fs/promises')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const scratch = await mkdtemp(join(tmpdir(), 'bench-pow-'))
  const srv = await startServer({ PGLITE_DIR: join(scratch, 'db'), OUTBOX_DIR: join(scratch, 'outbox') })
  try {
    const verify = await measureVerifyCpu()
    console.log(`verify: ${verify.cpuMsPerCheck.toFixed(3)} ms CPU per check`)
    const solve = await measureSolveTimes(srv.url)
    console.log(`${DIFFICULTY}; ${solve.workers} workers`)
    for (const rate of [4, 1])
      console.log(
        `CPU ×${rate}: median ${solve[rate]!.median.toFixed(0)} ms, p95 ${solve[rate]!.p95.toFixed(0)} ms, max ${solve[rate]!.max.toFixed(0)} ms`,
      )
    const main = await measureMainThreadSolve(srv.url)
    console.log(
      `main thread, one thread, CPU ×4: median ${main.median.toFixed(0)} ms, p95 ${main.p95.toFixed(0)} ms, max ${main.max.toFixed(0)} ms`,
    )
  } finally {
    await srv.stop()
    await rm(scratch, { recursive: true, force: true })
  }
}
