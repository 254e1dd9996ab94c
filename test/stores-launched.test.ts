import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Content } from '../src/content/load.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts'
import { buildStage, type BuiltStage } from './support/built-stage.ts'

// Both stores live, built end to end (docs/decisions/stores-and-badges.md, "Launched"): the
// header and the footer drop the beta's marks. A copy of the demo's content with both stores live
// and placeholder badges, built, served and opened in Chromium (test/support/built-stage.ts);
// every expected text is read back from that content. The beta state is src/web/app.test.tsx's.

let stage: BuiltStage | undefined
let content: Content
let browser: Browser | undefined

beforeAll(async () => {
  stage = await buildStage({ appStore: 'live', googlePlay: 'live' })
  content = stage.content
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}, 360_000)

afterAll(async () => {
  await browser?.close()
  await stage?.remove()
})

test('every language: no BETA badge in the header, the home link named without it, its button says get the app; no badge or beta year in the footer', async () => {
  for (const [i, path] of stage!.roots().entries()) {
    const texts = content.texts[content.locales[i]!]!
    const page = await browser!.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`${stage!.base}${path}`, { waitUntil: 'load' })
    const header = page.locator('header')
    const home = header.locator('a[href="#top"]')
    expect(await home.getAttribute('aria-label'), path).toBe(texts.header.liveHomeLabel)
    // WCAG 2.5.3: the name starts with what the link shows, the product's name alone.
    expect((await home.textContent())?.trim(), path).toBe(content.product.name)
    expect(await header.getByText(texts.header.betaBadge, { exact: true }).count(), path).toBe(0)
    // Its button leads to the badges, in words that say so, before and after its island wakes up.
    const cta = header.getByRole('button', { name: texts.header.liveCta, exact: true })
    expect(await cta.getAttribute('href'), path).toBe('#cta')
    await cta.hover()
    await cta.click()
    const inView = () => page.evaluate(() => document.getElementById('cta')!.getBoundingClientRect().top < innerHeight)
    await expect.poll(inView, { timeout: 10_000 }).toBe(true)
    expect(await header.getByRole('button', { name: texts.header.liveCta, exact: true }).count(), path).toBe(1)
    const footer = page.locator('footer')
    expect(await footer.getByText(texts.footer.betaBadge, { exact: true }).count(), path).toBe(0)
    expect(await footer.getByText(texts.footer.betaYear, { exact: true }).count(), path).toBe(0)
    // The rest of the footer's first row stays: the product's name and its tagline.
    expect(await footer.getByText(texts.footer.tagline, { exact: true }).count(), path).toBe(1)
    await page.close()
  }
})
