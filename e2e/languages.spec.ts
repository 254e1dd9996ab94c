import { AxeBuilder } from '@axe-core/playwright'
import { FOOTER_TEXTS, SIGNUP_TEXTS, SITE_TEXTS } from '../src/shared/content.ts'
import { DEFAULT_LOCALE, LOCALES, localeRoot, type Locale } from '../src/shared/locales.ts'
import { expect, test, uniqueEmail } from './fixtures.ts'

// Each language is a prerendered page of its own: `/` for the default, `/<lang>/` for the others
// (docs/decisions/languages.md). Texts come from the content module, so a founder's edit or a
// third language keeps these tests true.

const other = LOCALES.find((l) => l !== DEFAULT_LOCALE)! as Locale
const origin = (url: string) => new URL(url).origin

test('every language has its own page: lang, title, description, canonical to itself, hreflang both ways', async ({
  page,
  request,
}) => {
  let canonicalOrigin = ''
  for (const locale of LOCALES) {
    await page.goto(localeRoot(locale))
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expect(page).toHaveTitle(SITE_TEXTS[locale].title)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', SITE_TEXTS[locale].description)
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
    canonicalOrigin = origin(canonical!)
    expect(canonical).toBe(`${canonicalOrigin}${localeRoot(locale)}`)
    // Every language plus x-default, absolute, on every page: each names the other.
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]))
    expect(alternates).toEqual([
      ...LOCALES.map((l) => [l, `${canonicalOrigin}${localeRoot(l)}`]),
      ['x-default', `${canonicalOrigin}/`],
    ])
  }
  // The sitemap lists each page with its alternates.
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const l of LOCALES) {
    expect(sitemap).toContain(`<loc>${canonicalOrigin}${localeRoot(l)}</loc>`)
    expect(sitemap).toContain(`hreflang="${l}" href="${canonicalOrigin}${localeRoot(l)}"`)
  }
  expect(sitemap).toContain(`hreflang="x-default" href="${canonicalOrigin}/"`)
})

test("the footer's link switches language, and the page is the visitor's choice, not the browser's", async ({
  browser,
}) => {
  // A browser that prefers the other language still gets the page it asked for.
  const context = await browser.newContext({ locale: other })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', DEFAULT_LOCALE)
  const switcher = page.getByRole('navigation', { name: FOOTER_TEXTS[DEFAULT_LOCALE].languages })
  await switcher.locator(`a[lang="${other}"]`).click()
  await expect(page).toHaveURL(new RegExp(`${localeRoot(other)}$`))
  await expect(page.locator('html')).toHaveAttribute('lang', other)
  await expect(page.getByRole('heading', { level: 2, name: SIGNUP_TEXTS[other].heading })).toBeVisible()
  // /de works without its slash too.
  await page.goto(localeRoot(other).slice(0, -1))
  await expect(page.locator('html')).toHaveAttribute('lang', other)
  const back = page.getByRole('navigation', { name: FOOTER_TEXTS[other].languages })
  await back.locator(`a[lang="${DEFAULT_LOCALE}"]`).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('html')).toHaveAttribute('lang', DEFAULT_LOCALE)
  await context.close()
})

test("the other language's page: its form speaks it once hydrated, and axe finds nothing", async ({ page }) => {
  await page.goto(localeRoot(other))
  const email = page.locator('aside#cta').getByRole('textbox', { name: SIGNUP_TEXTS[other].emailLabel })
  await email.fill(uniqueEmail('lang'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  await expect(page.locator('aside#cta').getByRole('button', { name: SIGNUP_TEXTS[other].submit })).toBeEnabled()
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(results.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([])
})
