// The page at one stage of the launch (docs/decisions/stores-and-badges.md): the hero's first view
// and the sign-up section (and the footer, once live), at 390 and 1440 px, from the built server. Build first with the content
// of that stage (test/support/store-content.ts makes one with placeholder badges), then:
//   tsx scripts/store-screenshots.ts <beta|half|live> [OUT_DIR]
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { startScreenshotServer } from './screenshot-server.ts'

const stage = process.argv[2] ?? 'beta'
const out = process.argv[3] ?? 'test-results/stores'
mkdirSync(out, { recursive: true })
/** Every image in the viewport has arrived (a lazy one further down is not asked for yet). */
const shown = () =>
  Array.from(document.images)
    .filter((img) => {
      const box = img.getBoundingClientRect()
      return box.bottom > 0 && box.top < innerHeight
    })
    .every((img) => img.complete && img.naturalWidth > 0)

const server = await startScreenshotServer(`stores-${stage}`)
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    const page = await browser.newPage({ viewport: { width, height } })
    await page.goto(`${server.base}/`, { waitUntil: 'load' })
    await page.waitForFunction(shown, null, { timeout: 10_000 })
    await page.screenshot({ path: join(out, `stores-${stage}-hero-${width}.png`) })
    const signup = page.locator('#cta')
    await signup.scrollIntoViewIfNeeded()
    await page.waitForFunction(shown, null, { timeout: 10_000 })
    await signup.screenshot({ path: join(out, `stores-${stage}-signup-${width}.png`) })
    // Google's attribution line: only a live Play badge brings it.
    if (stage === 'live')
      await page.locator('footer').screenshot({ path: join(out, `stores-${stage}-footer-${width}.png`) })
    console.log(`stores-${stage}: ${width}x${height}`)
    await page.close()
  }
} finally {
  await browser.close()
  await server.stop()
}
