// What a flood of made-up sources does to the page's answers (issue 37, defect 2). The server
// runs here as index.ts wires it (the built page from memory, the visit counter flushing every
// ANALYTICS_FLUSH_MS to PGlite in a folder, in this process); a client in another process floods
// `/` with a new utm_source, a new browser string and a new address (X-Forwarded-For, one trusted
// proxy) on every request, while a probe asks for `/` every 25 ms and times each answer. Target:
// the worst probe answer stays under 100 ms while flushes write the flood. Also prints the event
// loop's longest stall and how many rows the flood left.
//   npx tsx bench/launch-flood.ts [seconds=20] [connections=32]
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

type ClientReport = { probes: number; p50: number; p99: number; max: number; flood: number; floodErrors: number }
export type FloodReport = ClientReport & {
  /** The event loop's longest stall in the server, ms. */
  loopMax: number
  hourlyRows: number
  sources: number
  flushes: number
  /** The longest flush transaction, ms of wall time (waits for the CPU included). */
  longestFlush: number
  /**
   * The longest single statement of a flush, in CPU ms of this process: PGlite runs in this
   * process, and a statement holds the event loop from start to end; CPU time leaves out what
   * a loaded machine adds by not scheduling us.
   */
  longestStatementCpu: number
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!

/** The server side: starts the page and the counter on PGlite, runs the client, reports. */
export async function measureSourceFlood(seconds = 20, connections = 32, counting = true): Promise<FloodReport> {
  const { createApp } = await import('../src/server/app.ts')
  const { countBuiltDocument } = await import('../src/server/features.ts')
  const { migrate } = await import('../src/server/db/migrate.ts')
  const { openDb } = await import('../src/server/db/open.ts')
  const { createLaunchCounter } = await import('../src/server/features/launch-analytics/counter.ts')
  const { plainErrorHeaders } = await import('../src/server/http/client-error.ts')
  const { loadFastPath } = await import('../src/server/http/fast-path.ts')
  const { createNodeServer } = await import('../src/server/http/node-server.ts')
  const { loadConfig } = await import('../src/server/config.ts')
  const { NO_RATE_LIMITS, silentLogger } = await import('../src/server/test-app.ts')
  const { testConfig } = await import('../src/server/test-config.ts')
  const { LOCAL_ANON_KEY } = await import('../src/shared/self-hosted.ts')

  const dir = await mkdtemp(join(tmpdir(), 'launch-flood-'))
  const page = join(dir, 'client')
  await import('node:fs/promises').then((fs) => fs.mkdir(page))
  await writeFile(join(page, 'index.html'), `<!doctype html><title>Page</title>${'<p>landing</p>'.repeat(200)}`)
  await writeFile(join(page, 'csp-hashes.json'), JSON.stringify({ 'script-src': [], 'style-src': [] }))
  const db = await openDb({ PGLITE_DIR: join(dir, 'pglite') })
  await migrate(db)
  let flushes = 0
  let longestFlush = 0
  let longestStatementCpu = 0
  const cpuMs = () => {
    const u = process.cpuUsage()
    return (u.user + u.system) / 1000
  }
  const counted: typeof db = {
    ...db,
    transaction: async (fn) => {
      flushes++
      const t = performance.now()
      try {
        return await db.transaction((tx) =>
          fn({
            ...tx,
            query: async (sql, params) => {
              const c = cpuMs()
              try {
                return await tx.query(sql, params)
              } finally {
                longestStatementCpu = Math.max(longestStatementCpu, cpuMs() - c)
              }
            },
          } as typeof tx),
        )
      } finally {
        longestFlush = Math.max(longestFlush, performance.now() - t)
      }
    },
  }
  const real = createLaunchCounter({ db: counted, logger: silentLogger, settings: { flushMs: 5_000 } })
  // The baseline: the same server with a counter that counts nothing.
  const counter = counting ? real : { ...real, countDocument: () => {} }
  const config = testConfig({ ANON_KEY: LOCAL_ANON_KEY, STATIC_DIR: page, ...NO_RATE_LIMITS, TRUST_PROXY: 1 })
  const app = createApp({ config, db, logger: silentLogger, launchCounter: counter })
  const fast = await loadFastPath(app, {
    dir: page,
    trustedHops: 1,
    extraConnect: [],
    onDocument: countBuiltDocument(config, counter),
  })
  const server = createNodeServer(app.fetch, {
    settings: { ...loadConfig({ HOST: '127.0.0.1' }), TRUST_PROXY: 1 },
    logger: silentLogger,
    errorHeaders: await plainErrorHeaders([]),
    fastPath: fast.answer,
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const loop = monitorEventLoopDelay({ resolution: 5 })
  loop.enable()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--client', url, String(seconds), String(connections)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  await new Promise((r) => child.once('exit', r))
  // The flood's last seconds are still in memory: written as shutdown writes them.
  await counter.close()
  loop.disable()
  const client = JSON.parse(out) as ClientReport
  const rows = await db.query<{ rows: number; sources: number }>(
    'select count(*)::int as rows, count(distinct source)::int as sources from app_private.analytics_hourly',
  )
  server.closeAllConnections()
  await new Promise((r) => server.close(r))
  await db.close()
  await rm(dir, { recursive: true, force: true })
  return {
    ...client,
    loopMax: loop.max / 1e6,
    hourlyRows: rows.rows[0]!.rows,
    sources: rows.rows[0]!.sources,
    flushes,
    longestFlush,
    longestStatementCpu,
  }
}

/**
 * The flush alone, independent of the machine's load: `visitors` distinct visitors (each a new
 * address, browser string and source, within one minute) handed to the counter, then one flush
 * to PGlite in a folder. Returns the longest statement in CPU ms, and the event loop's longest
 * stall during the flush (wall time, so a loaded machine adds to it).
 */
export async function measureFlushStalls(visitors = 20_000) {
  const { migrate } = await import('../src/server/db/migrate.ts')
  const { openDb } = await import('../src/server/db/open.ts')
  const { createLaunchCounter } = await import('../src/server/features/launch-analytics/counter.ts')
  const { silentLogger } = await import('../src/server/test-app.ts')
  const dir = await mkdtemp(join(tmpdir(), 'launch-flush-'))
  const db = await openDb({ PGLITE_DIR: join(dir, 'pglite') })
  await migrate(db)
  const cpuMs = () => {
    const u = process.cpuUsage()
    return (u.user + u.system) / 1000
  }
  let longest = { cpu: 0, sql: '' }
  const timed = <T extends Pick<typeof db, 'query'>>(q: T): T => ({
    ...q,
    query: async (sql: string, params?: unknown[]) => {
      const c = cpuMs()
      try {
        return await q.query(sql, params)
      } finally {
        const cpu = cpuMs() - c
        if (cpu > longest.cpu) longest = { cpu, sql: sql.replace(/\s+/g, ' ').slice(0, 60) }
      }
    },
  })
  const spied: typeof db = { ...timed(db), transaction: (fn) => db.transaction((tx) => fn(timed(tx))) }
  const counter = createLaunchCounter({ db: spied, logger: silentLogger, settings: { flushMs: 600_000 } })
  // The day's salt first, as after the first flush of the day.
  counter.countDocument(synthetic(0))
  await counter.flush()
  longest = { cpu: 0, sql: '' }
  for (let i = 1; i <= visitors; i++) counter.countDocument(synthetic(i))
  let stall = 0
  let last = performance.now()
  const tick = setInterval(() => {
    const t = performance.now()
    stall = Math.max(stall, t - last)
    last = t
  }, 2)
  const t = performance.now()
  await counter.flush()
  const total = performance.now() - t
  clearInterval(tick)
  // A flush that held the loop to its end never let the timer run at all.
  stall = Math.max(stall, performance.now() - last)
  await counter.close()
  await db.close()
  await rm(dir, { recursive: true, force: true })
  return { visitors, longestStatementCpu: longest.cpu, longestSql: longest.sql, loopStall: stall, flushMs: total }

  function synthetic(i: number) {
    const headers: Record<string, string> = {
      'user-agent': `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + (i % 900)}.0.${i}.1 Safari/537.36`,
      accept: 'text/html',
      'accept-language': 'en-GB,en;q=0.9',
      'accept-encoding': 'gzip, br',
    }
    return {
      url: new URL(`http://launch.example/?utm_source=made-up-${i}`),
      header: (name: string) => headers[name],
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    }
  }
}

/** The client side, in its own process: the flood and the probe. */
async function runClient(url: string, seconds: number, connections: number): Promise<ClientReport> {
  const until = Date.now() + seconds * 1000
  const floodAgent = new Agent({ keepAlive: true, maxSockets: connections })
  const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 })
  const get = (path: string, headers: Record<string, string>, agent: Agent) =>
    new Promise<number>((resolve, reject) => {
      const req = request(`${url}${path}`, { headers, agent }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode!))
      })
      req.on('error', reject)
      req.end()
    })
  const browser = (n: number) => ({
    'user-agent': `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + (n % 900)}.0.${n}.1 Safari/537.36`,
    accept: 'text/html',
    'accept-language': 'en-GB,en;q=0.9',
    'accept-encoding': 'gzip, br',
  })
  let n = 0
  let flood = 0
  let floodErrors = 0
  const floodLoop = async () => {
    while (Date.now() < until) {
      const i = n++
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
      const status = await get(
        `/?utm_source=made-up-${i}&utm_campaign=c${i}`,
        { ...browser(i), 'x-forwarded-for': ip },
        floodAgent,
      ).catch(() => 0)
      if (status === 200) flood++
      else floodErrors++
    }
  }
  const times: number[] = []
  const probe = async () => {
    while (Date.now() < until) {
      const t = performance.now()
      await get('/', { ...browser(1), 'x-forwarded-for': '192.0.2.1' }, probeAgent)
      times.push(performance.now() - t)
      await new Promise((r) => setTimeout(r, 25))
    }
  }
  await Promise.all([probe(), ...Array.from({ length: connections }, floodLoop)])
  floodAgent.destroy()
  probeAgent.destroy()
  return {
    probes: times.length,
    p50: pct(times, 0.5),
    p99: pct(times, 0.99),
    max: Math.max(...times),
    flood,
    floodErrors,
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--client') {
    const [url, seconds, connections] = process.argv.slice(3)
    console.log(JSON.stringify(await runClient(url!, Number(seconds), Number(connections))))
  } else if (process.argv[2] === '--flush') {
    const r = await measureFlushStalls(Number(process.argv[3] ?? 20_000))
    console.log(
      `one flush of ${r.visitors} new visitors: ${r.flushMs.toFixed(0)} ms in all; the longest statement ` +
        `${r.longestStatementCpu.toFixed(1)} ms of CPU (${r.longestSql}…); the event loop's longest stall ${r.loopStall.toFixed(1)} ms`,
    )
  } else {
    const counting = !process.argv.includes('--baseline')
    const r = await measureSourceFlood(Number(process.argv[2] ?? 20), Number(process.argv[3] ?? 32), counting)
    console.log(
      `${counting ? 'counted' : 'baseline (nothing counted)'}: ` +
        `flood of made-up sources: ${r.flood} page loads (${r.floodErrors} failed) in the run; probe of / every 25 ms: ` +
        `${r.probes} answers, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, worst ${r.max.toFixed(1)} ms; ` +
        `event loop's longest stall ${r.loopMax.toFixed(1)} ms; ${r.flushes} flush transactions, ` +
        `the longest ${r.longestFlush.toFixed(1)} ms (its longest statement ${r.longestStatementCpu.toFixed(1)} ms of CPU); ` +
        `analytics_hourly: ${r.hourlyRows} rows, ${r.sources} sources`,
    )
  }
}
