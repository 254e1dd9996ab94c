// `npm run bench`: builds, starts a throwaway PostgreSQL and the built server, then measures every
// target of docs/decisions/perf-server.md in one run and prints one table (docs/BENCHMARKS.md). Not part of CI.
//   BENCH_SECONDS   length of each load phase (default 15)
//   BENCH_LH_RUNS   Lighthouse runs, median and worst taken (default 7)
//   --no-build      measure the existing dist/ (and skip the build's own timing, bench/build-start.ts)
import { spawnSync } from 'node:child_process'
import { cpus, loadavg, totalmem } from 'node:os'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startPgCluster } from '../scripts/pg-cluster.ts'
import { firstView } from './bundle.ts'
import { measureBackup } from './backup.ts'
import { measureBuild, measureFreshStart } from './build-start.ts'
import { measureImport } from './import.ts'
import { measureConsole, startConsoleBench } from './console.ts'
import { measureIdle } from './idle.ts'
import { measureDocumentCounting } from './launch-analytics.ts'
import {
  DIFFICULTY,
  launchDayMixes,
  measureMainThreadSolve,
  measureSolveTimes,
  measureVerifyCpu,
  mixReport,
} from './launch-day.ts'
import { describeWarmUp, lighthouse, lighthouseMedian } from './lighthouse.ts'
import { loadSignups } from './load.ts'
import { pgbench } from './pgbench.ts'
import { measurePooler } from './pooler.ts'
import { measureProcesses } from './processes.ts'
import { measureThroughput, throughputTable } from './throughput.ts'
import { startServer, type RunningServer } from './server.ts'
import { kb, markdown, mb, ms, pct, row, s, type Row } from './table.ts'
import { PRODUCT } from '../src/shared/content.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
// The launch-day mix (docs/decisions/several-processes.md), per database.
const MIX_SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 60)
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 7)
const CONNECTIONS = 64
const SIGNUPS_FOR_MEMORY = 10_000
const IDLE_SECONDS = 30
const root = fileURLToPath(new URL('..', import.meta.url))
const say = (m: string) => console.error(`[bench] ${m}`)

if (!process.argv.includes('--no-build')) {
  say('building (npm run build)')
  const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (b.status !== 0) throw new Error('build failed')
}

const scratch = await mkdtemp(join(tmpdir(), 'bench-'))
const cleanups: (() => Promise<void>)[] = [() => rm(scratch, { recursive: true, force: true })]
const rows: Row[] = []
// Issue 39: the build (warm: the build above filled the caches) and a fresh clone's `npm start`,
// first, while nothing else of the bench runs. --no-build keeps dist/ as it is, so no build row.
if (!process.argv.includes('--no-build')) rows.push(...measureBuild(2, true))
rows.push(...(await measureFreshStart()))
const clean = (r: { non2xx: number; errors: number }) => r.non2xx === 0 && r.errors === 0
const pglite = (name: string) => ({ PGLITE_DIR: join(scratch, name), OUTBOX_DIR: join(scratch, `${name}-outbox`) })
async function server(env: Record<string, string>): Promise<RunningServer> {
  // The load test presents each request as its own client through X-Forwarded-For (bench/load.ts).
  const srv = await startServer({ TRUST_PROXY: '1', ...env })
  cleanups.unshift(srv.stop)
  return srv
}

try {
  // 1. Start-up, as `npm start` runs the server after its build: fresh embedded database.
  const page = await server(pglite('startup'))
  say(`server (PGlite) up in ${ms(page.startupMs)}; watching it idle for ${IDLE_SECONDS} s`)
  const idleLite = await measureIdle(page, IDLE_SECONDS)
  rows.push(
    row(
      `idle CPU over ${IDLE_SECONDS} s, PGlite (default)`,
      `${idleLite.cpuPctOfCore.toFixed(2)}% of a core`,
      '≤ 1%',
      idleLite.cpuPctOfCore <= 1,
    ),
  )

  // 2. The page, first, while nothing else loads the machine.
  say(`lighthouse x${LH_RUNS} (mobile, simulated)`)
  const lhLoad = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  const lh = await lighthouseMedian(`${page.url}/`, LH_RUNS)
  say('lighthouse x1 (devtools throttling, for comparison)')
  const lhDevtools = await lighthouse(`${page.url}/`, 'devtools')
  const fv = await firstView()
  // The proof of work's cost to the server and to the visitor's phone.
  say('proof of work: verify cost, and 20 solves in Chromium at 4× CPU slowdown')
  const verify = await measureVerifyCpu()
  const solve = await measureSolveTimes(page.url, 20, [4])
  const mainSolve = await measureMainThreadSolve(page.url, 20, 4)
  // The built page from this server, from nginx (one worker) and from bare node:http.
  say('built files: npm run serve, nginx (one worker), bare node:http; interleaved, 3 rounds')
  const throughput = await measureThroughput(page.url)
  await page.stop()
  for (const file of ['document', 'stylesheet'] as const) {
    const { serve, nginx, bare } = throughput.median
    const toNginx = serve[file].rps / nginx[file].rps
    const toBare = serve[file].rps / bare[file].rps
    const what = file === 'document' ? 'landing document' : 'stylesheet'
    rows.push(
      row(
        `${what} from npm run serve / nginx, one worker`,
        `${Math.round(serve[file].rps)} req/s`,
        '≥ 30%',
        toNginx >= 0.3,
        pct(toNginx),
      ),
      row(
        `${what} from npm run serve / bare node:http`,
        `${Math.round(bare[file].rps)} req/s bare`,
        '≥ 40%',
        toBare >= 0.4,
        pct(toBare),
      ),
    )
  }

  for (const k of ['performance', 'accessibility', 'best-practices', 'seo'] as const)
    rows.push(row(`Lighthouse ${k}, worst of ${LH_RUNS}`, String(lh.worstScores[k]), '100', lh.worstScores[k] >= 100))
  // The first view's targets (docs/decisions/perf-first-view.md), median and worst of the runs.
  rows.push(row(`FCP, median of ${LH_RUNS}`, s(lh.fcpMs), '≤ 0.70 s', lh.fcpMs <= 700))
  rows.push(row(`FCP, worst of ${LH_RUNS}`, s(lh.fcpMaxMs), '≤ 0.75 s', lh.fcpMaxMs <= 750))
  rows.push(row(`LCP, median of ${LH_RUNS}`, s(lh.lcpMs), '(info)', null))
  rows.push(row(`LCP, worst of ${LH_RUNS}`, s(lh.lcpMaxMs), '≤ 1.00 s', lh.lcpMaxMs <= 1000))
  rows.push(row(`TBT, median of ${LH_RUNS}`, ms(lh.tbtMs), '≤ 30 ms', lh.tbtMs <= 30))
  rows.push(row(`TBT, worst of ${LH_RUNS}`, ms(lh.tbtMaxMs), '≤ 50 ms', lh.tbtMaxMs <= 50))
  rows.push(
    row(
      'runs with a script requested before FCP',
      `${lh.runsWithScriptBeforeFcp} of ${LH_RUNS}`,
      '0',
      lh.runsWithScriptBeforeFcp === 0,
    ),
  )
  rows.push(row('CLS', lh.cls.toFixed(3), '0', lh.cls === 0))
  rows.push(
    row(
      'FCP / LCP / TBT, devtools throttling',
      `${s(lhDevtools.fcpMs)} / ${s(lhDevtools.lcpMs)} / ${ms(lhDevtools.tbtMs)}`,
      '(info)',
      null,
    ),
  )
  rows.push(row('first-view JS, gzip (build)', kb(fv.jsGzip), '≤ 70 KB', fv.jsGzip <= 70 * 1024))
  rows.push(row('first-view JS on the wire (Lighthouse)', kb(lh.scriptBytes), '≤ 70 KB', lh.scriptBytes <= 70 * 1024))
  rows.push(row('first-view transfer (Lighthouse)', kb(lh.totalBytes), '≤ 250 KB', lh.totalBytes <= 250 * 1024))
  rows.push(row('first-view bytes from the build (html+js+css+images, br)', kb(fv.totalBrotli), '(info)', null))
  rows.push(
    row('first-view WebP fallbacks, apart (a browser without AVIF)', kb(fv.imagesFallbackBytes), '(info)', null),
  )
  rows.push(
    row(
      'proof of work: server CPU per check',
      `${verify.cpuMsPerCheck.toFixed(2)} ms`,
      '≤ 1 ms',
      verify.cpuMsPerCheck <= 1,
    ),
  )
  rows.push(
    row(
      `proof of work: solve, ${solve.workers} workers, CPU ×4, median / p95 of 20 (${DIFFICULTY})`,
      `${s(solve[4]!.median)} / ${s(solve[4]!.p95)}`,
      '≈ 1 s (info)',
      null,
    ),
  )
  rows.push(
    row(
      'proof of work: solve, one thread, CPU ×4, median / p95 of 20',
      `${s(mainSolve.median)} / ${s(mainSolve.p95)}`,
      '≈ 1 s (info)',
      null,
    ),
  )
  rows.push(row('requests to other origins', String(lh.foreignRequests.length), '0', lh.foreignRequests.length === 0))
  const blockingOther = lh.renderBlocking.filter((u) => !/\.css(\?|$)/.test(u))
  const blockingCss = lh.renderBlocking.length - blockingOther.length
  rows.push(
    row(
      'render-blocking requests',
      `${blockingCss} stylesheet, ${blockingOther.length} other`,
      '≤ 1 stylesheet, 0 other',
      blockingCss <= 1 && blockingOther.length === 0,
    ),
  )

  // 3. The database ceiling and the server against that same PostgreSQL.
  say('starting a throwaway PostgreSQL')
  const pg = await startPgCluster({ database: 'bench' })
  cleanups.unshift(pg.stop)
  const viaPg = await server({ DATABASE_URL: pg.url, OUTBOX_DIR: join(scratch, 'pg-outbox') })
  rows.push(
    row('start-up to first 200 on /, PGlite (fresh dir)', ms(page.startupMs), '≤ 1500 ms', page.startupMs <= 1500),
  )
  rows.push(row('start-up to first 200 on /, PostgreSQL', ms(viaPg.startupMs), '≤ 1500 ms', viaPg.startupMs <= 1500))
  say(`watching the PostgreSQL-backed server idle for ${IDLE_SECONDS} s`)
  const idlePg = await measureIdle(viaPg, IDLE_SECONDS, pg.url)
  rows.push(
    row(
      `idle CPU over ${IDLE_SECONDS} s, PostgreSQL`,
      `${idlePg.cpuPctOfCore.toFixed(2)}% of a core`,
      '≤ 1%',
      idlePg.cpuPctOfCore <= 1,
    ),
  )
  rows.push(
    row(
      'idle queries/s, PostgreSQL (poll every 5 s: claim + next-due)',
      (idlePg.queriesPerSecond ?? 0).toFixed(2),
      '≤ 1',
      (idlePg.queriesPerSecond ?? 0) <= 1,
    ),
  )
  const pgTenK = await loadSignups(viaPg.url, { connections: CONNECTIONS, amount: SIGNUPS_FOR_MEMORY })
  const pgTenKRss = await viaPg.rssBytes()
  rows.push(
    row(
      `RSS after ${SIGNUPS_FOR_MEMORY} sign-ups, PostgreSQL (statuses ${pgTenK.statuses})`,
      mb(pgTenKRss),
      '≤ 120 MB',
      pgTenKRss <= 120 * 1024 * 1024 && clean(pgTenK),
    ),
  )

  say(`pgbench -c ${CONNECTIONS} -j 2 -T ${SECONDS}`)
  const ceiling = await pgbench(pg.url, CONNECTIONS, SECONDS)
  say('warm-up, then sign-ups at 64 connections')
  await loadSignups(viaPg.url, { connections: CONNECTIONS, seconds: 3 })
  const full = await loadSignups(viaPg.url, { connections: CONNECTIONS, seconds: SECONDS })
  const ratio = full.rps / ceiling.tps
  rows.push(row('pgbench single-row insert, 64 clients', `${ceiling.tps.toFixed(0)} tps`, '(ceiling)', null))
  rows.push(
    row(
      `sign-ups/s, 64 conns, PostgreSQL (statuses ${full.statuses}, ${full.errors} errors)`,
      `${full.rps.toFixed(0)} req/s`,
      '≥ 70% of pgbench',
      ratio >= 0.7 && clean(full),
      pct(ratio),
    ),
  )
  const half = await loadSignups(viaPg.url, { connections: CONNECTIONS, seconds: SECONDS, rate: full.rps / 2 })
  rows.push(
    row(
      `p99 at half load (${(full.rps / 2).toFixed(0)} req/s), PostgreSQL`,
      ms(half.p99Ms),
      '≤ 20 ms',
      half.p99Ms <= 20 && clean(full) && clean(half),
    ),
  )
  const pgRss = await viaPg.rssBytes()
  await viaPg.stop()
  rows.push(
    row(`RSS after ${pgTenK.requests + full.requests + half.requests} sign-ups, PostgreSQL`, mb(pgRss), '(info)', null),
  )

  // 3a. Three processes on one PostgreSQL against one (issue 52; docs/decisions/several-processes.md).
  say(`three processes on one PostgreSQL against one: ${SECONDS} s of sign-ups each`)
  const processes = await measureProcesses(pg, SECONDS, { OUTBOX_DIR: join(scratch, 'processes-outbox') })
  rows.push(...processes.rows)
  say(processes.cpuLine)

  // 3b. The same sign-ups through PgBouncer in transaction mode, in turns with direct (issue 52).
  say(`sign-ups through PgBouncer (transaction mode) and direct, in turns, ${SECONDS} s each`)
  rows.push(...(await measurePooler(pg.url, server, { seconds: SECONDS, connections: CONNECTIONS, scratch })))

  // 3c. The owner console on the same PostgreSQL, 100,000 sign-ups.
  say('console: 100,000 sign-ups, search p95 and CSV export')
  const consoleBench = await startConsoleBench(pg)
  cleanups.unshift(consoleBench.server.stop)
  rows.push(...(await measureConsole(consoleBench.server, consoleBench.url)))

  // 3d. A backup of the embedded database while visitors sign up (issue 42).
  say('backup: PGlite, 100,000 sign-ups, sign-ups during `npm run owner -- backup`')
  rows.push(...(await measureBackup(scratch)))
  // 3e. A list import of 100,000 rows into the running PGlite server while visitors sign up (issue 42).
  say('import: PGlite, 100,000 CSV rows through `npm run owner -- import`, sign-ups meanwhile')
  rows.push(...(await measureImport(scratch)))

  // 3f. The launch-day mix on a fresh server per database, then what the database kept.
  say(`launch-day mix: ${MIX_SECONDS} s on PGlite, then on PostgreSQL`)
  const mixes = await launchDayMixes(scratch, MIX_SECONDS, pg.url)
  for (const { kind, result, check } of mixes) {
    const intact =
      check.lostSignups + check.lostContacts + check.provenNotQueuedOnce + check.duplicates + result.visitorErrors === 0
    rows.push(
      row(
        `launch-day mix, ${kind}: document p50 / p99`,
        `${result.document.p50Ms.toFixed(1)} / ${result.document.p99Ms.toFixed(1)} ms`,
        '(info)',
        null,
      ),
      row(
        `launch-day mix, ${kind}: sign-up (the row's POST) p50 / p99`,
        `${result.signupInsert.p50Ms.toFixed(1)} / ${result.signupInsert.p99Ms.toFixed(1)} ms`,
        kind === 'PGlite' ? 'p99 ≤ 100 ms' : '(info)',
        kind === 'PGlite' ? result.signupInsert.p99Ms <= 100 : null,
      ),
      row(
        `launch-day mix, ${kind}: sign-up, both calls of the page, p50 / p99`,
        `${result.signup.p50Ms.toFixed(1)} / ${result.signup.p99Ms.toFixed(1)} ms`,
        '(info)',
        null,
      ),
      row(
        `launch-day mix, ${kind}: acknowledged and kept, welcome queued once`,
        `${result.acknowledged.signups} sign-ups, ${result.acknowledged.contacts} messages; lost ${check.lostSignups + check.lostContacts}, not once ${check.provenNotQueuedOnce + check.duplicates}, errors ${result.visitorErrors}`,
        'none lost, each once',
        intact,
      ),
    )
  }

  // 4. The default embedded database: throughput, and memory after 10,000 sign-ups.
  const embedded = await server(pglite('memory'))
  const tenK = await loadSignups(embedded.url, { connections: CONNECTIONS, amount: SIGNUPS_FOR_MEMORY })
  const rss = await embedded.rssBytes()
  const pgliteHalf = await loadSignups(embedded.url, { connections: CONNECTIONS, seconds: SECONDS, rate: tenK.rps / 2 })
  await embedded.stop()
  rows.push(
    row(
      `sign-ups/s, 64 conns, PGlite (statuses ${tenK.statuses})`,
      `${tenK.rps.toFixed(0)} req/s`,
      '(info)',
      null,
      pct(tenK.rps / ceiling.tps),
    ),
  )
  rows.push(row('p99 at half load, PGlite', ms(pgliteHalf.p99Ms), '(info)', null))
  rows.push(
    row(
      `RSS after ${SIGNUPS_FOR_MEMORY} sign-ups, PGlite (default)`,
      mb(rss),
      '≤ 200 MB',
      rss <= 200 * 1024 * 1024 && clean(tenK),
    ),
  )

  // 5. What counting a visit adds to the page's document request.
  say('launch analytics: the document request with and without counting')
  const counting = await measureDocumentCounting(join(root, 'dist/client'))
  rows.push(
    row(
      `document request p95 added by counting (${counting.withP95.toFixed(2)} vs ${counting.withoutP95.toFixed(2)} ms; the call alone ${counting.callP95.toFixed(3)} ms)`,
      `${(counting.withP95 - counting.withoutP95).toFixed(2)} ms`,
      '≤ 1 ms',
      counting.withP95 - counting.withoutP95 <= 1,
    ),
  )

  const c = cpus()
  console.log(
    `\n${PRODUCT.name} bench, ${new Date().toISOString()}: ${c.length} x ${c[0]?.model ?? 'cpu'}, ${mb(totalmem())} RAM, Node ${process.version}, load average at end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  )
  console.log(markdown(rows))
  console.log(`\n${throughputTable(throughput)}`)
  console.log(`\n${processes.cpuLine}`)
  console.log(`\n${mixReport(mixes)}`)
  console.log(`\nLighthouse runs (mobile, simulated), load average before them ${lhLoad}:\n`)
  // The long tasks say what a run's TBT came from: the page ("/") or the navigation's commit,
  // which Lighthouse calls "Unattributable" (docs/decisions/perf-first-view.md, fourth round).
  console.log(
    '| run | performance | FCP | LCP | TBT | long tasks, simulated | requests before FCP | scripts before FCP |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const [i, r] of lh.runs.entries())
    console.log(
      `| ${i + 1} | ${r.scores.performance} | ${s(r.fcpMs)} | ${s(r.lcpMs)} | ${ms(r.tbtMs)} | ${r.longTasks.map((t) => `${t.url} ${t.ms} ms`).join(', ') || 'none'} | ${r.requestsBeforeFcp.join(', ')} | ${r.scriptsBeforeFcp.length ? r.scriptsBeforeFcp.join(', ') : 'none'} |`,
    )
  console.log(`\n${describeWarmUp(lh.warmUp)}`)
  const missed = rows.filter((r) => r.met === false)
  console.log(
    `\n${rows.filter((r) => r.met === true).length} targets met, ${missed.length} missed${missed.length ? `: ${missed.map((r) => r.target).join('; ')}` : ''}`,
  )
  if (lh.failedAudits.length) console.log(`Lighthouse audits below 1 (diagnostics): ${lh.failedAudits.join(', ')}`)
} finally {
  for (const cleanup of cleanups) await cleanup().catch((err: unknown) => say(`cleanup: ${String(err)}`))
}
