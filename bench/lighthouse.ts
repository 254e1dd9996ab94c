// Lighthouse (npm package, 12.x) with its default mobile preset: simulated slow 4G and a 4x
// slower CPU, run through its CLI against the system Chromium. The median and the worst of
// `runs` runs are taken per figure.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts'

const LIGHTHOUSE = fileURLToPath(new URL('../node_modules/lighthouse/cli/index.js', import.meta.url))

/**
 * The colour scheme the page is measured in (`LH_SCHEME=light|dark`, default light, what a browser
 * with no preference reports): the page follows the system (docs/decisions/colour-schemes.md).
 * Blink's preferredColorScheme setting: 0 is dark, 1 light.
 */
const SCHEME = process.env.LH_SCHEME === 'dark' ? 'dark' : 'light'

/** chrome-launcher's headless flag plus the ones Debian's Chromium needs in a container. */
const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_ARGS,
  `--blink-settings=preferredColorScheme=${SCHEME === 'dark' ? 0 : 1}`,
]

export type LighthouseRun = {
  scores: { performance: number; accessibility: number; 'best-practices': number; seo: number }
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Bytes over the wire for the whole load, and for scripts alone. */
  totalBytes: number
  scriptBytes: number
  requests: number
  foreignRequests: string[]
  renderBlocking: string[]
  failedAudits: string[]
  /** Main-thread tasks of 50 ms or more (simulated), longest first, with the script they are attributed to. */
  longTasks: { url: string; ms: number }[]
  /**
   * Scripts whose request the page started before its observed first contentful paint (docs/decisions/perf-first-view.md:
   * Lighthouse's simulation charges the paint with them), and how many requests of any kind did.
   */
  scriptsBeforeFcp: string[]
  requestsBeforeFcp: string[]
}

type Audit = {
  score: number | null
  numericValue?: number
  scoreDisplayMode: string
  title: string
  details?: { items?: Record<string, unknown>[]; debugData?: { networkStartTimeTs?: number } }
}
type Report = {
  categories: Record<string, { score: number }>
  audits: Record<string, Audit>
  runtimeError?: { message: string }
}

function runCli(url: string, out: string, throttling: 'simulate' | 'devtools'): Promise<void> {
  const args = [
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    `--throttling-method=${throttling}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
  ]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let err = ''
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}: ${err.slice(-2000)}`)),
    )
  })
}

export function summarise(report: Report, origin: string): LighthouseRun {
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`)
  const a = report.audits
  const num = (id: string) => {
    const v = a[id]?.numericValue
    if (typeof v !== 'number') throw new Error(`lighthouse report has no ${id}`)
    return v
  }
  const requests = (a['network-requests']?.details?.items ?? []) as {
    url: string
    transferSize?: number
    resourceType?: string
    rendererStartTime?: number
    networkRequestTime?: number
  }[]
  // Request times are ms after the first request; the paint's, a trace timestamp in µs.
  const startTs = a['network-requests']?.details?.debugData?.networkStartTimeTs
  const fcpTs = (a['metrics']?.details?.items?.[0] as { observedFirstContentfulPaintTs?: number } | undefined)
    ?.observedFirstContentfulPaintTs
  if (startTs === undefined || fcpTs === undefined)
    throw new Error('lighthouse report has no request or paint timestamps')
  const before = requests.filter((r) => startTs + (r.rendererStartTime ?? r.networkRequestTime ?? 0) * 1000 < fcpTs)
  const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100)
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    totalBytes: num('total-byte-weight'),
    scriptBytes: requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0),
    requests: requests.length,
    foreignRequests: requests.map((r) => r.url).filter((u) => !u.startsWith(origin) && !u.startsWith('data:')),
    renderBlocking: ((a['render-blocking-insight']?.details?.items ?? []) as { url?: string }[]).map(
      (i) => i.url ?? '?',
    ),
    failedAudits: Object.entries(a)
      .filter(
        ([, x]) =>
          x.score !== null && x.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(x.scoreDisplayMode),
      )
      .map(([id]) => id),
    longTasks: ((a['long-tasks']?.details?.items ?? []) as { url?: string; duration?: number }[])
      .map((t) => ({ url: (t.url ?? '?').replace(origin, ''), ms: Math.round(t.duration ?? 0) }))
      .sort((x, y) => y.ms - x.ms),
    scriptsBeforeFcp: before.filter((r) => r.resourceType === 'Script').map((r) => r.url.replace(origin, '')),
    requestsBeforeFcp: before.map((r) => r.url.replace(origin, '')),
  }
}

export async function lighthouse(
  url: string,
  throttling: 'simulate' | 'devtools' = 'simulate',
): Promise<LighthouseRun> {
  const dir = await mkdtemp(join(tmpdir(), 'lh-'))
  try {
    const out = join(dir, 'report.json')
    await runCli(url, out, throttling)
    return summarise(JSON.parse(await readFile(out, 'utf8')) as Report, new URL(url).origin)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/**
 * Median and worst of each figure over `runs` runs (one after another: parallel runs would share
 * the CPU). docs/decisions/perf-first-view.md sets targets on both: one slow run is a visitor's slow first view.
 *
 * One run before them is a warm-up and is reported apart, not counted. Every run starts a fresh
 * Chromium, and the first after a build or a quiet spell pays for the machine's cold caches (the
 * browser's 200 MB binary paged in, fontconfig's cache read): every task of its page load takes
 * 3-5 times its usual time, the same page work measured as a different machine. A visitor's
 * browser is already running.
 */
export async function lighthouseMedian(url: string, runs = 7, throttling: 'simulate' | 'devtools' = 'simulate') {
  const warmUp = await lighthouse(url, throttling).catch((err: unknown) => String(err).split('\n')[0]!)
  const all: LighthouseRun[] = []
  for (let i = 0; i < runs; i++) {
    // Under load Lighthouse sometimes fails to record a trace (NO_NAVSTART): that run is repeated
    // once, never dropped, so a figure is always the median of `runs` real runs.
    const run = await lighthouse(url, throttling).catch((err: unknown) => {
      if (!/NO_NAVSTART|NO_FCP|trace/i.test(String(err))) throw err
      console.error(`lighthouse run ${i + 1} repeated: ${String(err).split('\n')[0]}`)
      return lighthouse(url, throttling)
    })
    all.push(run)
  }
  const m = (f: (r: LighthouseRun) => number) => median(all.map(f))
  return {
    runs: all,
    /** The run before the counted ones, or why it failed: shown, never part of a figure. */
    warmUp,
    scores: {
      performance: m((r) => r.scores.performance),
      accessibility: m((r) => r.scores.accessibility),
      'best-practices': m((r) => r.scores['best-practices']),
      seo: m((r) => r.scores.seo),
    },
    /** The lowest score of any run: the Performance target is 100 in every run. */
    worstScores: {
      performance: Math.min(...all.map((r) => r.scores.performance)),
      accessibility: Math.min(...all.map((r) => r.scores.accessibility)),
      'best-practices': Math.min(...all.map((r) => r.scores['best-practices'])),
      seo: Math.min(...all.map((r) => r.scores.seo)),
    },
    fcpMs: m((r) => r.fcpMs),
    fcpMaxMs: Math.max(...all.map((r) => r.fcpMs)),
    lcpMs: m((r) => r.lcpMs),
    lcpMaxMs: Math.max(...all.map((r) => r.lcpMs)),
    tbtMs: m((r) => r.tbtMs),
    /** The worst run's TBT: every run, not only the median, must stay low. */
    tbtMaxMs: Math.max(...all.map((r) => r.tbtMs)),
    /** Runs in which a script request started before the first contentful paint. */
    runsWithScriptBeforeFcp: all.filter((r) => r.scriptsBeforeFcp.length > 0).length,
    cls: m((r) => r.cls),
    totalBytes: m((r) => r.totalBytes),
    scriptBytes: m((r) => r.scriptBytes),
    foreignRequests: [...new Set(all.flatMap((r) => r.foreignRequests))],
    renderBlocking: [...new Set(all.flatMap((r) => r.renderBlocking))],
    failedAudits: [...new Set(all.flatMap((r) => r.failedAudits))],
  }
}
export type LighthouseMedian = Awaited<ReturnType<typeof lighthouseMedian>>

export const describeWarmUp = (w: LighthouseMedian['warmUp']): string =>
  typeof w === 'string'
    ? `The warm-up run (not counted) failed: ${w}`
    : `The warm-up run (not counted): performance ${w.scores.performance}, FCP ${w.fcpMs.toFixed(0)} ms, LCP ${w.lcpMs.toFixed(0)} ms, TBT ${w.tbtMs.toFixed(0)} ms`

// `tsx bench/lighthouse.ts [url] [runs] [simulate|devtools] [--path /de/]`: one figure set, for
// trying a change. Without a URL (or with `-`) it starts the built server itself on a fresh
// embedded database. `--path` measures another page of the site (a language's, `/de/`), resolved
// against the URL. Each run's TBT and long tasks are printed with the machine's load, since both
// move with it.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2)
  const at = args.indexOf('--path')
  const path = at >= 0 ? args.splice(at, 2)[1] : undefined
  if (at >= 0 && !path?.startsWith('/')) throw new Error('--path takes a path such as /de/')
  const [arg = '-', runs = '7', mode = 'simulate'] = args
  const { startServer } = await import('./server.ts')
  const scratch = arg === '-' ? await mkdtemp(join(tmpdir(), 'lh-server-')) : undefined
  const server = scratch
    ? await startServer({ PGLITE_DIR: join(scratch, 'db'), OUTBOX_DIR: join(scratch, 'outbox') })
    : undefined
  try {
    const url = new URL(path ?? (server ? '/' : arg), server ? server.url : arg).href
    const loadBefore = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')
    const r = await lighthouseMedian(url, Number(runs), mode as 'simulate' | 'devtools')
    const load = () =>
      loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')
    console.error(`load average before the runs: ${loadBefore}`)
    console.error(describeWarmUp(r.warmUp))
    for (const [i, run] of r.runs.entries())
      console.error(
        `run ${i + 1}: performance ${run.scores.performance}, FCP ${run.fcpMs.toFixed(0)} ms, LCP ${run.lcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms, requests before FCP ${JSON.stringify(run.requestsBeforeFcp)}, scripts before FCP ${JSON.stringify(run.scriptsBeforeFcp)}, long tasks ${JSON.stringify(run.longTasks)}`,
      )
    console.error(`load average after the runs: ${load()}`)
    console.log(JSON.stringify({ ...r, runs: undefined, warmUp: undefined }, null, 2))
  } finally {
    await server?.stop()
    if (scratch) await rm(scratch, { recursive: true, force: true })
  }
}
