import type { APIRequestContext, Page } from '@playwright/test'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { axeScan } from './axe.ts'
import { expect, test, type Outbox } from './fixtures.ts'
import { PRODUCT } from '../src/shared/content.ts'

export const OWNER = 'owner@example.com'

/** This worker's own owner (playwright.config.ts lists one per parallel worker). */
export const workerOwner = () => `owner-${test.info().parallelIndex}@example.com`

export async function expectNoViolations(page: Page) {
  const results = await axeScan(page)
  const summary = results.violations.map((v) => ({
    rule: v.id,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }))
  expect(summary).toEqual([])
}

/**
 * With scripts disabled Chromium runs no timer or queueMicrotask callback, and axe waits on
 * them, so it hangs (dequelabs/axe-core-npm#529). page.evaluate still runs and promise
 * reactions still settle within it, so axe's two schedulers are pointed at those. The
 * page's own scripts never run: the DOM and layout axe sees are the no-JavaScript ones.
 */
export async function letAxeRunWithoutScripts(page: Page) {
  await page.evaluate(() => {
    const soon = (fn: () => void) => void Promise.resolve().then(fn)
    window.queueMicrotask = soon
    // Longer timers are axe's own time-outs: a hang still fails the test at its time limit.
    window.setTimeout = ((fn: () => void, ms = 0) => (ms <= 1 && soon(fn), 0)) as typeof window.setTimeout
  })
}

export async function expectNoHorizontalScroll(page: Page) {
  const { overflow, widest } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    // The elements that reach past the right edge, innermost first: the failure names the culprit.
    const past = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .filter((el) => !Array.from(el.children).some((c) => c.getBoundingClientRect().right > width + 0.5))
      .slice(0, 3)
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${(el.textContent ?? '').trim().slice(0, 40)}"`,
      )
    return { overflow: document.documentElement.scrollWidth - width, widest: past.join('; ') }
  })
  expect(overflow, widest).toBeLessThanOrEqual(0)
}

const anon = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}` }

export async function seedSignup(request: APIRequestContext, email: string) {
  const res = await request.post('/rest/v1/beta_signups', { headers: anon, data: { email } })
  expect(res.status()).toBe(201)
}

export async function seedMessage(
  request: APIRequestContext,
  m: { name: string; email: string; subject: string; message: string },
) {
  const res = await request.post('/rest/v1/contact_messages', { headers: anon, data: m })
  expect(res.status()).toBe(201)
}

const SIGN_IN_LINK = /https?:\/\/\S+\/admin\/sign-in\?token=\S+/

/** Asks for an emailed link on the sign-in view, reads it from the outbox, opens it and presses the button. */
export async function signInByEmail(page: Page, outbox: Outbox, base = '', owner = workerOwner()) {
  await page.goto(`${base}/admin/`)
  const before = new Set((await outbox.to(owner)).map((e) => e.id))
  await page.getByLabel('Owner email').fill(owner)
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'sign-in link is on its way' })).toBeVisible()
  let text = ''
  await expect
    .poll(async () => {
      // The email's words are the content's, in the default language: it is known by its link.
      const fresh = (await outbox.to(owner)).filter((e) => !before.has(e.id) && SIGN_IN_LINK.test(e.text))
      text = fresh[0]?.text ?? ''
      return fresh.length
    })
    .toBeGreaterThan(0)
  const link = SIGN_IN_LINK.exec(text)![0]
  const url = new URL(link)
  // The server's PUBLIC_URL says localhost; the tests browse 127.0.0.1 (same server).
  return `${url.pathname}${url.search}`
}

/**
 * Opens the link's page. Not with page.goto: the fixtures' goto waits for the page's scripts,
 * and this page has none on purpose.
 */
export async function openLinkPage(page: Page, path: string) {
  await page.evaluate((p) => location.assign(p), path)
  await page.waitForURL((u) => u.pathname === '/admin/sign-in' && u.search.startsWith('?token='))
  await expect(page.getByRole('heading', { name: `Sign in to the ${PRODUCT.name} console` })).toBeVisible()
}

/** Signs up as the page does: the row, then the welcome email. */
export async function joinBeta(request: APIRequestContext, email: string) {
  await seedSignup(request, email)
  const res = await request.post('/functions/v1/resend-email', { headers: anon, data: { email } })
  expect(res.status()).toBe(200)
}

/** A link matching `pattern` from the email to `address` whose subject matches, as a path. */
export async function linkFrom(outbox: Outbox, address: string, subject: RegExp, pattern: RegExp): Promise<string> {
  let link = ''
  await expect
    .poll(async () => {
      const email = (await outbox.to(address)).find((e) => subject.test(e.subject))
      link = (email && pattern.exec(email.text)?.[0]) ?? ''
      return link
    })
    .not.toBe('')
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

/** Signs this worker's owner in with an emailed link; the console shows its first view. */
export async function signInToConsole(page: Page, outbox: Outbox) {
  const path = await signInByEmail(page, outbox)
  await openLinkPage(page, path)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Sign-ups', level: 1 })).toBeVisible()
}

/** Opens a server page without waiting for the page's hydration mark (these pages have no script). */
export async function openPlain(page: Page, url: string) {
  await page.evaluate((u) => location.assign(u), new URL(url, test.info().project.use.baseURL).href)
  await page.waitForLoadState('load')
}
