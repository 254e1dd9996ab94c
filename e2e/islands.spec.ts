import type { Page } from '@playwright/test'
import { DEFAULT_LOCALE, HEADER_TEXTS, HERO_TEXTS, LEGAL_TEXTS } from '../src/shared/content.ts'
import { expect, footerButton, holdRequests, openDialog, signupEmail, signupSection, test } from './fixtures.ts'

const LEGAL = LEGAL_TEXTS[DEFAULT_LOCALE]
const HEADER_CTA = HEADER_TEXTS[DEFAULT_LOCALE].cta
const HERO_CTA = HERO_TEXTS[DEFAULT_LOCALE].cta

// The page is server HTML with a few React islands (docs/decisions/perf-first-view.md): React
// must never walk the static sections, and the islands below the first view load as they come near.

const LAZY_CHUNKS = /\/assets\/(beta-signup-form|footer-dialogs)-[\w-]+\.js$/

/** Selectors of elements React has a fiber for (React sets `__reactFiber$<id>` on each). */
function reactOwned(page: Page, selector: string) {
  return page
    .locator(selector)
    .evaluateAll((els) =>
      els
        .filter((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')))
        .map((el) => el.outerHTML.slice(0, 80)),
    )
}

test('React owns only what is inside an island; the static sections are never walked', async ({ page }) => {
  await page.goto('/')
  // The two buttons hydrate when the visitor reaches for them: pointer over each.
  for (const name of [HEADER_CTA, HERO_CTA]) {
    await page.getByRole('button', { name, exact: true }).hover()
    await expect.poll(async () => (await reactOwned(page, `a[role="button"]:text-is("${name}")`)).length).toBe(1)
  }
  const owned = await page.evaluate(() =>
    Array.from(document.querySelectorAll('*'))
      .filter((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')))
      .map((el) => ({ tag: el.tagName, inIsland: el.parentElement?.closest('[data-island]') !== null })),
  )
  expect(owned.length).toBeGreaterThan(0)
  expect(owned.filter((o) => !o.inIsland)).toEqual([])
  for (const staticPart of ['h1', 'h2', '#features li', 'img', 'footer p'])
    expect(await reactOwned(page, staticPart), staticPart).toEqual([])
})

test('loading the page evaluates no React: the first view only arms its islands', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(scripts).toHaveLength(1)
  expect(await page.evaluate(() => document.querySelectorAll('[data-island]').length)).toBe(4)
  expect(await reactOwned(page, '[data-island] *')).toEqual([])
  // A tap on "try the beta" before React is there is held, then does what the hydrated button does.
  await page.getByRole('button', { name: HERO_CTA, exact: true }).click()
  await expect(signupEmail(page)).toBeFocused()
  expect(new URL(page.url()).hash).toBe('')
})

test('Space on a "try the beta" button before hydration is held and replayed as its click', async ({ page }) => {
  await page.goto('/')
  const react = await holdRequests(page, '**/assets/hydrate-*.js')
  await page.getByRole('button', { name: HEADER_CTA, exact: true }).focus()
  await react.held
  await page.keyboard.press(' ')
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  react.release()
  await expect(signupEmail(page)).toBeFocused()
  await expect(signupSection(page)).toBeInViewport()
})

test('the sign-up form and the footer dialogs load and hydrate only as they come near', async ({ page }) => {
  const fetched: string[] = []
  page.on('request', (r) => LAZY_CHUNKS.test(r.url()) && fetched.push(new URL(r.url()).pathname))
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(fetched).toEqual([])
  expect(await reactOwned(page, '#beta-email')).toEqual([])

  await signupSection(page).scrollIntoViewIfNeeded()
  await expect.poll(async () => (await reactOwned(page, '#beta-email')).length).toBe(1)
  expect(fetched).toContainEqual(expect.stringMatching(/beta-signup-form/))

  await page.locator('footer').scrollIntoViewIfNeeded()
  await expect.poll(async () => (await reactOwned(page, 'dialog#contact')).length).toBe(1)
})

test('a tap on a footer link before its island is hydrated opens the dialog once it is', async ({ page }) => {
  await page.goto('/')
  const chunk = await holdRequests(page, '**/assets/footer-dialogs-*.js')
  await footerButton(page, 'privacy').click()
  await chunk.held
  // Held, not followed: without this the bare link would lead to the policy's own page.
  expect(new URL(page.url()).pathname).toBe('/')
  expect(new URL(page.url()).hash).toBe('')
  await expect(openDialog(page)).toHaveCount(0)
  chunk.release()
  await expect(openDialog(page)).toHaveAccessibleName(LEGAL.privacy.title)
  expect(await openDialog(page).evaluate((d) => d.matches(':modal'))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(openDialog(page)).toHaveCount(0)
  await expect(footerButton(page, 'privacy')).toBeFocused()
})

test('a shared link to a dialog opens it as a modal at load', async ({ page }) => {
  await page.goto('/#terms')
  // Until the footer's island is React's, the bare page shows the dialog as the URL's target.
  await expect.poll(() => page.locator('dialog#terms').evaluate((d) => d.matches(':modal'))).toBe(true)
  await expect(openDialog(page)).toHaveAccessibleName(LEGAL.terms.title)
  await expect(
    openDialog(page).getByRole('heading', { name: LEGAL.terms.sections[0]!.heading, exact: true }),
  ).toBeVisible()
})
