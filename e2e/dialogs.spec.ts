import type { Page } from '@playwright/test'
import { contactFields, expect, footerButton, openDialog, signupEmail, test, uniqueEmail } from './fixtures.ts'

const FOOTER_DIALOGS = [
  { opener: 'Contact Us', title: /contact/i },
  { opener: 'Privacy Policy', title: /privacy/i },
  { opener: 'Terms of Service', title: /terms/i },
] as const

/** Presses Tab until `isTarget` holds for the focused element; fails after `max` presses. */
async function tabUntil(page: Page, isTarget: () => Promise<boolean>, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await isTarget()) return
  }
  throw new Error(`target not reached after ${max} Tab presses`)
}

test.beforeEach(async ({ page }) => {
  await page.goto('/')
})

for (const { opener, title } of FOOTER_DIALOGS) {
  test.describe(`${opener} dialog`, () => {
    test('opens from the footer as a modal and closes with Esc, focus back on its opener', async ({ page }) => {
      await footerButton(page, opener).click()
      const dialog = openDialog(page)
      await expect(dialog).toBeVisible()
      await expect(dialog).toHaveAccessibleName(title)
      expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true)
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
      await expect(footerButton(page, opener)).toBeFocused()
    })

    test('the close button closes it, focus back on its opener', async ({ page }) => {
      await footerButton(page, opener).click()
      const dialog = openDialog(page)
      await dialog.getByRole('button', { name: /close/i }).first().click()
      await expect(dialog).toHaveCount(0)
      await expect(footerButton(page, opener)).toBeFocused()
    })

    test('Tab and Shift+Tab never leave the open dialog for the page behind it', async ({ page }) => {
      await footerButton(page, opener).click()
      const dialog = openDialog(page)
      await expect(dialog).toBeVisible()
      // Past the last control Chromium may hand focus to the browser's own UI (the page
      // sees <body>) before wrapping; what must never happen is focus on the page behind.
      const focusIsContained = () =>
        page.evaluate(() => {
          const active = document.activeElement
          return !active || active === document.body || Boolean(active.closest('dialog[open]'))
        })
      for (const key of ['Tab', 'Shift+Tab']) {
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press(key)
          expect(await focusIsContained(), `${key} #${i + 1}`).toBe(true)
        }
      }
    })
  })
}

/** The date as written, or a <time> carrying it in machine form beside a readable date. */
const effectiveDate = (page: Page) => {
  const dialog = openDialog(page)
  return dialog.locator('time[datetime="2025-06-16"]').or(dialog.getByText('2025-06-16')).first()
}

test('both policies carry the effective date 2025-06-16', async ({ page }) => {
  for (const opener of ['Privacy Policy', 'Terms of Service'] as const) {
    await footerButton(page, opener).click()
    await expect(openDialog(page)).toContainText(/effective/i)
    await expect(effectiveDate(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(openDialog(page)).toHaveCount(0)
  }
})

test('the privacy policy links to the terms through an in-page anchor', async ({ page }) => {
  await footerButton(page, 'Privacy Policy').click()
  const link = openDialog(page).getByRole('link', { name: /terms/i }).first()
  await expect(link).toHaveAttribute('href', /^#\S+/)
  await link.click()
  await expect(openDialog(page)).toHaveAccessibleName(/terms/i)
  await expect(effectiveDate(page)).toBeVisible()
})

test('keyboard only: sign up from the header button', async ({ page, outbox }) => {
  const email = uniqueEmail('keyboard')
  await tabUntil(page, () =>
    page.getByRole('button', { name: 'Try Beta Free', exact: true }).evaluate((b) => b === document.activeElement),
  )
  await page.keyboard.press('Enter')
  await expect(signupEmail(page)).toBeFocused()
  await page.keyboard.type(email)
  await page.keyboard.press('Enter')
  await expect(page.getByText('Welcome to the Beta', { exact: true })).toBeVisible()
  await outbox.waitFor(email)
})

test('keyboard only: send a contact message from the footer', async ({ page }) => {
  const contact = footerButton(page, 'Contact Us')
  await tabUntil(page, () => contact.evaluate((b) => b === document.activeElement), 100)
  await page.keyboard.press('Enter')
  const f = contactFields(page)
  await expect(f.dialog).toBeVisible()

  const focusedIs = (field: typeof f.name) => field.evaluate((el) => el === document.activeElement)
  await tabUntil(page, () => focusedIs(f.name), 5)
  await page.keyboard.type('Ada Lovelace')
  await page.keyboard.press('Tab')
  await expect(f.email).toBeFocused()
  await page.keyboard.type(uniqueEmail('kbd-contact'))
  await page.keyboard.press('Tab')
  await expect(f.subject).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(f.subject).not.toHaveValue('')
  await page.keyboard.press('Tab')
  await expect(f.message).toBeFocused()
  await page.keyboard.type('Sent without a mouse.')
  await page.keyboard.press('Tab')
  await expect(f.send).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(f.dialog.getByText('Message sent successfully!', { exact: true })).toBeVisible()
})
