import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Content } from '../src/content/load.ts'
import { openPglite } from '../src/server/db/pglite.ts'
import { DEFAULT_PLAY_ATTRIBUTION } from '../src/shared/content-types.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts'
import { buildStage, type BuiltStage } from './support/built-stage.ts'

// Half live, built end to end (issue 43, docs/decisions/stores-and-badges.md): a copy of the
// demo's content with the App Store live and Google Play in closed testing, placeholder badges
// drawn by the test, built, served, and opened in Chromium (test/support/built-stage.ts). Every
// expected text is read back from that content.

let stage: BuiltStage | undefined
let content: Content
let browser: Browser | undefined
let base = ''
const roots = () => stage!.roots()

beforeAll(async () => {
  stage = await buildStage({ appStore: 'live', googlePlay: 'beta' })
  ;({ content, base } = stage)
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}, 360_000)

afterAll(async () => {
  await browser?.close()
  await stage?.remove()
})

test('every language: the Smart App Banner meta names the App Store id, in the prerendered document', async () => {
  const appStore = content.stores.appStore!
  for (const path of roots()) {
    const html = await (await fetch(`${base}${path}`)).text()
    expect(html, path).toContain(`<meta name="apple-itunes-app" content="app-id=${appStore.appId}" />`)
  }
})

test('every language: the App Store badge links to the store in the hero and the sign-up, sized, with its alt text; no Play badge, no attribution', async () => {
  const appStore = content.stores.appStore!
  for (const [i, path] of roots().entries()) {
    const texts = content.texts[content.locales[i]!]!
    const page = await browser!.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`${base}${path}`, { waitUntil: 'load' })
    const badges = page.locator('a[data-store="appStore"]')
    await expect.poll(() => badges.count()).toBe(2)
    for (const badge of await badges.all()) {
      expect(await badge.getAttribute('href')).toBe(appStore.url)
      const img = badge.locator('img')
      expect(await img.getAttribute('alt')).toBe(texts.stores.appStoreAlt)
      // Its box is set before it arrives (no layout shift); a quarter of its height is clear around it.
      expect(await img.getAttribute('height')).toBe('48')
      expect(Number(await img.getAttribute('width'))).toBeGreaterThan(48)
      await badge.scrollIntoViewIfNeeded()
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
      const [imgBox, linkBox] = [await img.boundingBox(), await badge.boundingBox()]
      expect(imgBox!.height).toBe(48)
      expect(imgBox!.y - linkBox!.y).toBe(12)
      expect(imgBox!.x - linkBox!.x).toBe(12)
    }
    expect(await page.locator('[data-store="googlePlay"]').count()).toBe(0)
    // Android is still in beta: the header keeps its BETA badge and says so in its home link's name.
    const header = page.locator('header')
    expect(await header.getByText(texts.header.betaBadge, { exact: true }).count()).toBe(1)
    expect(await header.locator('a[href="#top"]').getAttribute('aria-label')).toBe(texts.header.homeLabel)
    const footer = (await page.locator('footer').textContent()) ?? ''
    expect(footer).not.toContain(texts.stores.playAttribution ?? DEFAULT_PLAY_ATTRIBUTION)
    await page.close()
  }
})

test('the sign-up stays for Android: its heading, the phone already chosen, and the sign-up stored as android', async () => {
  const locale = content.locales.at(-1)!
  const texts = content.texts[locale]!
  const page = await browser!.newPage({ viewport: { width: 1440, height: 900 } })
  await page.goto(`${base}${roots().at(-1)}`, { waitUntil: 'load' })
  expect(await page.locator('#cta-title').textContent()).toBe(texts.stores.signupAndroidHeading)
  expect(await page.locator('#cta input[name="platform"]').getAttribute('value')).toBe('android')
  // The beta's call to action stays in the hero, for the phone still in beta.
  const heroCta = page.locator('section[aria-labelledby="hero-title"] a[href="#cta"]')
  expect(await heroCta.count()).toBe(1)
  expect((await heroCta.textContent())?.trim()).toBe(texts.hero.cta)
  await page.locator('#beta-email').fill('droid@example.com')
  await page.getByRole('button', { name: texts.signup.submit }).click()
  await expect.poll(() => page.locator('#beta-welcome').count(), { timeout: 15_000 }).toBe(1)
  await page.close()

  await stage!.stopServer()
  const db = await openPglite(join(stage!.root, 'pglite'))
  try {
    const rows = await db.query<{ email: string; platform: string; locale: string }>(
      'select email, platform, locale from public.beta_signups',
    )
    expect(rows.rows).toEqual([{ email: 'droid@example.com', platform: 'android', locale }])
  } finally {
    await db.close()
  }
}, 60_000)
