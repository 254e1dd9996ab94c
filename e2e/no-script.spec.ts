import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath } from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { CONTACT_TEXTS, FOOTER_TEXTS, LEGAL_TEXTS, LOCALES, SIGNUP_TEXTS, type Locale } from '../src/shared/content.ts'
import { localeRoot } from '../src/shared/locales.ts'
import { startServer, waitHealthy, type ServerProcess } from '../test/support/server-process.ts'
import { expectNoViolations, letAxeRunWithoutScripts } from './console-support.ts'
import { expect, Outbox, test, uniqueEmail } from './fixtures.ts'

// The page with JavaScript disabled, as a visitor with scripts off, behind a proxy that strips
// them, or before they arrive meets it (issue 44, docs/decisions/no-script-forms.md): joining
// from every language's page, a repeat, an address the server refuses, a visitor over the sign-up
// budget, a contact message that reaches the owner, the privacy and terms texts; axe in the light
// and the dark scheme at every step. A server of its own, behind one trusted proxy, so each test
// is its own client for the rate limits, with a small sign-up budget to reach.

const OWNER = 'no-script-owner@example.com'
const SIGNUPS_PER_MINUTE = 3

let server: ServerProcess
let outbox: Outbox
let clients = 0

test.describe.configure({ mode: 'default', timeout: 90_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const outboxDir = mkdtempSync(joinPath(tmpdir(), 'no-script-outbox-'))
  outbox = new Outbox(outboxDir)
  server = await startServer({
    PGLITE_DIR: 'memory://',
    STATIC_DIR: 'dist/client',
    OUTBOX_DIR: outboxDir,
    EMAIL_TRANSPORT: 'outbox',
    OWNER_EMAILS: OWNER,
    TRUST_PROXY: '1',
    RATE_LIMIT_SIGNUP_PER_MINUTE: String(SIGNUPS_PER_MINUTE),
    RATE_LIMIT_SIGNUP_PER_HOUR: '0',
    RATE_LIMIT_EMAIL_PER_MINUTE: '0',
    RATE_LIMIT_EMAIL_PER_HOUR: '0',
    RATE_LIMIT_CONTACT_PER_MINUTE: '0',
    RATE_LIMIT_CONTACT_PER_HOUR: '0',
  })
  await waitHealthy(server)
})

test.afterAll(async () => {
  await server?.stop()
})

/** A browser without scripts, as a client of its own (its own address for the rate limits). */
async function visitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  clients += 1
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: server.url,
    colorScheme: 'light',
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${clients}` },
  })
  return { context, page: await context.newPage() }
}

/** axe, with the page's own scripts off (console-support.ts says why it needs help then). */
async function axe(page: Page) {
  await letAxeRunWithoutScripts(page)
  await expectNoViolations(page)
}

/** axe on the page as it is now, in the light scheme and then the dark one. */
async function axeInBothSchemes(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await axe(page)
  }
}

const signupForm = (page: Page, locale: Locale) => ({
  email: page.getByRole('textbox', { name: SIGNUP_TEXTS[locale].emailLabel }),
  submit: page.getByRole('button', { name: SIGNUP_TEXTS[locale].submit, exact: true }),
})

/** Joins from the page as it is now; returns the answer's HTTP status. */
async function join(page: Page, locale: Locale, email: string): Promise<number> {
  const form = signupForm(page, locale)
  await form.email.fill(email)
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/join'))
  await form.submit.click()
  const status = (await answer).status()
  await page.waitForLoadState('load')
  return status
}

async function expectWelcome(page: Page, locale: Locale, email: string) {
  const t = SIGNUP_TEXTS[locale]
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
  await expect(page.getByRole('heading', { name: t.successTitle, level: 1 })).toBeVisible()
  await expect(page.getByText(email, { exact: true })).toBeVisible()
}

/** Waits for a later sign-up's email: the queue has passed everything queued before it. */
async function queuePassed(page: Page, locale: Locale) {
  const sentinel = uniqueEmail('sentinel')
  await page.goto(localeRoot(locale))
  await join(page, locale, sentinel)
  await outbox.waitFor(sentinel)
}

for (const locale of LOCALES) {
  const t = SIGNUP_TEXTS[locale]
  const root = localeRoot(locale)

  test.describe(`without JavaScript, from ${root}`, () => {
    test("a visitor joins, sees the welcome page in the page's language, and gets one welcome email; axe in both schemes", async ({
      browser,
    }) => {
      const { context, page } = await visitor(browser)
      await page.goto(root)
      await expect(signupForm(page, locale).submit).toBeEnabled()
      await axeInBothSchemes(page)
      const email = uniqueEmail(`nojs-${locale}`)
      expect(await join(page, locale, email)).toBe(200)
      await expectWelcome(page, locale, email)
      await axeInBothSchemes(page)
      await outbox.waitFor(email)

      // The same address again, in another letter case: the same page, no second email.
      await page.goto(root)
      expect(await join(page, locale, email.toUpperCase())).toBe(200)
      await expectWelcome(page, locale, email.toUpperCase())
      await queuePassed(page, locale)
      expect(await outbox.to(email)).toHaveLength(1)
      await context.close()
    })

    test('an address the server refuses: the error text, the form again with the address kept, then success', async ({
      browser,
    }) => {
      const { context, page } = await visitor(browser)
      await page.goto(root)
      // The browser takes "name@host" for an address; the server's schema does not.
      const refused = `nojs-${Date.now()}@localhost`
      expect(await join(page, locale, refused)).toBe(400)
      await expect(page.getByRole('alert')).toHaveText(t.errorGeneric)
      await expect(signupForm(page, locale).email).toHaveValue(refused)
      await axeInBothSchemes(page)
      const email = uniqueEmail('nojs-retry')
      expect(await join(page, locale, email)).toBe(200)
      await expectWelcome(page, locale, email)
      await outbox.waitFor(email)
      await context.close()
    })

    test('a visitor over the sign-up budget gets the error text and the form, in the light and the dark scheme', async ({
      browser,
    }) => {
      const { context, page } = await visitor(browser)
      for (let i = 0; i < SIGNUPS_PER_MINUTE; i++) {
        await page.goto(root)
        expect(await join(page, locale, uniqueEmail('nojs-budget'))).toBe(200)
      }
      await page.goto(root)
      const over = uniqueEmail('nojs-over')
      expect(await join(page, locale, over)).toBe(429)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.getByRole('alert')).toHaveText(t.errorGeneric)
      await expect(signupForm(page, locale).submit).toBeVisible()
      await axeInBothSchemes(page)
      await context.close()
    })

    test('a contact message is sent and reaches the owner; axe in both schemes', async ({ browser }) => {
      const c = CONTACT_TEXTS[locale]
      const { context, page } = await visitor(browser)
      await page.goto(root)
      await page.getByRole('contentinfo').getByRole('button', { name: FOOTER_TEXTS[locale].contact }).click()
      const dialog = page.locator('dialog#contact')
      await expect(dialog).toBeVisible()
      await axeInBothSchemes(page)
      const message = `Sent without scripts ${uniqueEmail('msg')}`
      await dialog.getByRole('textbox', { name: c.nameLabel }).fill('Ada Lovelace')
      await dialog.getByRole('textbox', { name: c.emailLabel }).fill(uniqueEmail('nojs-contact'))
      await dialog.getByRole('combobox', { name: c.subjectLabel }).selectOption('feature-request')
      await dialog.getByRole('textbox', { name: c.messageLabel }).fill(message)
      const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/contact'))
      await dialog.getByRole('button', { name: c.submit }).click()
      expect((await answer).status()).toBe(200)
      await expect(page.getByRole('status')).toContainText(c.successTitle)
      await expect(page.getByRole('status')).toContainText(c.successBody)
      await axeInBothSchemes(page)
      await expect
        .poll(async () => (await outbox.to(OWNER)).some((e) => e.text.includes(message)), {
          message: 'the owner gets the message',
          timeout: 15_000,
        })
        .toBe(true)
      await context.close()
    })

    for (const id of ['privacy', 'terms'] as const) {
      test(`the ${id} text opens from the footer, in both schemes`, async ({ browser }) => {
        const { context, page } = await visitor(browser)
        await page.goto(root)
        await page.getByRole('contentinfo').getByRole('button', { name: FOOTER_TEXTS[locale][id] }).click()
        const title = LEGAL_TEXTS[locale][id].title
        await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible()
        await axeInBothSchemes(page)
        await context.close()
      })
    }
  })
}
