// Screenshots of the brand on each surface: the page (390 and 1440 px), a server page (the open
// feedback form), the console's sign-in and the privacy page, from the built server. Run after a
// build, with CONTENT_DIR set for a founder's content:  tsx scripts/brand-screenshots.ts OUT_DIR
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { paths } from '../src/shared/paths.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { startScreenshotServer } from './screenshot-server.ts'

const out = process.argv[2] ?? 'test-results/brand'
mkdirSync(out, { recursive: true })
const server = await startScreenshotServer('brand')
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  const shots: [string, string, number, number, boolean][] = [
    ['page-390', '/', 390, 844, true],
    ['page-1440', '/', 1440, 900, true],
    ['server-page-390', paths.feedback.pattern, 390, 844, true],
    ['console-1440', '/admin', 1440, 900, false],
    ['privacy-390', '/privacy', 390, 844, false],
    ['privacy-1440', '/privacy', 1440, 900, false],
  ]
  for (const [name, path, width, height, fullPage] of shots) {
    const page = await browser.newPage({ viewport: { width, height } })
    const res = await page.goto(`${server.base}${path}`, { waitUntil: 'load' })
    await page.waitForTimeout(500)
    await page.screenshot({ path: join(out, `${name}.png`), fullPage })
    console.log(`${name}: ${res?.status()} ${path}`)
    await page.close()
  }
} finally {
  await browser.close()
  await server.stop()
}
