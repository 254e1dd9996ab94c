import { axeScan } from './axe.ts'
import type { Page, Route } from '@playwright/test'
import { CONTACT_TEXTS, DEFAULT_LOCALE, SIGNUP_TEXTS } from '../src/shared/content.ts'

const [CONTACT, SIGNUP] = [CONTACT_TEXTS[DEFAULT_LOCALE], SIGNUP_TEXTS[DEFAULT_LOCALE]]
import {
  alertFrom,
  CONTACT_TABLE,
  contactFields,
  expect,
  fillContact,
  footerButton,
  holdRequests,
  joinButton,
  openDialog,
  pgrstError,
  RESEND_FUNCTION,
  SIGNUP_TABLE,
  signupEmail,
  test,
  uniqueEmail,
} from './fixtures.ts'
import { letAxeRunWithoutScripts } from './console-support.ts'
import { DEFAULT_LOCALE as T_LOCALE, texts } from '../src/shared/content.ts'

/** The texts the tests expect: the content's (the demo's are the specification's words). */
const T = texts(T_LOCALE)

/**
 * WCAG rules axe marks experimental, so its tags alone leave them out: 2.5.3 label in name (a
 * control's accessible name starts with its visible text, so speech users can say what they see).
 */
const EXPERIMENTAL_RULES = ['label-content-name-mismatch']

/** Runs axe on the page as it is now; a failure lists each rule with the elements it hit. */
async function expectNoViolations(page: Page) {
  const rules = Object.fromEntries(EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }]))
  // options() replaces the whole option object, so it comes before withTags().
  const results = await axeScan(page, (axe) => axe.options({ rules }))
  // A rule that never ran would pass vacuously.
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map(
    (r) => r.id,
  )
  expect(ran).toEqual(expect.arrayContaining(EXPERIMENTAL_RULES))
  const { violations } = results
  const summary = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }))
  expect(summary).toEqual([])
  return results
}

/** Opens a footer dialog and waits for its opening animation to end, so axe sees its final colours. */
async function openFromFooter(page: Page, opener: 'contact' | 'privacy' | 'terms') {
  await footerButton(page, opener).click()
  const dialog = openDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0)
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)))
  return dialog
}

test.beforeEach(async ({ page }) => {
  await page.goto('/')
})

test('the page as it loads', async ({ page }) => {
  await expectNoViolations(page)
})

for (const opener of ['contact', 'privacy', 'terms'] as const) {
  test(`the ${opener} dialog open`, async ({ page }) => {
    await footerButton(page, opener).click()
    await expect(openDialog(page)).toBeVisible()
    // A policy's text is loaded when the footer's island is hydrated: axe checks the text itself.
    await expect(openDialog(page).locator('[aria-busy="true"]')).toHaveCount(0)
    await expectNoViolations(page)
  })
}

test.describe('sign-up states', () => {
  test('submitting, then success', async ({ page }) => {
    const insert = await holdRequests(page, SIGNUP_TABLE)
    await signupEmail(page).fill(uniqueEmail('a11y'))
    await joinButton(page).click()
    await insert.held
    await expect(joinButton(page)).toHaveText(T.signup.submitting)
    await expectNoViolations(page)
    insert.release()
    await expect(page.getByText(T.signup.successTitle, { exact: true })).toBeVisible()
    await expectNoViolations(page)
  })

  test('after a failed insert', async ({ page }) => {
    await page.route(SIGNUP_TABLE, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: pgrstError('no') }),
    )
    await signupEmail(page).fill(uniqueEmail('a11y-err'))
    await alertFrom(page, () => joinButton(page).click())
    await expect(joinButton(page)).toBeEnabled()
    await expectNoViolations(page)
  })

  test('after a failed email function', async ({ page }) => {
    await page.route(RESEND_FUNCTION, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
    )
    await signupEmail(page).fill(uniqueEmail('a11y-fn'))
    await alertFrom(page, () => joinButton(page).click())
    await expect(joinButton(page)).toBeEnabled()
    await expectNoViolations(page)
  })

  // The proof of work adds two moments, the wait for the solver and its failure.
  test('waiting for the proof of work, then success', async ({ page }) => {
    const challenge = await holdRequests(page, '**/functions/v1/resend-email/challenge')
    await signupEmail(page).fill(uniqueEmail('a11y-pow'))
    await challenge.held
    await joinButton(page).click()
    await expect(joinButton(page)).toHaveText(T.signup.submitting)
    await expectNoViolations(page)
    challenge.release()
    await expect(page.getByText(T.signup.successTitle, { exact: true })).toBeVisible()
    await expectNoViolations(page)
  })

  test('after a failed solver', async ({ page }) => {
    await page.route('**/functions/v1/resend-email/challenge', (route) => route.abort('connectionrefused'))
    await signupEmail(page).fill(uniqueEmail('a11y-solver'))
    await alertFrom(page, () => joinButton(page).click())
    await expect(joinButton(page)).toBeEnabled()
    await expectNoViolations(page)
  })

  test('after a network failure', async ({ page }) => {
    await page.route(SIGNUP_TABLE, (route) => route.abort('connectionrefused'))
    await signupEmail(page).fill(uniqueEmail('a11y-net'))
    expect(await alertFrom(page, () => joinButton(page).click())).toBe(SIGNUP.errorGeneric)
    await expect(joinButton(page)).toBeEnabled()
    await expectNoViolations(page)
  })
})

test.describe('contact states', () => {
  test.beforeEach(async ({ page }) => {
    await footerButton(page, 'contact').click()
  })

  test('sending, then success', async ({ page }) => {
    const insert = await holdRequests(page, CONTACT_TABLE)
    const f = await fillContact(page)
    await f.send.click()
    await insert.held
    await expect(f.send).toHaveText(T.contact.sending)
    await expectNoViolations(page)
    insert.release()
    await expect(f.dialog.getByText(T.contact.successTitle, { exact: true })).toBeVisible()
    await expectNoViolations(page)
  })

  test('error', async ({ page }) => {
    await page.route(CONTACT_TABLE, (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: pgrstError('Nope.') }),
    )
    const f = await fillContact(page)
    await f.send.click()
    await expect(contactFields(page).dialog.getByText(T.contact.errorTitle, { exact: true })).toBeVisible()
    await expectNoViolations(page)
  })

  // No server message to show: the form falls back to its own text.
  const noMessage = {
    'a network failure': (route: Route) => route.abort('connectionrefused'),
    'an error without a message': (route: Route) => route.fulfill({ status: 503, body: '' }),
  }
  for (const [cause, answer] of Object.entries(noMessage)) {
    test(`error after ${cause} (the fallback message)`, async ({ page }) => {
      await page.route(CONTACT_TABLE, answer)
      const f = await fillContact(page)
      await f.send.click()
      await expect(f.dialog.getByRole('alert')).toContainText(CONTACT.errorFallback)
      await expect(f.send).toBeEnabled()
      await expectNoViolations(page)
    })
  }
})

test('no horizontal scrolling at 320 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await page.goto('/')
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoViolations(page)
})

// 200% browser zoom of the 1280 × 720 desktop window: Chromium then lays the page out in a
// 640 × 360 CSS-pixel viewport with devicePixelRatio 2, so media queries, reflow and images
// react exactly as here. CDP Emulation.setPageScaleFactor would be pinch-zoom instead: the
// layout viewport stays 1280 px wide and nothing reflows, so it could not show a reflow defect.
test.describe('at 200% zoom', () => {
  test.use({ viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 })

  /**
   * Horizontal overflow in CSS px: of the document, and of the open dialog, which sits in the
   * top layer outside the document's scroll width and clips its content. The honeypot is
   * off-screen and aria-hidden on purpose, so it is left out.
   */
  async function horizontalOverflow(page: Page) {
    return page.evaluate(() => {
      const dialog = document.querySelector('dialog[open]')
      let inDialog = 0
      if (dialog) {
        const box = dialog.getBoundingClientRect()
        const shown = [dialog, ...Array.from(dialog.querySelectorAll('*'))].filter(
          (el) => !el.closest('[aria-hidden="true"]'),
        )
        inDialog = Math.max(box.right - innerWidth, -box.left, ...shown.map((el) => el.scrollWidth - el.clientWidth))
      }
      return { document: document.documentElement.scrollWidth - innerWidth, dialog: Math.max(0, inDialog) }
    })
  }

  /** No violations, and the contrast rule had text to judge (a page where it found none would pass vacuously). */
  async function expectContrastChecked(page: Page) {
    const { passes } = await expectNoViolations(page)
    expect(passes.find((r) => r.id === 'color-contrast')?.nodes.length ?? 0).toBeGreaterThan(0)
  }

  test('the page', async ({ page }) => {
    expect(await page.evaluate(() => [innerWidth, devicePixelRatio])).toEqual([640, 2])
    expect(await horizontalOverflow(page)).toEqual({ document: 0, dialog: 0 })
    await expectContrastChecked(page)
  })

  for (const opener of ['contact', 'privacy', 'terms'] as const) {
    test(`the ${opener} dialog open`, async ({ page }) => {
      await openFromFooter(page, opener)
      expect(await horizontalOverflow(page)).toEqual({ document: 0, dialog: 0 })
      await expectContrastChecked(page)
    })
  }
})

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false })

  test('the prerendered page', async ({ page }) => {
    // The self-hosted server takes the forms without scripts: no <noscript> asks for them.
    await expect(page.getByRole('button', { name: SIGNUP.submit, exact: true })).toBeEnabled()
    await expect(page.getByText(SIGNUP.noScript, { exact: true })).toHaveCount(0)
    await letAxeRunWithoutScripts(page)
    await expectNoViolations(page)
  })

  // Without scripts the footer links open a dialog as the URL's target (styles.css, dialog:target).
  for (const id of ['contact', 'privacy', 'terms']) {
    test(`the #${id} dialog as the link's target`, async ({ page }) => {
      await page.goto(`/#${id}`)
      await expect(page.locator(`dialog#${id}`)).toBeVisible()
      await letAxeRunWithoutScripts(page)
      await expectNoViolations(page)
    })
  }
})
