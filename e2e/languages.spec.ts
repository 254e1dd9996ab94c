import { axeScan } from './axe.ts'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  EMAIL_TEXTS,
  FOOTER_TEXTS,
  HERO_TEXTS,
  LEGAL_TEXTS,
  SCREENSHOTS,
  SERVER_PAGE_TEXTS,
  SIGNUP_TEXTS,
  SITE_TEXTS,
  texts,
} from '../src/shared/content.ts'
import { fill } from '../src/shared/content-types.ts'
import { contentDir } from '../src/content/load.ts'
import { DEFAULT_LOCALE, LOCALES, localeRoot, type Locale } from '../src/shared/locales.ts'
import type { Page } from '@playwright/test'
import { exactly, expect, test, uniqueEmail } from './fixtures.ts'
import { linkFrom, signInToConsole } from './console-support.ts'

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

/** Every string of a language's content: its texts and its legal texts. */
function stringsOf(locale: Locale): string[] {
  const out: string[] = []
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.push(value)
    else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v)
  }
  walk([texts(locale), LEGAL_TEXTS[locale]])
  return out
}

/** The strings of `locale` that no other language has, not even inside one of its own texts. */
function onlyIn(locale: Locale): string[] {
  const others = LOCALES.filter((l) => l !== locale).flatMap(stringsOf)
  return [...new Set(stringsOf(locale))].filter((s) => s.length >= 8 && !others.some((o) => o.includes(s)))
}

/** Every script a page loads once each of its islands has been woken and hydrated. */
async function scriptsOf(page: Page, path: string): Promise<string> {
  const bodies: Promise<string>[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.text())
  })
  await page.goto(path)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  // Focus reaches every island: each fetches its code and its texts (src/web/islands/arm-islands.ts).
  // Each island's chunk and the texts' chunk are awaited: networkidle alone may already hold.
  const chunks = ['hydrate', 'cta-links', 'beta-signup-form', 'footer-dialogs', 'island-texts-', 'legal-texts-'].map(
    (name) => page.waitForResponse((res) => new URL(res.url()).pathname.startsWith(`/assets/${name}`)),
  )
  await page
    .locator('[data-island]')
    .evaluateAll((islands) => islands.forEach((el) => el.dispatchEvent(new FocusEvent('focusin'))))
  await Promise.all(chunks)
  await page.waitForLoadState('networkidle')
  const inline = await page.locator('script:not([src])').evaluateAll((s) => s.map((e) => e.textContent).join('\n'))
  return [inline, ...(await Promise.all(bodies))].join('\n')
}

test("a language's page loads its own strings and no other language's", async ({ browser }) => {
  for (const locale of LOCALES) {
    const context = await browser.newContext()
    const js = await scriptsOf(await context.newPage(), localeRoot(locale))
    await context.close()
    const own = onlyIn(locale)
    // Its own island texts are there (the check below would pass on a page with no texts at all).
    expect(own.filter((s) => js.includes(s)).length, `${locale}'s own strings in its scripts`).toBeGreaterThan(10)
    for (const other of LOCALES.filter((l) => l !== locale)) {
      const leaked = onlyIn(other).filter((s) => js.includes(s))
      expect(leaked, `${other} strings in the scripts of ${localeRoot(locale)}`).toEqual([])
    }
  }
})

test("the other language's page: its form speaks it once hydrated, and axe finds nothing", async ({ page }) => {
  await page.goto(localeRoot(other))
  const email = page.locator('aside#cta').getByRole('textbox', { name: SIGNUP_TEXTS[other].emailLabel })
  await email.fill(uniqueEmail('lang'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  await expect(page.locator('aside#cta').getByRole('button', { name: SIGNUP_TEXTS[other].submit })).toBeEnabled()
  const results = await axeScan(page)
  expect(results.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([])
})

test("a sign-up on the other language's page gets its welcome email in that language", async ({ page, outbox }) => {
  await page.goto(localeRoot(other))
  const email = uniqueEmail('lang')
  const cta = page.locator('aside#cta')
  await cta.getByRole('textbox', { name: SIGNUP_TEXTS[other].emailLabel }).fill(email)
  await cta.getByRole('button', { name: SIGNUP_TEXTS[other].submit }).click()
  await expect(cta.getByText(SIGNUP_TEXTS[other].successTitle, { exact: true })).toBeVisible()
  const welcome = await outbox.waitFor(email)
  expect(welcome.subject).toBe(EMAIL_TEXTS[other].welcome.subject)
  expect(welcome.text).toContain(EMAIL_TEXTS[other].welcome.phoneQuestion)
  const html = await readFile(join(outbox.dir, `${welcome.id}.html`), 'utf8')
  expect(html).toMatch(new RegExp(`<html[^>]*\\slang="${other}"`))
  expect(html).toContain(EMAIL_TEXTS[other].welcome.phoneQuestion)
})

test("a sign-up on the other language's page: its invitation and the pages its links open speak that language", async ({
  page,
  outbox,
  browser,
}) => {
  test.slow()
  const pages = SERVER_PAGE_TEXTS[other]
  const mail = EMAIL_TEXTS[other]
  const email = uniqueEmail('lang-invite')
  await page.goto(localeRoot(other))
  const cta = page.locator('aside#cta')
  await cta.getByRole('textbox', { name: SIGNUP_TEXTS[other].emailLabel }).fill(email)
  await cta.getByRole('button', { name: SIGNUP_TEXTS[other].submit }).click()
  await expect(cta.getByText(SIGNUP_TEXTS[other].successTitle, { exact: true })).toBeVisible()

  // The welcome email's iPhone link: the phone choice, in their language, and home to their page.
  const choice = await linkFrom(
    outbox,
    email,
    exactly(mail.welcome.subject),
    /https?:\/\/\S+\/beta\/phone\?platform=ios&token=[\w-]+/,
  )
  const person = await browser.newContext({ baseURL: test.info().project.use.baseURL! })
  const tester = await person.newPage()
  await tester.goto(choice)
  const ios = { phone: pages.phoneIos, phoneName: pages.phoneNameIos }
  await expect(tester.locator('html')).toHaveAttribute('lang', other)
  await expect(tester.getByRole('heading', { level: 1 })).toHaveText(fill(pages.phoneHeading, ios))
  await tester.getByRole('button', { name: fill(pages.phoneButton, ios) }).click()
  await expect(tester.getByRole('heading', { level: 1 })).toHaveText(pages.phoneThanksHeading)
  await expect(tester.locator('main').getByRole('link', { name: pages.backHome })).toHaveAttribute(
    'href',
    localeRoot(other),
  )

  // The owner invites them from the console (the console stays in the default language).
  await signInToConsole(page, outbox)
  await page.getByRole('link', { name: 'Invitations' }).click()
  await page.getByLabel('How many').fill('1000')
  await page.getByLabel('Platform to invite').selectOption('ios')
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible()
  await page.getByRole('button', { name: /^Invite these/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send invitations' }).click()
  await expect(page.getByRole('status').filter({ hasText: /invitations? queued/ })).toBeVisible()

  // The invitation is in their language, HTML and text.
  const feedback = await linkFrom(
    outbox,
    email,
    exactly(mail.invitation.subject),
    /https?:\/\/\S+\/beta\/feedback\?token=[\w-]+/,
  )
  const invitation = (await outbox.to(email)).find((e) => e.subject === mail.invitation.subject)!
  expect(invitation.text).toContain(mail.invitation.introOne)
  expect(invitation.text).toContain(mail.common.joinIos)
  const html = await readFile(join(outbox.dir, `${invitation.id}.html`), 'utf8')
  expect(html).toMatch(new RegExp(`<html[^>]*\\slang="${other}"`))

  // Its feedback link: the form, what to fix, and the thanks, all in their language.
  await tester.goto(feedback)
  await expect(tester.locator('html')).toHaveAttribute('lang', other)
  await expect(tester.getByRole('heading', { level: 1 })).toHaveText(pages.feedbackHeading)
  await tester.getByLabel(pages.feedbackWorks).fill('Alles.')
  await tester.evaluate(() => document.querySelector('form')!.setAttribute('novalidate', ''))
  await tester.getByRole('button', { name: pages.feedbackSend }).click()
  await expect(tester.getByRole('alert')).toContainText(pages.feedbackRatingInvalid)
  await tester.locator('input[name="rating"][value="5"]').check()
  await tester.getByRole('button', { name: pages.feedbackSend }).click()
  await expect(tester.getByRole('heading', { level: 1 })).toHaveText(pages.feedbackThanksHeading)
  await expect(tester.locator('html')).toHaveAttribute('lang', other)

  // And its link to leave the beta.
  const leave = /https?:\/\/\S+\/unsubscribe\?token=[\w-]+/.exec(invitation.text)![0]
  await tester.goto(new URL(leave).pathname + new URL(leave).search)
  await expect(tester.locator('html')).toHaveAttribute('lang', other)
  await expect(tester.getByRole('heading', { level: 1 })).toHaveText(pages.leaveHeading)
  await person.close()
})

test('each language shows its own share image and its own screenshots, else the default language’s', async ({
  page,
  request,
}) => {
  const shown: Record<string, { image: string; screens: string[] }> = {}
  for (const locale of LOCALES) {
    await page.goto(localeRoot(locale))
    const image = (await page.locator('meta[property="og:image"]').getAttribute('content'))!
    expect(await page.locator('meta[name="twitter:image"]').getAttribute('content')).toBe(image)
    const png = await request.get(new URL(image).pathname)
    expect(png.status(), image).toBe(200)
    expect(png.headers()['content-type']).toBe('image/png')
    const screens = await page
      .getByRole('group', { name: HERO_TEXTS[locale].screensLabel })
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')!))
    expect(screens).toHaveLength(SCREENSHOTS.length)
    shown[locale] = { image: new URL(image).pathname, screens }
  }
  // A card per language, in its words: no two pages share one.
  expect(new Set(LOCALES.map((l) => shown[l]!.image)).size).toBe(LOCALES.length)
  // content/screens/<lang>/<file> is that language's; without it, the default's file is shown.
  const dir = contentDir()
  for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE))
    SCREENSHOTS.forEach((screen, i) => {
      const own = existsSync(join(dir, 'screens', locale, screen.file))
      const [mine, theirs] = [shown[locale]!.screens[i], shown[DEFAULT_LOCALE]!.screens[i]]
      if (own) expect(mine, `${locale}: screens/${locale}/${screen.file}`).not.toBe(theirs)
      else expect(mine, `${locale}: screens/${screen.file}`).toBe(theirs)
    })
})
