import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { SHOW_ANYWAY_MS } from '../scripts/first-view.ts'
import { expect, test } from './fixtures.ts'

// What `npm run bench` measures, kept from regressing without timing anything: bytes, request
// origins, declared image sizes, render-blocking tags, compression and the search/sharing files.

const KB = 1024
const CLIENT = fileURLToPath(new URL('../dist/client/', import.meta.url))

test('the first view stays within its byte budget, from this origin only', async ({ page, baseURL }) => {
  const pending: Promise<{ url: string; type: string; bytes: number }>[] = []
  page.on('requestfinished', (request) =>
    pending.push(
      request.sizes().then((sizes) => ({
        url: request.url(),
        type: request.resourceType(),
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      })),
    ),
  )
  await page.goto('/', { waitUntil: 'networkidle' })
  const responses = await Promise.all(pending)
  // The document, then (after the first paint) the stylesheet and the entry.
  expect(responses.map((r) => new URL(r.url).pathname)).toEqual(
    expect.arrayContaining(['/', expect.stringMatching(/\.css$/), expect.stringMatching(/\.js$/)]),
  )
  const origin = new URL(baseURL!).origin
  expect(responses.filter((r) => !r.url.startsWith(origin)).map((r) => r.url)).toEqual([])
  const js = responses.filter((r) => r.type === 'script').reduce((n, r) => n + r.bytes, 0)
  const total = responses.reduce((n, r) => n + r.bytes, 0)
  expect(js, 'JavaScript on the wire at load').toBeLessThanOrEqual(70 * KB)
  expect(total, 'everything on the wire at load').toBeLessThanOrEqual(250 * KB)
  // The backend client waits for the first submit; React and the islands, until they are needed.
  const lazy = /\/assets\/(backend|beta-signup-form|footer-dialogs|hydrate|cta-links)-/
  expect(responses.map((r) => r.url).filter((u) => lazy.test(u))).toEqual([])
})

test('the first view: the inline loader and the entry fit the budget (gzip), without React', async () => {
  const html = await readFile(`${CLIENT}index.html`, 'utf8')
  const loader = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!
  const entry = /m\.src="(\/assets\/[^"]+\.js)"/.exec(loader)![1]!
  const code = await readFile(`${CLIENT}${entry.slice(1)}`, 'utf8')
  // React is evaluated only when an island is first needed: the entry only arms them.
  expect(code).not.toMatch(/\bimport\s*(?:[^()'"`;]*?from\s*)?["'`]\.\/(react|hydrate)-/)
  expect(code.includes('hydrateRoot')).toBe(false)
  const bytes = gzipSync(loader).length + gzipSync(code).length
  expect(bytes).toBeLessThanOrEqual(8 * KB)
  const css = /<noscript><link rel="stylesheet" href="\/([^"]+)"><\/noscript>/.exec(html)![1]!
  expect(gzipSync(await readFile(`${CLIENT}${css}`)).length).toBeLessThanOrEqual(15 * KB)
})

test('nothing is requested before the first paint: the document carries the first view', async ({ request }) => {
  const res = await request.get('/', { headers: { 'accept-encoding': 'br' } })
  const html = await res.text()
  const head = html.slice(0, html.indexOf('</head>')).replace(/<noscript>[\s\S]*?<\/noscript>/g, '')
  // No stylesheet, script or image file in the head, and no preload of anything.
  expect(head).not.toMatch(/<link[^>]+rel="(stylesheet|preload|modulepreload)"/)
  expect(head).not.toMatch(/<script[^>]+src=/)
  expect(head.match(/<style>/g) ?? []).toHaveLength(1)
  const inline = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
  expect(inline).toHaveLength(1)
  expect(inline[0]!.length).toBeLessThan(1536)
  // No picture file in the first view either: the screens and the badge are drawn inline.
  expect(html).not.toMatch(/<img\b/)
  expect(head).not.toMatch(/fonts\.(googleapis|gstatic)\.com|@import/)
  // Small enough to arrive in the first round trip (TCP's first window: 10 segments of 1460 bytes).
  expect(res.headers()['content-encoding']).toBe('br')
  const headers = res.headersArray().reduce((n, h) => n + h.name.length + h.value.length + 4, 20)
  expect(Number(res.headers()['content-length']) + headers).toBeLessThanOrEqual(10 * 1460)
})

test('the first paint comes before every script and stylesheet request starts', async ({ page }) => {
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  const timeline = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    resources: performance
      .getEntriesByType('resource')
      .map((r) => r as PerformanceResourceTiming)
      .filter((r) => r.initiatorType === 'script' || r.initiatorType === 'link' || /\.(js|css)$/.test(r.name))
      .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime })),
  }))
  expect(timeline.fcp).toBeGreaterThan(0)
  expect(timeline.resources.map((r) => r.name)).toEqual(
    expect.arrayContaining([expect.stringMatching(/\.css$/), expect.stringMatching(/\.js$/)]),
  )
  for (const r of timeline.resources) expect(r.start, r.name).toBeGreaterThan(timeline.fcp!)
})

test('the first layout leaves out the screens and what follows the hero; they are shown after the first paint, one per frame', async ({
  page,
}) => {
  // Every change of <html data-hold>, with the number of frames begun so far and the size the
  // not-yet-shown side screen has at that moment (scripts/first-view.ts).
  await page.addInitScript(() => {
    const log: { hold: string | null; frame: number; at: number; front: string }[] = []
    let frame = 0
    const count = () => {
      frame++
      requestAnimationFrame(count)
    }
    requestAnimationFrame(count)
    const size = (el: Element | null) => {
      const r = el?.getBoundingClientRect()
      return r ? `${r.width.toFixed(1)}x${r.height.toFixed(1)}` : ''
    }
    new MutationObserver((records) => {
      for (const r of records)
        log.push({
          hold: (r.target as Element).getAttribute('data-hold'),
          frame,
          at: performance.now(),
          front: size(document.querySelector('[data-screen=dashboard]')),
        })
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hold'] })
    ;(window as unknown as { holdLog: typeof log }).holdLog = log
  })
  await page.goto('/')
  await expect(page.locator('html')).not.toHaveAttribute('data-hold')
  const { log, fcp, front } = await page.evaluate(() => ({
    log: (window as unknown as { holdLog: { hold: string | null; frame: number; at: number; front: string }[] })
      .holdLog,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    front: (() => {
      const r = document.querySelector('[data-screen=dashboard]')!.getBoundingClientRect()
      return `${r.width.toFixed(1)}x${r.height.toFixed(1)}`
    })(),
  }))
  expect(log.map((e) => e.hold)).toEqual([
    'tasks payments dashboard features cta footer',
    'payments dashboard features cta footer',
    'dashboard features cta footer',
    'features cta footer',
    'cta footer',
    'footer',
    null,
  ])
  // Nothing is shown before the first paint, and each part in a frame of its own.
  expect(log[1]!.at).toBeGreaterThan(fcp)
  for (let i = 2; i < log.length; i++)
    expect(log[i]!.frame, log[i]!.hold ?? 'all shown').toBeGreaterThan(log[i - 1]!.frame)
  // A held screen already has the size it is drawn at: nothing moves when it is shown.
  expect(log[1]!.front).toBe(front)
})

test('showing the held parts starts no transition: the form fields do not fade in from grey', async ({ page }) => {
  // Chromium's autofill styles the held form fields before the full stylesheet has arrived, so
  // their colours change when they are shown (scripts/first-view.ts, the hold rule).
  await page.addInitScript(() => {
    const runs: string[] = []
    document.addEventListener(
      'transitionrun',
      (e) => runs.push(`${(e.target as Element).id || (e.target as Element).tagName} ${e.propertyName}`),
      true,
    )
    ;(window as unknown as { transitionRuns: string[] }).transitionRuns = runs
  })
  await page.goto('/')
  await expect(page.locator('html')).not.toHaveAttribute('data-hold')
  // Longer than any transition on the page (150 ms), so one begun by the last step has run.
  await page.waitForTimeout(400)
  expect(await page.evaluate(() => (window as unknown as { transitionRuns: string[] }).transitionRuns)).toEqual([])
})

test('the drawn screens share their fonts: one per size and weight, not one per screen', async ({ page }) => {
  // Each font size a layout needs for the first time is a synchronous request to the browser
  // process (Chromium's trace names it below). Text drawn at its on-screen size would need one per
  // screen, since the screens are drawn at different sizes (screen-parts.tsx, text-rendering).
  type Event = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number }
  const cdp = await page.context().newCDPSession(page)
  const events: Event[] = []
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as Event[])))
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['fonts', 'blink'] },
  })
  await page.goto('/')
  await expect(page.locator('html')).not.toHaveAttribute('data-hold')
  await cdp.send('Tracing.end')
  await complete
  const svgLayouts = events.filter((e) => e.name === 'InlineNode::FindSvgTextChunks' && e.ph === 'X')
  const fontRequests = events.filter(
    (e) =>
      e.name === 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike' &&
      svgLayouts.some((s) => s.pid === e.pid && s.tid === e.tid && s.ts <= e.ts && e.ts <= s.ts + s.dur!),
  )
  const { screenFonts, otherSvgTexts } = await page.evaluate(() => {
    const font = (t: Element) => {
      const style = getComputedStyle(t)
      return `${style.fontSize} ${style.fontWeight}`
    }
    const all = Array.from(document.querySelectorAll('svg text'))
    const inScreens = all.filter((t) => t.closest('[data-screen]'))
    return { screenFonts: new Set(inScreens.map(font)).size, otherSvgTexts: all.length - inScreens.length }
  })
  expect(screenFonts).toBeGreaterThan(10)
  expect(fontRequests.length).toBeGreaterThan(0)
  expect(fontRequests.length).toBeLessThanOrEqual(screenFonts + otherSvgTexts)
})

test('a stylesheet that never arrives does not keep the sign-up form hidden', async ({ page }) => {
  // The request stalls: neither load nor error ever fires.
  await page.route('**/*.css', () => {})
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('data-hold')
  await expect(page.locator('html')).not.toHaveAttribute('data-hold', { timeout: SHOW_ANYWAY_MS + 5000 })
  await page.locator('#beta-email').scrollIntoViewIfNeeded()
  await expect(page.locator('#beta-email')).toBeVisible()
  // The bot trap stays out of sight: its rule is in the critical CSS.
  const trap = await page.locator('#beta-website').boundingBox()
  expect(trap!.x + trap!.width).toBeLessThan(0)
})

test('every picture declares its size', async ({ page }) => {
  await page.goto('/')
  const images = await page.locator('img, svg[role="img"]').evaluateAll((imgs) =>
    imgs.map((img) => ({
      name: img.getAttribute('src') ?? img.getAttribute('aria-label'),
      width: Number(img.getAttribute('width')),
      height: Number(img.getAttribute('height')),
    })),
  )
  expect(images.length).toBeGreaterThan(0)
  for (const img of images) {
    expect(img.width, `${img.name} width`).toBeGreaterThan(0)
    expect(img.height, `${img.name} height`).toBeGreaterThan(0)
  }
})

test('text responses are sent compressed, hashed assets are immutable', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const asset = /m\.src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
  expect(asset).toBeTruthy()
  for (const path of ['/', asset!, '/favicon.svg']) {
    const res = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.headers()['content-encoding'], path).toBe('br')
  }
  const gz = await request.get(asset!, { headers: { 'accept-encoding': 'gzip' } })
  expect(gz.headers()['content-encoding']).toBe('gzip')
  expect(gz.headers()['cache-control']).toContain('immutable')
})

test('search and sharing metadata come from the site configuration', async ({ page, request }) => {
  await page.goto('/')
  const head = page.locator('head')
  const canonical = await head.locator('link[rel="canonical"]').getAttribute('href')
  expect(canonical).toMatch(/^https?:\/\/[^/]+\/$/)
  const meta = async (sel: string) => head.locator(sel).getAttribute('content')
  expect(await meta('meta[name="description"]')).toBeTruthy()
  expect(await meta('meta[property="og:title"]')).toBeTruthy()
  expect(await meta('meta[property="og:url"]')).toBe(canonical)
  expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image')
  const image = new URL((await meta('meta[property="og:image"]'))!)
  expect(image.pathname).toMatch(/\.png$/)
  const png = await request.get(image.pathname)
  expect(png.status()).toBe(200)
  expect(png.headers()['content-type']).toBe('image/png')

  const ld = JSON.parse((await head.locator('script[type="application/ld+json"]').textContent())!) as {
    '@type': string
    offers: unknown
  }
  expect(ld['@type']).toBe('SoftwareApplication')
  expect(ld.offers).toMatchObject({ '@type': 'Offer', price: '0' })

  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${canonical}sitemap.xml`)
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`<loc>${canonical}</loc>`)
  const manifestHref = await head.locator('link[rel="manifest"]').getAttribute('href')
  const manifest = (await (await request.get(manifestHref!)).json()) as { icons: { src: string }[] }
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200)
})
