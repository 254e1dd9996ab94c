import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import { DEFAULT_LOCALE, FOOTER_TEXTS, LEGAL_ENTITY, LEGAL_TEXTS, PRODUCT, THEME } from '../src/shared/content.ts'
import { paths } from '../src/shared/paths.ts'
import { openerPolicyPaths } from '../scripts/static-host.ts'

// The legal texts at stable URLs (docs/decisions/brand.md): the stores' listings link /privacy;
// the pages are prerendered from the documents the dialogs show, and wear the brand.

const CLIENT = fileURLToPath(new URL('../dist/client/', import.meta.url))
const LEGAL = LEGAL_TEXTS[DEFAULT_LOCALE]
const FOOTER = FOOTER_TEXTS[DEFAULT_LOCALE]

async function visit(page: Page, path: string) {
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  const res = await page.goto(path)
  return { res: res!, violations }
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

for (const id of ['privacy', 'terms'] as const) {
  test(`/${id} is the dialog's document as a page of its own, with the logo, the brand's colours and a link home`, async ({
    page,
  }) => {
    const doc = LEGAL[id]
    const { res, violations } = await visit(page, paths[id].href())
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toContain('text/html')
    expect(res.headers()['content-security-policy']).toContain("default-src 'none'")
    await expect(page).toHaveTitle(`${doc.title} · ${PRODUCT.name}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(doc.title)
    for (const section of doc.sections)
      await expect(page.getByRole('heading', { level: 2, name: section.heading, exact: true })).toBeVisible()
    await expect(page.locator('time')).toHaveAttribute('datetime', doc.effectiveDate)
    const home = page.locator('header').getByRole('link', { name: PRODUCT.name, exact: true })
    await expect(home).toHaveAttribute('href', '/')
    await expect(home.locator('svg, img')).toHaveCount(1)
    // Indexed, unlike the server's other pages: the stores and search engines should find it.
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
    // The theme's background reaches the page (light, as the server pages start).
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
    const { r, g, b } = /^#/.test(THEME.light.page) ? hex(THEME.light.page) : { r: -1, g: -1, b: -1 }
    if (r >= 0) expect(background).toBe(`rgb(${r}, ${g}, ${b})`)
    // The dialogs' in-page links lead to the other pages.
    for (const href of await page.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
      expect(href).not.toMatch(/^#(privacy|terms)$/)
    await expectAccessible(page)
    expect(violations).toEqual([])
  })
}

function hex(colour: string) {
  const h = colour.length === 4 ? [...colour.slice(1)].map((c) => c + c).join('') : colour.slice(1)
  return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16) }
}

test('the imprint has its page and a footer link exactly when the content sets one', async ({ page, request }) => {
  const res = await request.get(paths.imprint.href())
  await page.goto('/')
  const link = page.locator('footer').getByRole('link', { name: FOOTER.imprint ?? 'no imprint text' })
  if (LEGAL_ENTITY.imprint) {
    expect(res.status()).toBe(200)
    await expect(link).toHaveAttribute('href', paths.imprint.href())
    await link.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FOOTER.imprint!)
    await expect(page.locator('main')).toContainText(LEGAL_ENTITY.company)
    await expectAccessible(page)
  } else {
    expect(res.status()).toBe(404)
    await expect(link).toHaveCount(0)
  }
})

test('the sitemap and the static hosts know the legal pages', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  const pages = [paths.privacy.href(), paths.terms.href(), ...(LEGAL_ENTITY.imprint ? [paths.imprint.href()] : [])]
  for (const path of pages) expect(sitemap).toContain(`${path}</loc>`)
  // The static hosts' header files give every page but the landing page the opener policy.
  const opener = await openerPolicyPaths(CLIENT)
  for (const path of pages) expect(opener).toEqual(expect.arrayContaining([path, `${path}/`]))
})
