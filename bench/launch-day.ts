// Launch day's figures (docs/decisions/launch-day-bots.md): the server CPU one proof-of-work check costs, and how long the page's solver
// takes in Chromium with Lighthouse's 4× CPU slowdown (a stand-in for a mid-range phone).
// Part of `npm run bench` (bench/run.ts); alone, against a built server it starts itself:
//   npm run build && npx tsx bench/launch-day.ts
import { createHash } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { SIGNUP_CHALLENGE, SIGNUP_PROOF_HEADER } from '../src/shared/signup-challenge.ts'
import type { Queryable } from '../src/mail-core/db.ts'
import { createSignupChallenge, encodeSignupProof, spendSignupProof } from '../src/mail-core/signup-proof.ts'
import { untilHealthy } from './server.ts'

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

// ---------------------------------------------------------------------------------------------
// The launch-day mix. For `seconds`, at fixed rates (open loop: a slow answer does not
// slow the arrivals), what a launch brings at once: page documents and their assets, sign-ups
// as the page makes them (the row, then resend-email) with and without a proof of work, contact
// messages, and bots (no key, junk paths, the honeypot, bad JSON, one address hammering the
// sign-up until its rate limit answers). Every visitor but the hammering bot comes from its own
// address (X-Forwarded-For; the server runs with TRUST_PROXY=1). Afterwards the database says
// whether anything acknowledged was lost and whether each welcome email was queued once.

/** Arrivals per second of each kind. */
export const MIX_RATES = { document: 60, asset: 120, signup: 10, provenSignup: 2, contact: 3, bot: 20 }

type Stream = keyof typeof MIX_RATES
export type Latency = { count: number; p50Ms: number; p99Ms: number }
export type MixResult = {
  seconds: number
  rates: typeof MIX_RATES
  document: Latency
  /** The row's POST, as bench/load.ts measures a sign-up. */
  signupInsert: Latency
  /** Both calls the page makes, the row then resend-email: what a visitor waits for. */
  signup: Latency
  statuses: Record<Stream, string>
  /** Failed or unexpected answers to visitors (not bots): 5xx, timeouts, resets. */
  visitorErrors: number
  /** Requests that got no answer at all, by cause. */
  failures: string
  acknowledged: { signups: number; contacts: number; emailCalls: number }
}
export type MixCheck = {
  lostSignups: number
  lostContacts: number
  /** Acknowledged proven sign-ups whose welcome email is not queued exactly once. */
  provenNotQueuedOnce: number
  /** Any address with more than one welcome email queued. */
  duplicates: number
  /** Unproven sign-ups that got an email (at most UNVERIFIED_EMAILS_PER_HOUR). */
  unprovenQueued: number
  /** Honeypot sign-ups that became rows. */
  botRows: number
}

const latency = (xs: number[]): Latency => ({ count: xs.length, p50Ms: quantile(xs, 0.5), p99Ms: quantile(xs, 0.99) })

/** ALTCHA's deriveKey for SHA-256 with node:crypto: the bench's solver should not starve the server. */
async function nodeDeriveKey(
  parameters: { algorithm: string; keyLength?: number; cost: number },
  salt: Uint8Array,
  password: Uint8Array,
) {
  let key: Uint8Array = Buffer.concat([salt, password])
  for (let i = 0; i < Math.max(1, parameters.cost); i++) key = createHash('sha256').update(key).digest()
  return { parameters: {}, derivedKey: key.slice(0, parameters.keyLength ?? 32) }
}

/** Seconds of the mix before the measured window: launch day finds a server that has been up. */
export const MIX_WARM_UP_SECONDS = 5

export async function runLaunchDayMix(baseUrl: string, seconds: number, rates = MIX_RATES): Promise<MixResult> {
  const url = new URL(baseUrl)
  // A fresh PGlite folder is created and migrated after the server listens: start when it is ready.
  await untilHealthy(baseUrl)
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const run = Date.now().toString(36)
  const assets = await builtAssets()
  type Answer = { status: number; ms: number; body: string }
  /** Requests that got no answer, by cause (ECONNRESET, timeout...): printed with the visitor errors. */
  const failures = new Map<string, number>()
  const call = (method: string, path: string, headers: Record<string, string>, body?: string, retried = false) =>
    new Promise<Answer>((resolve) => {
      const started = performance.now()
      const req = request(
        { host: url.hostname, port: url.port, method, path, headers, agent, timeout: 10_000 },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              ms: performance.now() - started,
              body: Buffer.concat(chunks).toString(),
            }),
          )
        },
      )
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed just as it was reused, before any answer:
        // Chromium sends the request again on a new connection, whatever its method.
        if (req.reusedSocket && !retried) return resolve(call(method, path, headers, body, true))
        failures.set(err.code ?? err.message, (failures.get(err.code ?? err.message) ?? 0) + 1)
        resolve({ status: 0, ms: performance.now() - started, body: '' })
      })
      req.end(body)
    })
  let visitor = 0
  const from = () => {
    const n = visitor++
    return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }
  }
  const api = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}`, 'content-type': 'application/json' }
  const seen: Record<Stream, Map<number, number>> = Object.fromEntries(
    Object.keys(rates).map((k) => [k, new Map<number, number>()]),
  ) as never
  const count = (stream: Stream, status: number) => seen[stream].set(status, (seen[stream].get(status) ?? 0) + 1)
  const documents: number[] = []
  const inserts: number[] = []
  const signups: number[] = []
  let visitorErrors = 0
  const acknowledged = { signups: 0, contacts: 0, emailCalls: 0 }
  const bad = (status: number) => status === 0 || status >= 500
  let n = 0

  const flows: Record<Stream, () => Promise<void>> = {
    document: async () => {
      const r = await call('GET', n++ % 5 ? '/' : '/?ref=launch', {
        ...from(),
        'accept-encoding': 'gzip, deflate, br, zstd',
      })
      if (measuring()) documents.push(r.ms)
      count('document', r.status)
      if (r.status !== 200) visitorErrors++
    },
    asset: async () => {
      const r = await call('GET', assets[n++ % assets.length]!, {
        ...from(),
        'accept-encoding': 'gzip, deflate, br, zstd',
      })
      count('asset', r.status)
      if (r.status !== 200) visitorErrors++
    },
    signup: () => signUp('signup', false),
    provenSignup: () => signUp('provenSignup', true),
    contact: async () => {
      const email = `mix-${run}-contact-${n++}@example.com`
      const body = JSON.stringify({
        name: 'Launch visitor',
        email,
        subject: 'general',
        message: 'Congratulations on the launch!',
      })
      const r = await call('POST', '/rest/v1/contact_messages', { ...api, ...from() }, body)
      count('contact', r.status)
      if (r.status !== 201) return void visitorErrors++
      acknowledged.contacts++
      acknowledgedContacts.add(email)
    },
    bot: async () => {
      const i = n++
      const hammer = { 'x-forwarded-for': '192.0.2.66' }
      const kinds: (() => Promise<Answer>)[] = [
        () =>
          call(
            'POST',
            '/rest/v1/beta_signups',
            { ...from(), 'content-type': 'application/json' },
            '{"email":"x@example.com"}',
          ),
        () => call('GET', ['/wp-login.php', '/.env', '/admin/api/signups', '/xmlrpc.php'][i % 4]!, from()),
        () =>
          call(
            'POST',
            '/rest/v1/beta_signups',
            { ...api, ...from() },
            JSON.stringify({ email: `mix-${run}-bot-${i}@example.com`, website: 'http://spam.example' }),
          ),
        () => call('POST', '/rest/v1/contact_messages', { ...api, ...from() }, '{"name": "x", '),
        () =>
          call(
            'POST',
            '/rest/v1/beta_signups',
            { ...api, ...hammer },
            JSON.stringify({ email: `mix-${run}-hammer-${i}@example.com` }),
          ),
      ]
      const r = await kinds[i % kinds.length]!()
      count('bot', r.status)
      if (bad(r.status)) visitorErrors++
    },
  }

  async function signUp(stream: Stream, proven: boolean): Promise<void> {
    const email = `mix-${run}-${proven ? 'proven' : 'plain'}-${n++}@example.com`
    const who = from()
    const headers: Record<string, string> = { ...api, ...who }
    if (proven) {
      const c = await call('GET', '/functions/v1/resend-email/challenge', { ...api, ...who })
      if (c.status !== 200) return void (count(stream, c.status), visitorErrors++)
      const challenge = JSON.parse(c.body) as Challenge
      const solution = await solveChallenge({ challenge, deriveKey: nodeDeriveKey as never })
      headers[SIGNUP_PROOF_HEADER] = encodeSignupProof(challenge, solution!)
    }
    const insert = await call(
      'POST',
      '/rest/v1/beta_signups',
      { ...api, ...who, prefer: 'return=minimal' },
      JSON.stringify({ email }),
    )
    if (measuring()) inserts.push(insert.ms)
    if (process.env.MIX_DEBUG && insert.ms > 100)
      console.error(`slow insert ${insert.ms.toFixed(0)} ms at ${((performance.now() - started) / 1000).toFixed(1)} s`)
    count(stream, insert.status)
    if (insert.status !== 201) return void visitorErrors++
    acknowledged.signups++
    acknowledgedSignups.set(email, proven)
    const mail = await call('POST', '/functions/v1/resend-email', headers, JSON.stringify({ email }))
    if (measuring()) signups.push(insert.ms + mail.ms)
    if (mail.status !== 200) return void visitorErrors++
    acknowledged.emailCalls++
    emailed.set(email, proven)
  }
  const acknowledgedSignups = new Map<string, boolean>()
  const acknowledgedContacts = new Set<string>()
  const emailed = new Map<string, boolean>()

  const pending = new Set<Promise<void>>()
  const started = performance.now()
  const measuring = () => performance.now() - started >= MIX_WARM_UP_SECONDS * 1000
  const fired: Record<string, number> = {}
  await new Promise<void>((done) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000
      if (elapsed >= seconds + MIX_WARM_UP_SECONDS) {
        clearInterval(tick)
        return done()
      }
      for (const [stream, rate] of Object.entries(rates) as [Stream, number][]) {
        const due = Math.floor(elapsed * rate) - (fired[stream] ?? 0)
        for (let i = 0; i < due; i++) {
          const p = flows[stream]().finally(() => pending.delete(p))
          pending.add(p)
        }
        fired[stream] = (fired[stream] ?? 0) + due
      }
    }, 5)
  })
  await Promise.all(pending)
  agent.destroy()
  lastMix = { run, acknowledgedSignups, acknowledgedContacts, emailed }
  const statuses = Object.fromEntries(
    Object.entries(seen).map(([k, m]) => [
      k,
      [...m]
        .sort()
        .map(([code, c]) => `${code}×${c}`)
        .join(' '),
    ]),
  ) as Record<Stream, string>
  return {
    seconds,
    rates,
    document: latency(documents),
    signupInsert: latency(inserts),
    signup: latency(signups),
    statuses,
    visitorErrors,
    failures: [...failures].map(([cause, n]) => `${cause}×${n}`).join(' ') || 'none',
    acknowledged,
  }
}

let lastMix:
  | {
      run: string
      acknowledgedSignups: Map<string, boolean>
      acknowledgedContacts: Set<string>
      emailed: Map<string, boolean>
    }
  | undefined

/** After runLaunchDayMix: its acknowledged rows and emails against the database the server wrote. */
export async function checkLaunchDayMix(db: Queryable): Promise<MixCheck> {
  if (!lastMix) throw new Error('run the mix first')
  const { run, acknowledgedSignups, acknowledgedContacts, emailed } = lastMix
  const like = `mix-${run}-%`
  const rows = new Set(
    (await db.query<{ email: string }>('select email from public.beta_signups where email like $1', [like])).rows.map(
      (r) => r.email,
    ),
  )
  const contacts = new Set(
    (
      await db.query<{ email: string }>('select email from public.contact_messages where email like $1', [like])
    ).rows.map((r) => r.email),
  )
  const queued = new Map(
    (
      await db.query<{ to_email: string; n: string }>(
        "select to_email, count(*) as n from app_private.email_queue where kind = 'welcome' and to_email like $1 group by to_email",
        [like],
      )
    ).rows.map((r) => [r.to_email, Number(r.n)]),
  )
  return {
    lostSignups: [...acknowledgedSignups.keys()].filter((e) => !rows.has(e)).length,
    lostContacts: [...acknowledgedContacts].filter((e) => !contacts.has(e)).length,
    provenNotQueuedOnce: [...emailed].filter(([e, proven]) => proven && queued.get(e) !== 1).length,
    duplicates: [...queued.values()].filter((c) => c > 1).length,
    unprovenQueued: [...emailed].filter(([e, proven]) => !proven && queued.has(e)).length,
    botRows: [...rows].filter((e) => e.includes('-bot-')).length,
  }
}

async function builtAssets(): Promise<string[]> {
  const names = await readdir(ASSETS)
  const first = names.filter((f) => /^(index|hydrate|react|jsx-runtime)-[\w-]+\.(css|js)$/.test(f))
  return [...first.map((f) => `/assets/${f}`), '/favicon.svg', '/og-image.png', '/site.webmanifest']
}

/**
 * The mix on a fresh server per database kind: PGlite in `scratch`, and PostgreSQL when
 * `databaseUrl` is given; each checked against its database afterwards.
 */
export async function launchDayMixes(
  scratch: string,
  seconds: number,
  databaseUrl?: string,
): Promise<{ kind: 'PGlite' | 'PostgreSQL'; result: MixResult; check: MixCheck }[]> {
  const { startServer } = await import('./server.ts')
  const { openDb } = await import('../src/server/db/open.ts')
  const { join } = await import('node:path')
  const out: { kind: 'PGlite' | 'PostgreSQL'; result: MixResult; check: MixCheck }[] = []
  const kinds = databaseUrl ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const)
  for (const kind of kinds) {
    const dbEnv: Record<string, string> =
      kind === 'PGlite' ? { PGLITE_DIR: join(scratch, 'mix-db') } : { DATABASE_URL: databaseUrl! }
    const srv = await startServer({ TRUST_PROXY: '1', OUTBOX_DIR: join(scratch, `mix-outbox-${kind}`), ...dbEnv })
    let result: MixResult
    try {
      result = await runLaunchDayMix(srv.url, seconds)
    } finally {
      // PGlite: the server holds the folder; its graceful stop also lets the queue finish.
      await srv.stop()
    }
    const db = await openDb({
      PGLITE_DIR: join(scratch, 'mix-db'),
      ...(kind === 'PostgreSQL' ? { DATABASE_URL: databaseUrl } : {}),
    })
    try {
      out.push({ kind, result, check: await checkLaunchDayMix(db) })
    } finally {
      await db.close()
    }
  }
  return out
}

export function mixReport(mixes: Awaited<ReturnType<typeof launchDayMixes>>): string {
  const lat = (l: Latency) => `p50 ${l.p50Ms.toFixed(1)} ms, p99 ${l.p99Ms.toFixed(1)} ms (${l.count})`
  const lines = [
    `Launch-day mix, measured after a ${MIX_WARM_UP_SECONDS} s warm-up; arrivals per second: ${JSON.stringify(MIX_RATES)}`,
    '',
  ]
  for (const { kind, result: r, check: c } of mixes) {
    lines.push(
      `${kind}, ${r.seconds} s: document ${lat(r.document)}; sign-up row ${lat(r.signupInsert)}; sign-up, both calls ${lat(r.signup)}`,
      `  answers: ${Object.entries(r.statuses)
        .map(([k, v]) => `${k} ${v}`)
        .join('; ')}`,
      `  acknowledged: ${r.acknowledged.signups} sign-ups, ${r.acknowledged.emailCalls} resend-email calls, ${r.acknowledged.contacts} contact messages; visitor errors ${r.visitorErrors} (no answer: ${r.failures})`,
      `  afterwards: lost sign-ups ${c.lostSignups}, lost contact messages ${c.lostContacts}, proven sign-ups without exactly one welcome ${c.provenNotQueuedOnce}, addresses with two or more ${c.duplicates}, unproven sign-ups emailed ${c.unprovenQueued} (budget), honeypot rows ${c.botRows}`,
    )
  }
  return lines.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'mix') {
  // npx tsx bench/launch-day.ts mix [seconds] [pg]
  const { mkdtemp, rm } = await import('node:fs/promises')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { startPgCluster } = await import('../scripts/pg-cluster.ts')
  const scratch = await mkdtemp(join(tmpdir(), 'bench-mix-'))
  const pg = process.argv[4] === 'pg' ? await startPgCluster({ database: 'bench' }) : undefined
  try {
    console.log(mixReport(await launchDayMixes(scratch, Number(process.argv[3] ?? 60), pg?.url)))
  } finally {
    await pg?.stop()
    await rm(scratch, { recursive: true, force: true })
  }
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
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
