// Where the page's main-thread time goes on load, from a Chromium performance trace (docs/decisions/perf-first-view.md:
// "find it with a Chromium performance trace before choosing a fix"). Loads the page at
// Lighthouse's mobile screen size, records a trace over CDP and sums the renderer main thread's
// events by kind (self time, nested events subtracted), plus each style recalculation's element
// count and each layout's object count, with the frame it ran in (an SVG image is a frame of
// its own). Times are the thread's CPU time (the trace's `tdur`), not wall time: on this shared
// 2-core machine wall time mostly measures the other processes. Lighthouse's simulated figures
// are about 4x these (its mobile preset's CPU slowdown).
//   npx tsx bench/trace.ts [url|-] [runs]     (- starts the built server)
//   TRACE_SAVE=file.json also writes the last trace, for DevTools' Performance panel.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts'

type TraceEvent = {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** The thread's CPU time for the event, in microseconds. */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; elementCount?: number; beginData?: Record<string, unknown>; data?: Record<string, unknown> }
}

/** Lighthouse's groups (mainthread-work-breakdown), for the events that matter here. */
const GROUP: Record<string, string> = {
  UpdateLayoutTree: 'style & layout',
  RecalculateStyles: 'style & layout',
  ScheduleStyleRecalculation: 'style & layout',
  InvalidateLayout: 'style & layout',
  Layout: 'style & layout',
  ParseHTML: 'parse HTML & CSS',
  ParseAuthorStyleSheet: 'parse HTML & CSS',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  'v8.evaluateModule': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  Paint: 'paint & composite',
  PaintImage: 'paint & composite',
  PrePaint: 'paint & composite',
  Layerize: 'paint & composite',
  UpdateLayer: 'paint & composite',
  UpdateLayerTree: 'paint & composite',
  CompositeLayers: 'paint & composite',
  'Decode Image': 'images',
  ImageDecodeTask: 'images',
  'Decode LazyPixelRef': 'images',
}

export type Breakdown = {
  byGroup: Record<string, number>
  byEvent: Record<string, number>
  styleRecalcs: { ms: number; elements: number }[]
  layouts: { ms: number; objects: unknown; frame: string }[]
  paints: { firstPaintMs: number | null; fcpMs: number | null }
}

/** `prepare` may route requests first, to try a variant of the page without building it. */
export async function traceLoad(
  browser: Browser,
  url: string,
  prepare?: (page: Page) => Promise<void>,
  viewport = { width: 412, height: 823 },
) {
  // Lighthouse's mobile screen: 412x823 at a device pixel ratio of 1.75.
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await prepare?.(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])))
  const complete = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()))
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'blink.user_timing',
        'loading',
        'v8.execute',
        'v8',
      ],
    },
  })
  await page.goto(url, { waitUntil: 'load' })
  // What comes after load (the scripts, the islands, late images) counts too.
  await page.waitForTimeout(3000)
  await cdp.send('Tracing.end')
  await complete
  await context.close()
  if (process.env.TRACE_SAVE) await writeFile(process.env.TRACE_SAVE, JSON.stringify({ traceEvents: events }))
  return breakdown(events)
}

export function breakdown(events: TraceEvent[]): Breakdown {
  const threadName = new Map<string, string>()
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '')
  // The page's renderer: the CrRendererMain thread that ran a ParseHTML.
  const parse = events.find(
    (e) =>
      e.name === 'ParseHTML' &&
      threadName.get(`${e.pid}:${e.tid}`) === 'CrRendererMain' &&
      String(e.args?.beginData?.url ?? '').startsWith('http'),
  )
  if (!parse) throw new Error('no ParseHTML on a renderer main thread in the trace')
  const main = events
    .filter(
      (e) =>
        e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && typeof e.dur === 'number' && e.tdur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const byEvent: Record<string, number> = {}
  const byGroup: Record<string, number> = {}
  // Self time: each event's CPU time minus its direct children's (events nest by wall time on one thread).
  const stack: { e: TraceEvent; child: number }[] = []
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.e.ts + stack[stack.length - 1]!.e.dur! <= until) {
      const { e, child } = stack.pop()!
      const self = (e.tdur! - child) / 1000
      byEvent[e.name] = (byEvent[e.name] ?? 0) + self
      const group = GROUP[e.name] ?? 'other'
      byGroup[group] = (byGroup[group] ?? 0) + self
      if (stack.length) stack[stack.length - 1]!.child += e.tdur!
    }
  }
  for (const e of main) {
    close(e.ts)
    stack.push({ e, child: 0 })
  }
  close(Number.POSITIVE_INFINITY)
  const mainFrame = (
    events.find((e) => e.name === 'FrameCommittedInBrowser' && String(e.args?.data?.url ?? '').startsWith('http'))?.args
      ?.data as { frame?: string } | undefined
  )?.frame
  const navStart = events.find((e) => e.name === 'navigationStart' && e.pid === parse.pid)?.ts ?? parse.ts
  const mark = (name: string) => {
    const e = events.find((x) => x.name === name && x.pid === parse.pid)
    return e ? (e.ts - navStart) / 1000 : null
  }
  return {
    byGroup: round(byGroup),
    byEvent: round(
      Object.fromEntries(
        Object.entries(byEvent)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 20),
      ),
    ),
    styleRecalcs: main
      .filter((e) => e.name === 'UpdateLayoutTree')
      .map((e) => ({ ms: +(e.tdur! / 1000).toFixed(1), elements: e.args?.elementCount ?? 0 }))
      .filter((s) => s.ms >= 0.5),
    layouts: main
      .filter((e) => e.name === 'Layout')
      .map((e) => ({
        ms: +(e.tdur! / 1000).toFixed(1),
        objects: e.args?.beginData?.dirtyObjects,
        frame: e.args?.beginData?.frame === mainFrame ? 'page' : 'other (an SVG image)',
      }))
      .filter((l) => l.ms >= 0.5),
    paints: { firstPaintMs: mark('firstPaint'), fcpMs: mark('firstContentfulPaint') },
  }
}

const round = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, +v.toFixed(1)]))

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [arg = '-', runs = '3'] = process.argv.slice(2)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const { startServer } = await import('./server.ts')
  const scratch = arg === '-' ? await mkdtemp(join(tmpdir(), 'trace-')) : undefined
  const server = scratch
    ? await startServer({ PGLITE_DIR: join(scratch, 'db'), OUTBOX_DIR: join(scratch, 'outbox') })
    : undefined
  try {
    for (let i = 0; i < Number(runs); i++)
      console.log(JSON.stringify(await traceLoad(browser, server ? `${server.url}/` : arg), null, 1))
  } finally {
    await browser.close()
    await server?.stop()
    if (scratch) await rm(scratch, { recursive: true, force: true })
  }
}
