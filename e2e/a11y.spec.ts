import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
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

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Runs axe on the page as it is now; a failure lists each rule with the elements it hit. */
async function expectNoViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  const summary = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }))
  expect(summary).toEqual([])
}

test.beforeEach(async ({ page }) => {
  await page.goto('/')
})

test('the page as it loads', async ({ page }) => {
  await expectNoViolations(page)
})

for (const opener of ['Contact Us', 'Privacy Policy', 'Terms of Service'] as const) {
  test(`the ${opener} dialog open`, async ({ page }) => {
    await footerButton(page, opener).click()
    await expect(openDialog(page)).toBeVisible()
    await expectNoViolations(page)
  })
}

test.describe('sign-up states', () => {
  test('submitting, then success', async ({ page }) => {
    const insert = await holdRequests(page, SIGNUP_TABLE)
    await signupEmail(page).fill(uniqueEmail('a11y'))
    await joinButton(page).click()
    await insert.held
    await expect(joinButton(page)).toHaveText('Joining...')
    await expectNoViolations(page)
    insert.release()
    await expect(page.getByText('Welcome to the Beta', { exact: true })).toBeVisible()
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
})

test.describe('contact states', () => {
  test.beforeEach(async ({ page }) => {
    await footerButton(page, 'Contact Us').click()
  })

  test('sending, then success', async ({ page }) => {
    const insert = await holdRequests(page, CONTACT_TABLE)
    const f = await fillContact(page)
    await f.send.click()
    await insert.held
    await expect(f.send).toHaveText('Sending...')
    await expectNoViolations(page)
    insert.release()
    await expect(f.dialog.getByText('Message sent successfully!', { exact: true })).toBeVisible()
    await expectNoViolations(page)
  })

  test('error', async ({ page }) => {
    await page.route(CONTACT_TABLE, (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: pgrstError('Nope.') }),
    )
    const f = await fillContact(page)
    await f.send.click()
    await expect(contactFields(page).dialog.getByText('Failed to send message', { exact: true })).toBeVisible()
    await expectNoViolations(page)
  })
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
