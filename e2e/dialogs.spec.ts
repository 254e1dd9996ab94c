import type { Page } from '@playwright/test'
import {
  CONTACT_TEXTS,
  DEFAULT_LOCALE,
  FOOTER_TEXTS,
  HEADER_TEXTS,
  LEGAL_TEXTS,
  LOCALES,
  SIGNUP_TEXTS,
} from '../src/shared/content.ts'
import { legalPath, localeRoot } from '../src/shared/locales.ts'
import {
  contactFields,
  expect,
  footerButton,
  holdRequests,
  openDialog,
  signupEmail,
  test,
  uniqueEmail,
} from './fixtures.ts'

// Every text expected here is the content's (src/shared/content.ts): the demo's are the
// specification's words, and a founder's content passes the same tests.
const FOOTER = FOOTER_TEXTS[DEFAULT_LOCALE]
const LEGAL = LEGAL_TEXTS[DEFAULT_LOCALE]
const FOOTER_DIALOGS = [
  { id: 'contact', title: CONTACT_TEXTS[DEFAULT_LOCALE].title },
  { id: 'privacy', title: LEGAL.privacy.title },
  { id: 'terms', title: LEGAL.terms.title },
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

for (const { id: opener, title } of FOOTER_DIALOGS) {
  test.describe(`${FOOTER[opener]} dialog`, () => {
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
      await dialog.getByRole('button', { name: FOOTER.close, exact: true }).first().click()
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
const effectiveDate = (page: Page, id: 'privacy' | 'terms') => {
  const dialog = openDialog(page)
  const date = LEGAL[id].effectiveDate
  return dialog.locator(`time[datetime="${date}"]`).or(dialog.getByText(date)).first()
}

test('both policies carry their effective date', async ({ page }) => {
  for (const opener of ['privacy', 'terms'] as const) {
    await footerButton(page, opener).click()
    await expect(openDialog(page)).toContainText(FOOTER.effectiveDate)
    await expect(effectiveDate(page, opener)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(openDialog(page)).toHaveCount(0)
  }
})

test('the privacy policy links to the terms through an in-page anchor', async ({ page }) => {
  await footerButton(page, 'privacy').click()
  const link = openDialog(page).locator('a[href="#terms"]').first()
  await expect(link).toBeVisible()
  await link.click()
  await expect(openDialog(page)).toHaveAccessibleName(LEGAL.terms.title)
  await expect(effectiveDate(page, 'terms')).toBeVisible()
})

// The legal texts are not in the page's document (its first round trip's budget,
// docs/decisions/document-budget.md): each language's dialogs load them, from a chunk of its own.
for (const locale of LOCALES)
  test(`${localeRoot(locale)}: opening the privacy policy shows its text, which the document does not carry`, async ({
    page,
    request,
  }) => {
    const doc = LEGAL_TEXTS[locale].privacy
    const html = await (await request.get(localeRoot(locale))).text()
    for (const section of doc.sections) expect(html).not.toContain(`>${section.heading}<`)
    await page.goto(localeRoot(locale))
    await footerButton(page, 'privacy', locale).click()
    const dialog = openDialog(page)
    await expect(dialog).toHaveAccessibleName(doc.title)
    for (const section of doc.sections)
      await expect(dialog.getByRole('heading', { name: section.heading, exact: true })).toBeVisible()
    await expect(dialog.locator(`time[datetime="${doc.effectiveDate}"]`)).toHaveText(doc.effectiveDateLabel)
  })

test('while its text is on its way the dialog is open, focused and busy, then shows the text', async ({ page }) => {
  const chunk = await holdRequests(page, '**/assets/legal-texts-*.js')
  await page.goto('/')
  await footerButton(page, 'privacy').click()
  await chunk.held
  const dialog = openDialog(page)
  await expect(dialog).toHaveAccessibleName(LEGAL.privacy.title)
  expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true)
  await expect(dialog.getByRole('button', { name: FOOTER.close, exact: true })).toBeFocused()
  const busy = dialog.locator('[aria-busy="true"]')
  await expect(busy).toHaveCount(1)
  // Even now, the text is a link away.
  await expect(busy.getByRole('link', { name: LEGAL.privacy.title })).toHaveAttribute(
    'href',
    legalPath('privacy', DEFAULT_LOCALE),
  )
  chunk.release()
  await expect(dialog.getByRole('heading', { name: LEGAL.privacy.sections[0]!.heading, exact: true })).toBeVisible()
  await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: FOOTER.close, exact: true })).toBeFocused()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("the footer's privacy and terms items are links to their pages", async ({ page }) => {
    for (const locale of LOCALES)
      for (const id of ['privacy', 'terms'] as const) {
        await page.goto(localeRoot(locale))
        await footerButton(page, id, locale).click()
        await expect(page).toHaveURL(new RegExp(`${legalPath(id, locale)}$`))
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(LEGAL_TEXTS[locale][id].title)
      }
  })
})

test('keyboard only: sign up from the header button', async ({ page, outbox }) => {
  const email = uniqueEmail('keyboard')
  await tabUntil(page, () =>
    page
      .getByRole('button', { name: HEADER_TEXTS[DEFAULT_LOCALE].cta, exact: true })
      .evaluate((b) => b === document.activeElement),
  )
  await page.keyboard.press('Enter')
  await expect(signupEmail(page)).toBeFocused()
  await page.keyboard.type(email)
  await page.keyboard.press('Enter')
  await expect(page.getByText(SIGNUP_TEXTS[DEFAULT_LOCALE].successTitle, { exact: true })).toBeVisible()
  await outbox.waitFor(email)
})

test('keyboard only: send a contact message from the footer', async ({ page }) => {
  const contact = footerButton(page, 'contact')
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
  await expect(f.dialog.getByText(CONTACT_TEXTS[DEFAULT_LOCALE].successTitle, { exact: true })).toBeVisible()
})
