import { axeScan } from './axe.ts'
import { expect, test, type Page } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import {
  DEFAULT_LOCALE,
  FOOTER_TEXTS,
  IMPRINTS,
  LEGAL_ENTITY,
  LEGAL_TEXTS,
  LOCALES,
  PRODUCT,
  THEME,
} from '../src/shared/content.ts'
import { directionOf, legalPath, localeRoot } from '../src/shared/locales.ts'
import { paths } from '../src/shared/paths.ts'
import { openerPolicyPaths } from '../scripts/static-host.ts'

// The legal texts at stable URLs (docs/decisions/brand.md): the stores' listings link /privacy;
// the pages are prerendered from the documents the dialogs show, and wear the brand. Every
// language has its own at /<lang>/privacy and /<lang>/terms (docs/decisions/languages.md).

const CLIENT = fileURLToPath(new URL('../dist/client/', import.meta.url))

async function visit(page: Page, path: string) {
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  const res = await page.goto(path)
  return { res: res!, violations }
}

async function expectAccessible(page: Page) {
  const results = await axeScan(page)
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

for (const locale of LOCALES)
  for (const id of ['privacy', 'terms'] as const) {
    const path = legalPath(id, locale)
    test(`${path} is the dialog's document in its language as a page of its own, with the logo, the brand's colours and a link home`, async ({
      page,
      request,
    }) => {
      const doc = LEGAL_TEXTS[locale][id]
      const { res, violations } = await visit(page, path)
      expect(res.status()).toBe(200)
      expect(res.headers()['content-type']).toContain('text/html')
      expect(res.headers()['content-security-policy']).toContain("default-src 'none'")
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page).toHaveTitle(`${doc.title} · ${PRODUCT.name}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(doc.title)
      for (const section of doc.sections)
        await expect(page.getByRole('heading', { level: 2, name: section.heading, exact: true })).toBeVisible()
      await expect(page.locator('time')).toHaveAttribute('datetime', doc.effectiveDate)
      const home = page.locator('header').getByRole('link', { name: PRODUCT.name, exact: true })
      await expect(home).toHaveAttribute('href', localeRoot(locale))
      await expect(home.locator('svg, img')).toHaveCount(1)
      // Indexed, unlike the server's other pages: the stores and search engines should find it.
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
      // Named to search engines as the landing pages are: itself, and every language's version.
      const canonical = (await page.locator('link[rel="canonical"]').getAttribute('href'))!
      const origin = new URL(canonical).origin
      expect(canonical).toBe(`${origin}${path}`)
      expect(
        await page
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])),
      ).toEqual(
        LOCALES.length > 1
          ? [
              ...LOCALES.map((l) => [l, `${origin}${legalPath(id, l)}`]),
              ['x-default', `${origin}${legalPath(id, DEFAULT_LOCALE)}`],
            ]
          : [],
      )
      // The theme's background reaches the page (light, as the server pages start).
      const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
      const { r, g, b } = /^#/.test(THEME.light.page) ? hex(THEME.light.page) : { r: -1, g: -1, b: -1 }
      if (r >= 0) expect(background).toBe(`rgb(${r}, ${g}, ${b})`)
      // The dialogs' in-page links lead to the other pages of the same language.
      for (const href of await page.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
        expect(href).not.toMatch(/^#(privacy|terms)$/)
        if (href?.startsWith('/')) expect(href.startsWith(localeRoot(locale))).toBe(true)
      }
      await expectAccessible(page)
      expect(violations).toEqual([])
      // With its slash too, and sent precompressed.
      const slash = await request.get(`${path}/`, { headers: { 'accept-encoding': 'br' } })
      expect(slash.status()).toBe(200)
      expect(slash.headers()['content-encoding']).toBe('br')
      expect(await slash.text()).toContain(`<html lang="${locale}" dir="${directionOf(locale)}">`)
    })
  }

function hex(colour: string) {
  const h = colour.length === 4 ? [...colour.slice(1)].map((c) => c + c).join('') : colour.slice(1)
  return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16) }
}

test('the imprint has its page in every language, and a footer link, exactly when the content sets one', async ({
  page,
  request,
}) => {
  for (const locale of LOCALES) {
    const path = legalPath('imprint', locale)
    const footer = FOOTER_TEXTS[locale]
    const res = await request.get(path)
    await page.goto(localeRoot(locale))
    const link = page.locator('footer').getByRole('link', { name: footer.imprint ?? 'no imprint text' })
    const imprint = IMPRINTS[locale]
    if (imprint) {
      expect(res.status()).toBe(200)
      await expect(link).toHaveAttribute('href', path)
      await link.click()
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(footer.imprint!)
      await expect(page.locator('main')).toContainText(LEGAL_ENTITY.company)
      // This language's own imprint text (locales/<lang>.yaml's legal.imprint), else the default's.
      await expect(page.locator('main')).toContainText(imprint.split('\n')[0]!.trim())
      await expectAccessible(page)
    } else {
      expect(res.status()).toBe(404)
      await expect(link).toHaveCount(0)
    }
  }
})

test('the sitemap names every language of each legal page, and the static hosts know them all', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  const origin = /<loc>(https?:\/\/[^/<]+)\//.exec(sitemap)![1]!
  const names = ['privacy', 'terms', ...(IMPRINTS[DEFAULT_LOCALE] ? ['imprint' as const] : [])] as const
  expect(paths.privacy.href()).toBe(legalPath('privacy', DEFAULT_LOCALE))
  // The static hosts' header files give every page but the landing page the opener policy.
  const opener = await openerPolicyPaths(CLIENT)
  for (const name of names) {
    for (const locale of LOCALES) {
      const path = legalPath(name, locale)
      expect(sitemap).toContain(`<loc>${origin}${path}</loc>`)
      expect(opener).toEqual(expect.arrayContaining([path, `${path}/`]))
    }
    // Each entry names every language's page and x-default, as the landing pages do.
    if (LOCALES.length > 1) {
      for (const locale of LOCALES)
        expect(sitemap).toContain(`hreflang="${locale}" href="${origin}${legalPath(name, locale)}"`)
      expect(sitemap).toContain(`hreflang="x-default" href="${origin}${legalPath(name, DEFAULT_LOCALE)}"`)
    }
  }
})
