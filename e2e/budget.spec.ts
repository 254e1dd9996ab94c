import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts'
import { DEFAULT_LOCALE, HERO_TEXTS, LOCALES, SCREENSHOTS } from '../src/shared/content.ts'
import { localeRoot } from '../src/shared/locales.ts'
import { expectWithinPhoneBudget, LOGO_SRC, phoneFirstView } from './phone-budget.ts'
import { expect, test } from './fixtures.ts'

// What `npm run bench` measures, kept from regressing without timing anything: bytes, request
// origins, declared image sizes, render-blocking tags, compression and the search/sharing files.

const KB = 1024
const CLIENT = fileURLToPath(new URL('../dist/client/', import.meta.url))
/** The pictures below are the screenshots, and the logo when it is a file (LOGO_SRC). */
const isLogoImg = (img: string) => LOGO_SRC !== undefined && img.includes(` src="${LOGO_SRC}"`)

/** What a page's first view fetched by `networkidle`, with each response's bytes on the wire. */
async function firstViewResponses(page: Page, path: string) {
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
  await page.goto(path, { waitUntil: 'networkidle' })
  // The loader starts the entry after the first paint (up to a second after it when element timing
  // is late): the view is whole once the entry has run, not at the first quiet half-second, which
  // a busy machine reached before it (no script counted).
  await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset)
  await page.waitForLoadState('networkidle')
  return Promise.all(pending)
}

for (const locale of LOCALES)
  test(`the first view of ${localeRoot(locale)} stays within its byte budget, from this origin only`, async ({
    page,
    baseURL,
  }) => {
    const path = localeRoot(locale)
    const responses = await firstViewResponses(page, path)
    // The document, then (after the first paint) the stylesheet and the entry.
    expect(responses.map((r) => new URL(r.url).pathname)).toEqual(
      expect.arrayContaining([path, expect.stringMatching(/\.css$/), expect.stringMatching(/\.js$/)]),
    )
    const origin = new URL(baseURL!).origin
    expect(responses.filter((r) => !r.url.startsWith(origin)).map((r) => r.url)).toEqual([])
    const js = responses.filter((r) => r.type === 'script').reduce((n, r) => n + r.bytes, 0)
    const total = responses.reduce((n, r) => n + r.bytes, 0)
    expect(js, 'JavaScript on the wire at load').toBeLessThanOrEqual(70 * KB)
    expect(total, 'everything on the wire at load').toBeLessThanOrEqual(250 * KB)
    // The backend client waits for the first submit; React and the islands, until they are needed.
    const lazy = /\/assets\/(backend|beta-signup-form|footer-dialogs|hydrate|cta-links|island-texts)-/
    expect(responses.map((r) => r.url).filter((u) => lazy.test(u))).toEqual([])
  })

// Another language's first view costs no more script than the default's, give or take 1 KB
// (docs/decisions/languages.md): measured on the wire, as a visitor's browser fetches it.
test("each language's first view loads at most 1 KB more script than the default's", async ({ browser }) => {
  const scriptBytes = async (path: string) => {
    const context = await browser.newContext()
    const responses = await firstViewResponses(await context.newPage(), path)
    await context.close()
    return responses.filter((r) => r.type === 'script').reduce((n, r) => n + r.bytes, 0)
  }
  const base = await scriptBytes(localeRoot(DEFAULT_LOCALE))
  expect(base).toBeGreaterThan(0)
  for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE))
    expect(await scriptBytes(localeRoot(locale)), localeRoot(locale)).toBeLessThanOrEqual(base + KB)
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

for (const locale of LOCALES)
  test(`${localeRoot(locale)}: the document carries the first view: nothing in the head is fetched, the screenshots are <picture>s`, async ({
    request,
  }) => {
    const res = await request.get(localeRoot(locale), { headers: { 'accept-encoding': 'br' } })
    const html = await res.text()
    const head = html.slice(0, html.indexOf('</head>')).replace(/<noscript>[\s\S]*?<\/noscript>/g, '')
    // No stylesheet, script or image file in the head, and no preload of anything.
    expect(head).not.toMatch(/<link[^>]+rel="(stylesheet|preload|modulepreload)"/)
    expect(head).not.toMatch(/<script[^>]+src=/)
    expect(head.match(/<style>/g) ?? []).toHaveLength(1)
    const inline = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
    expect(inline).toHaveLength(1)
    expect(inline[0]!.length).toBeLessThan(1536)
    // The only picture files are the screenshots, each a <picture> whose <img> keeps its box
    // (width and height) and asks for nothing ahead of the document's paint (fetchpriority="low":
    // the centre screenshot is not the largest paint, docs/decisions/screenshots.md).
    const all = html.match(/<img\b[^>]*>/g) ?? []
    // The logo, when it is a file, keeps its box too (header and footer).
    const logos = all.filter(isLogoImg)
    for (const img of logos) expect(img).toMatch(/(?=.*\swidth="\d+")(?=.*\sheight="\d+")/)
    expect(logos.length).toBe(LOGO_SRC ? 2 : 0)
    const imgs = all.filter((img) => !isLogoImg(img))
    expect(imgs).toHaveLength(SCREENSHOTS.length)
    expect(html.match(/<picture>/g) ?? []).toHaveLength(SCREENSHOTS.length)
    for (const img of imgs) expect(img).toMatch(/(?=.*\swidth="\d+")(?=.*\sheight="\d+")(?=.*\sfetchpriority="low")/i)
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
  // A PNG logo is a picture the page shows at once (React preloads it), not a script or a stylesheet.
  for (const r of timeline.resources.filter((r) => r.name !== LOGO_SRC))
    expect(r.start, r.name).toBeGreaterThan(timeline.fcp!)
})

test('by the load event the whole page is shown as it will stay: styled from the document, the screenshots arrived', async ({
  page,
}) => {
  // The place and size of every element of the page at the load event, against the same once the
  // full stylesheet has loaded and the page is hydrated: the document alone already laid it all out.
  type Box = { key: string; box: string }
  await page.addInitScript(() => {
    const boxes = () =>
      Array.from(document.querySelectorAll('body *'))
        .filter((el) => !el.closest('dialog, [data-island]'))
        .map((el, i) => {
          const r = el.getBoundingClientRect()
          return { key: `${i} ${el.tagName}#${el.id}`, box: [r.x, r.y, r.width, r.height].map(Math.round).join(',') }
        })
    addEventListener('load', () => {
      const w = window as unknown as { atLoad: unknown }
      w.atLoad = {
        boxes: boxes(),
        images: Array.from(document.images).map((img) => img.complete && img.naturalWidth > 0),
      }
    })
    ;(window as unknown as { boxes: typeof boxes }).boxes = boxes
  })
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated')
  await expect(page.locator('html')).not.toHaveAttribute('data-hold')
  const { atLoad, now } = await page.evaluate(() => {
    const w = window as unknown as { atLoad: { boxes: Box[]; images: boolean[] }; boxes: () => Box[] }
    return { atLoad: w.atLoad, now: w.boxes() }
  })
  // Every picture arrived: the screenshots, and the logo's two <img>s when it is a file.
  const logos = LOGO_SRC ? await page.locator(`img[src="${LOGO_SRC}"]`).count() : 0
  expect(logos).toBe(LOGO_SRC ? 2 : 0)
  expect(atLoad.images).toEqual([...SCREENSHOTS, ...Array<null>(logos).fill(null)].map(() => true))
  expect(now.length).toBeGreaterThan(100)
  expect(atLoad.boxes).toEqual(now)
})

test("Chromium's --screenshot, which captures at the load event, sees the whole page as a visitor does", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const size = { width: 390, height: 2400 }
  const dir = await mkdtemp(join(tmpdir(), 'capture-at-load-'))
  try {
    const atLoad = join(dir, 'at-load.png')
    await promisify(execFile)(
      CHROMIUM_PATH,
      [
        ...CHROMIUM_ARGS,
        '--headless',
        '--hide-scrollbars',
        `--window-size=${size.width},${size.height}`,
        `--screenshot=${atLoad}`,
        `${baseURL}/`,
      ],
      { timeout: 45_000 },
    )
    // The reference: the same page without scripts, where the full stylesheet blocks rendering
    // (<noscript>) and nothing is ever hydrated, once every screenshot is decoded.
    const context = await browser.newContext({ viewport: size, javaScriptEnabled: false, deviceScaleFactor: 1 })
    const page = await context.newPage()
    await page.goto('/', { waitUntil: 'load' })
    for (const img of await page.locator('main img').all())
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true)
    const reference = await page.screenshot({ animations: 'disabled', caret: 'hide' })
    await context.close()
    const [a, b] = await Promise.all(
      [await readFile(atLoad), reference].map((png) =>
        sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true }),
      ),
    )
    expect(`${a!.info.width}x${a!.info.height}`).toBe(`${b!.info.width}x${b!.info.height}`)
    let differing = 0
    for (let i = 0; i < a!.data.length; i += 3)
      if (Math.max(...[0, 1, 2].map((c) => Math.abs(a!.data[i + c]! - b!.data[i + c]!))) > 24) differing++
    // Anti-aliasing aside, the same picture: a blank phone alone would be some 4% of it.
    expect(differing / (size.width * size.height)).toBeLessThan(0.005)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test("the full stylesheet's arrival starts no transition: the form fields do not fade in from grey", async ({
  page,
}) => {
  // Chromium's autofill styles the form fields before the full stylesheet has arrived, so their
  // colours change when it does (scripts/first-view.ts, the hold rule).
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

test('a stylesheet that never arrives keeps nothing hidden: the page is shown, styled, at once', async ({ page }) => {
  // The request stalls: neither load nor error ever fires (so neither does the page's load event).
  await page.route('**/*.css', () => {})
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  const shots = page.getByRole('group', { name: HERO_TEXTS[DEFAULT_LOCALE].screensLabel }).getByRole('img')
  for (const shot of await shots.all())
    await expect.poll(() => shot.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true)
  // Shown at once, not after some time-out: where it is laid out, it is what a tap hits.
  const field = page.locator('#beta-email')
  await field.scrollIntoViewIfNeeded()
  await expect(field).toBeVisible({ timeout: 1000 })
  const hit = await field.evaluate((el) => {
    const r = el.getBoundingClientRect()
    return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el
  })
  expect(hit).toBe(true)
  // Styled by the document's own rules: the field sits in the card, not across the screen.
  const box = (await field.boundingBox())!
  expect(box.width).toBeLessThan(page.viewportSize()!.width - 64)
  // The bot trap stays out of sight: its rule is in the document too. It sits before the
  // page's start (left of a left-to-right page, right of a right-to-left one), where no scroll reaches.
  const trap = (await page.locator('#beta-website').boundingBox())!
  const rtl = (await page.locator('html').getAttribute('dir')) === 'rtl'
  if (rtl) expect(trap.x).toBeGreaterThan(page.viewportSize()!.width)
  else expect(trap.x + trap.width).toBeLessThan(0)
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

test("the phone's first view (390x844 at 3x): at most 150 KB in all, each image at most 60 KB", async ({
  browser,
  baseURL,
}) => {
  expectWithinPhoneBudget(await phoneFirstView(browser, `${baseURL}/`))
})

for (const viewport of [
  { width: 390, height: 844 },
  { width: 720, height: 900 },
  { width: 1440, height: 900 },
])
  test(`each screenshot's sizes is the width it is laid out at (${viewport.width}x${viewport.height})`, async ({
    browser,
    baseURL,
  }) => {
    // The browser picks a file by `sizes` before layout; a `sizes` that overstates the layout
    // fetches a bigger file than the screen needs. Read here as the browser reads it: the first
    // entry whose media condition matches, its length measured on a probe.
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    await page.goto(`${baseURL}/`)
    const widths = await page.locator('main picture').evaluateAll((pictures) =>
      pictures.map((picture) => {
        const entries = picture
          .querySelector('source')!
          .sizes.split(/,(?![^(]*\))/)
          .map((e) => e.trim())
        const chosen = entries.find((e, i) => {
          const media = /^(\(.*?\))\s+(\S.*)$/.exec(e)?.[1]
          return media ? matchMedia(media).matches : i === entries.length - 1
        })!
        const probe = document.createElement('div')
        probe.style.position = 'absolute'
        probe.style.width = chosen.replace(/^\(.*?\)\s+/, '')
        document.body.append(probe)
        const sizes = probe.offsetWidth
        probe.remove()
        return { laidOut: picture.querySelector('img')!.clientWidth, sizes }
      }),
    )
    await context.close()
    expect(widths).toHaveLength(SCREENSHOTS.length)
    for (const { laidOut, sizes } of widths) expect(Math.abs(sizes - laidOut)).toBeLessThanOrEqual(2)
  })

test('the screenshots are served as hashed, immutable AVIF and WebP files, never the original', async ({
  page,
  request,
}) => {
  await page.goto('/')
  const sources = await page
    .locator('main picture source')
    .evaluateAll((els) => els.map((s) => [s.getAttribute('type'), s.getAttribute('srcset')] as const))
  expect(sources.map(([type]) => type)).toEqual(SCREENSHOTS.flatMap(() => ['image/avif', 'image/webp']))
  const urls = sources.flatMap(([, srcset]) => srcset!.split(',').map((c) => c.trim().split(' ')[0]!))
  for (const url of urls.filter((_, i) => i % 4 === 0)) {
    expect(url).toMatch(/^\/assets\/[\w-]+-\d+-[0-9a-f]{12}\.(avif|webp)$/)
    const res = await request.get(url)
    expect(res.status(), url).toBe(200)
    expect(res.headers()['content-type']).toBe(`image/${url.split('.').pop()}`)
    expect(res.headers()['cache-control']).toContain('immutable')
    // No metadata rode along (EXIF, ICC, XMP).
    const meta = await sharp(await res.body()).metadata()
    expect([meta.exif, meta.icc, meta.xmp]).toEqual([undefined, undefined, undefined])
  }
  for (const screen of SCREENSHOTS) expect((await request.get(`/${screen.file}`)).status()).toBe(404)
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
