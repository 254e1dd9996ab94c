// The brand's landing page in each of its languages, as a visitor sees it, and each language's
// share image (docs/decisions/brand.md). Run after a build, with CONTENT_DIR set for a founder's content:
//   CONTENT_DIR=test/fixtures/trailmate tsx scripts/brand-language-screenshots.ts OUT_DIR PREFIX
// Every language at 320, 390 and 1440 px in the visitor's light scheme, and at 390 px in the dark
// one (the page's layout is the scheme's the same; the phone shows the dark colours): the whole
// page, as a palette PNG (a fraction of the bytes, no visible loss on flat UI colours). The share
// images are the built files themselves, named by each page's og:image.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import { LOCALES } from '../src/shared/content.ts'
import { localeRoot } from '../src/shared/locales.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { startScreenshotServer } from './screenshot-server.ts'

const out = process.argv[2] ?? 'test-results/brand-languages'
const prefix = process.argv[3] ?? 'brand'
const SHOTS = [
  { width: 320, height: 640, scheme: 'light' },
  { width: 390, height: 844, scheme: 'light' },
  { width: 390, height: 844, scheme: 'dark' },
  { width: 1440, height: 900, scheme: 'light' },
] as const
mkdirSync(out, { recursive: true })
const server = await startScreenshotServer('brand-languages')
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  for (const locale of LOCALES) {
    const path = localeRoot(locale)
    for (const { width, height, scheme } of SHOTS) {
      const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme })
      await page.goto(`${server.base}${path}`, { waitUntil: 'load' })
      // Hydrated, every held part shown, the pictures decoded: the page as it settles.
      await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset, null, { timeout: 15_000 })
      await page.evaluate(async () => {
        for (const img of Array.from(document.images)) await img.decode().catch(() => {})
      })
      const name = `${prefix}-${locale}-${width}-${scheme}.png`
      const shot = await page.screenshot({ fullPage: true })
      writeFileSync(join(out, name), await sharp(shot).png({ palette: true, quality: 90, effort: 10 }).toBuffer())
      console.log(name)
      await page.close()
    }
    // The share image a link to this page unfurls with, as served.
    const html = await (await fetch(`${server.base}${path}`)).text()
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]
    if (!image) throw new Error(`${path} names no og:image`)
    const res = await fetch(`${server.base}${new URL(image).pathname}`)
    if (!res.ok) throw new Error(`${image}: ${res.status}`)
    const name = `${prefix}-share-${locale}.png`
    writeFileSync(join(out, name), Buffer.from(await res.arrayBuffer()))
    console.log(name)
  }
} finally {
  await browser.close()
  await server.stop()
}
