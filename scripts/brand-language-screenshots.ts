// The brand's landing page in each of its languages, as a visitor sees it: 320, 390 and 1440 px, the
// whole page, in the visitor's dark and light (docs/decisions/brand.md). Run after a build, with
// CONTENT_DIR set for a founder's content:
//   CONTENT_DIR=test/fixtures/trailmate tsx scripts/brand-language-screenshots.ts OUT_DIR PREFIX
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { DEFAULT_LOCALE, LOCALES } from '../src/shared/content.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { startScreenshotServer } from './screenshot-server.ts'

const out = process.argv[2] ?? 'test-results/brand-languages'
const prefix = process.argv[3] ?? 'brand'
mkdirSync(out, { recursive: true })
const server = await startScreenshotServer('brand-languages')
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  for (const locale of LOCALES)
    for (const scheme of ['dark', 'light'] as const)
      for (const [width, height] of [
        [320, 640],
        [390, 844],
        [1440, 900],
      ] as const) {
        const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme })
        await page.goto(`${server.base}${locale === DEFAULT_LOCALE ? '/' : `/${locale}/`}`, { waitUntil: 'load' })
        // Hydrated, every held part shown, the pictures decoded: the page as it settles.
        await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset, null, { timeout: 15_000 })
        await page.evaluate(async () => {
          for (const img of Array.from(document.images)) await img.decode().catch(() => {})
        })
        const name = `${prefix}-${locale}-${width}-${scheme}.png`
        await page.screenshot({ path: join(out, name), fullPage: true })
        console.log(name)
        await page.close()
      }
} finally {
  await browser.close()
  await server.stop()
}
