import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test as base, expect, type Locator, type Page, type Route } from '@playwright/test'
import {
  CONTACT_TEXTS,
  DEFAULT_LOCALE,
  EMAIL_TEXTS,
  FOOTER_TEXTS,
  SIGNUP_TEXTS,
  type Locale,
} from '../src/shared/content.ts'

export { expect }

/** One email as the server's outbox transport writes it (<id>.json beside <id>.eml and <id>.html). */
export type OutboxEmail = {
  id: string
  to: string | string[]
  from: string
  subject: string
  text: string
  headers: Record<string, string>
  createdAt: string
}

export const SIGNUP_TABLE = '**/rest/v1/beta_signups*'
export const CONTACT_TABLE = '**/rest/v1/contact_messages*'
export const RESEND_FUNCTION = '**/functions/v1/resend-email*'

/** A PostgREST-shaped error body, as the real server and Supabase send them. */
export function pgrstError(message: string, code = 'P0001'): string {
  return JSON.stringify({ code, message, details: null, hint: null })
}

/** An address no other test uses, so parallel tests never see each other's rows or emails. */
export function uniqueEmail(tag = 'e2e'): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.com`
}

function recipients(email: OutboxEmail): string[] {
  return (Array.isArray(email.to) ? email.to : [email.to]).map((to) => to.toLowerCase())
}

export class Outbox {
  readonly dir: string
  constructor(dir: string) {
    this.dir = dir
  }

  async all(): Promise<OutboxEmail[]> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'))
    const emails: OutboxEmail[] = []
    for (const name of names) {
      // A file can be mid-write when we look; the next poll reads it whole.
      const text = await readFile(join(this.dir, name), 'utf8').catch(() => '')
      try {
        emails.push(JSON.parse(text) as OutboxEmail)
      } catch {
        // Half written: skipped until the next poll.
      }
    }
    return emails
  }

  /** Emails whose recipient contains `address`, compared without letter case. */
  async to(address: string): Promise<OutboxEmail[]> {
    const wanted = address.toLowerCase()
    return (await this.all()).filter((e) => recipients(e).some((r) => r.includes(wanted)))
  }

  async waitFor(address: string, timeout = 15_000): Promise<OutboxEmail> {
    await expect
      .poll(async () => (await this.to(address)).length, { timeout, message: `an email to ${address}` })
      .toBeGreaterThan(0)
    const [first] = await this.to(address)
    return first as OutboxEmail
  }
}

/**
 * Holds matching requests until release(), then lets them through to the real server:
 * the way to observe an in-flight state without sleeping.
 */
export async function holdRequests(page: Page, url: string): Promise<{ held: Promise<void>; release: () => void }> {
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  let arrived!: () => void
  const held = new Promise<void>((r) => (arrived = r))
  await page.route(url, async (route: Route) => {
    if (route.request().method() === 'OPTIONS') return route.continue()
    arrived()
    await released
    await route.continue()
  })
  return { held, release }
}

/**
 * Runs `action` and returns the text of the alert it raises: a native alert() (accepted
 * here) or an in-page role="alert" element; the specification says "Alert" and allows both.
 */
export async function alertFrom(page: Page, action: () => Promise<unknown>): Promise<string> {
  const timeout = 10_000
  const native = page.waitForEvent('dialog', { timeout }).then(async (d) => {
    const message = d.message()
    await d.accept()
    return message
  })
  const inPage = page.getByRole('alert').filter({ hasText: /\S/ }).first()
  const shown = (async () => {
    await action()
    await inPage.waitFor({ timeout })
    return (await inPage.innerText()).trim()
  })()
  // Whichever form appears wins; the other waiter's timeout is expected, not an error.
  native.catch(() => {})
  shown.catch(() => {})
  return Promise.any([native, shown])
}

export function signupSection(page: Page): Locator {
  return page.locator('aside#cta')
}
export function signupEmail(page: Page, locale: Locale = DEFAULT_LOCALE): Locator {
  return signupSection(page).getByRole('textbox', { name: SIGNUP_TEXTS[locale].emailLabel })
}
/** A text as an exact-match pattern part. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A text (an email's subject from the content) as a pattern that matches it whole. */
export const exactly = (text: string): RegExp => new RegExp(`^${literal(text)}$`)

/** The subjects of the visitor's emails in the default language, as the content words them. */
export const SUBJECTS = {
  welcome: exactly(EMAIL_TEXTS[DEFAULT_LOCALE].welcome.subject),
  invitation: exactly(EMAIL_TEXTS[DEFAULT_LOCALE].invitation.subject),
  reminder: exactly(EMAIL_TEXTS[DEFAULT_LOCALE].playReminder.subject),
}

export function joinButton(page: Page, locale: Locale = DEFAULT_LOCALE): Locator {
  const { submit, submitting } = SIGNUP_TEXTS[locale]
  return signupSection(page).getByRole('button', { name: new RegExp(`^(${literal(submit)}|${literal(submitting)})$`) })
}

/** The open modal dialog: closed <dialog>s are not rendered, so only one matches. */
export function openDialog(page: Page): Locator {
  return page.getByRole('dialog')
}
/** The footer's item that opens a dialog, by the dialog's id, named by the content's text. */
export function footerButton(
  page: Page,
  id: 'contact' | 'privacy' | 'terms',
  locale: Locale = DEFAULT_LOCALE,
): Locator {
  return page.getByRole('contentinfo').getByRole('button', { name: FOOTER_TEXTS[locale][id], exact: true })
}

export function contactFields(page: Page, locale: Locale = DEFAULT_LOCALE) {
  const dialog = openDialog(page)
  const t = CONTACT_TEXTS[locale]
  const label = (text: string) => new RegExp(`^${literal(text)}`)
  return {
    dialog,
    name: dialog.getByRole('textbox', { name: label(t.nameLabel) }),
    email: dialog.getByRole('textbox', { name: label(t.emailLabel) }),
    subject: dialog.getByRole('combobox', { name: label(t.subjectLabel) }),
    message: dialog.getByRole('textbox', { name: label(t.messageLabel) }),
    send: dialog.getByRole('button', { name: new RegExp(`^(${literal(t.submit)}|${literal(t.sending)})`) }),
  }
}

export async function fillContact(
  page: Page,
  values: { name?: string; email?: string; subject?: string; message?: string } = {},
) {
  const f = contactFields(page)
  await f.name.fill(values.name ?? 'Ada Lovelace')
  await f.email.fill(values.email ?? uniqueEmail('contact'))
  await f.subject.selectOption(values.subject ?? 'beta-feedback')
  await f.message.fill(values.message ?? 'The invoices screen is lovely.')
  return f
}

// A refused request a test provokes on purpose (a routed 500, an abort) is logged by the
// browser as "Failed to load resource"; anything else in the console is a defect.
const EXPECTED_CONSOLE_ERROR = /^Failed to load resource/

export const test = base.extend<{ outbox: Outbox; consoleGuard: void }>({
  // Fails any test whose page logs an error or a Content-Security-Policy violation.
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = []
      page.on('console', (m) => {
        if (m.type() === 'error' && !EXPECTED_CONSOLE_ERROR.test(m.text())) problems.push(m.text())
      })
      page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`))
      // Chromium reports CSP violations as DevTools issues, not console messages: surface them.
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} (${e.blockedURI || 'inline'})`),
        ),
      )
      await use()
      expect(problems, 'errors in the browser console').toEqual([])
    },
    { auto: true },
  ],
  // The page is usable before its script arrives (it loads after the first paint); tests of
  // scripted behaviour start once React has taken over. Script-less contexts and pages are unaffected.
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      // A page with no script of its own (a legal page, a server page) has nothing to hydrate.
      if (javaScriptEnabled !== false)
        await page.waitForFunction(
          () => 'hydrated' in document.documentElement.dataset || !document.querySelector('script'),
        )
      return response
    }
    await use(page)
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this object pattern.
  outbox: async ({}, use) => {
    const dir = process.env.E2E_OUTBOX_DIR
    if (!dir) throw new Error('E2E_OUTBOX_DIR is not set: run the browser tests through playwright.config.ts')
    await use(new Outbox(dir))
  },
})
