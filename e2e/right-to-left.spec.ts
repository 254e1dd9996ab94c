import { execFile } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { AxeBuilder } from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { loadContent, REPO_ROOT } from '../src/content/load.ts'
import type { LegalParagraph } from '../src/shared/content-types.ts'
import { paths } from '../src/shared/paths.ts'
import { freePort } from '../scripts/pg-cluster.ts'
import { copyOfRepository } from '../scripts/repo-copy.ts'
import { startServer, waitHealthy, type ServerProcess } from '../test/support/server-process.ts'
import { expect, Outbox, test, uniqueEmail } from './fixtures.ts'

// A founder whose page is Arabic first (test/fixtures/nabd: Arabic, then English), built in a copy
// of the repository with CONTENT_DIR and served: every page, dialog, server page and email in
// Arabic runs right to left and mirrors, and the English one stays left to right. Every expected
// text is the fixture's, read through the content module (docs/decisions/direction.md).

const FIXTURE = join(REPO_ROOT, 'test/fixtures/nabd')
const content = loadContent(FIXTURE).content!
const [RTL, LTR] = content.locales as [string, string]
const T = content.texts[RTL]!
const run = promisify(execFile)

// One build and one server for the file: its tests share them, in one worker.
test.describe.configure({ mode: 'serial' })

let root = ''
let server: ServerProcess | undefined
let base = ''
let outbox: Outbox

test.beforeAll(async () => {
  test.setTimeout(600_000)
  root = copyOfRepository('right-to-left-')
  const env = { CONTENT_DIR: FIXTURE, VITE_SITE_URL: '', DOCUMENT_BUDGET: 'warn' }
  await run('npm', ['run', 'build'], { cwd: root, env: { ...process.env, ...env }, maxBuffer: 64 << 20 })
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  outbox = new Outbox(join(root, 'outbox'))
  server = await startServer(
    {
      ...env,
      PORT: String(port),
      PUBLIC_URL: base,
      PGLITE_DIR: join(root, 'pglite'),
      OUTBOX_DIR: outbox.dir,
      SIGNUP_CHALLENGE: 'off',
    },
    { builtIn: root },
  )
  // Migrations on a busy 2-core machine can take a minute or more: a slow machine is slower, not red.
  await waitHealthy(server, 300_000)
})

test.afterAll(async () => {
  test.setTimeout(120_000)
  if (server && server.child.exitCode === null) await server.stop()
  if (root) await rm(root, { recursive: true, force: true })
})

const box = async (l: Locator) => (await l.boundingBox())!
const centre = async (l: Locator) => {
  const b = await box(l)
  return b.x + b.width / 2
}

/** A legal paragraph's words, as the reader sees them: its runs' texts in order. */
const plain = (p: LegalParagraph) =>
  typeof p === 'string' ? p : p.map((r) => (typeof r === 'string' ? r : r.text)).join('')
/** The first word of a paragraph: where its text must start, in logical order. */
const firstWord = (p: LegalParagraph) => plain(p).trim().split(/\s+/)[0]!

/** The paragraph holding `p`'s text, read from the DOM: its text and its computed direction. */
async function paragraphOf(scope: Locator, p: LegalParagraph) {
  const el = scope.locator('p', { hasText: firstWord(p) }).first()
  return {
    text: ((await el.textContent()) ?? '').trim(),
    direction: await el.evaluate((e) => getComputedStyle(e).direction),
  }
}

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(results.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([])
}

test('the Arabic page runs right to left and mirrors: logo, form and screenshots from the right', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`${base}/`)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', RTL)
  const header = page.getByRole('banner')
  const home = header.getByRole('link', { name: T.header.homeLabel })
  const cta = header.getByRole('button', { name: T.header.cta })
  expect((await box(home)).x).toBeGreaterThan((await box(cta)).x)

  const signup = page.locator('aside#cta')
  const field = signup.getByRole('textbox', { name: T.signup.emailLabel })
  const submit = signup.getByRole('button', { name: T.signup.submit })
  expect((await box(field)).x).toBeGreaterThan((await box(submit)).x)

  const [first, , last] = T.hero.screens
  expect(await centre(page.getByAltText(first!.alt))).toBeGreaterThan(await centre(page.getByAltText(last!.alt)))
})

test('the English page stays left to right', async ({ page }) => {
  await page.goto(`${base}/${LTR}/`)
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  await expect(page.locator('html')).toHaveAttribute('lang', LTR)
})

test('the privacy dialog: close button top left, the policy read from its first word, right to left', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`${base}/`)
  await page.getByRole('contentinfo').getByRole('button', { name: T.footer.privacy, exact: true }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0)
  const close = dialog.getByRole('button', { name: T.footer.close })
  const [d, c] = [await box(dialog), await box(close)]
  expect(c.x + c.width / 2).toBeLessThan(d.x + d.width / 2)
  expect(c.y).toBeLessThan(d.y + 100)
  const summary = content.legalTexts[RTL]!.privacy.summary
  const shown = await paragraphOf(dialog, summary)
  expect(shown.direction).toBe('rtl')
  expect(shown.text.startsWith(firstWord(summary))).toBe(true)
  // The Latin name inside the Arabic sentence, whole.
  expect(shown.text).toContain(content.legal.company)
})

test('/privacy, /terms and the imprint run right to left, each policy read from its first word', async ({ page }) => {
  for (const doc of ['privacy', 'terms'] as const) {
    await page.goto(`${base}${paths[doc].href()}`)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    const summary = content.legalTexts[RTL]![doc].summary
    const shown = await paragraphOf(page.locator('main'), summary)
    expect(shown.direction).toBe('rtl')
    expect(shown.text.startsWith(firstWord(summary))).toBe(true)
  }
  await page.goto(`${base}${paths.imprint.href()}`)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await page.goto(`${base}/${LTR}${paths.privacy.href()}`)
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
})

test("the server pages carry the language's direction; the owner's English pages stay left to right", async ({
  request,
}) => {
  const pages = [
    paths.unsubscribe.href('not-a-token'),
    paths.confirm.href('not-a-token'),
    paths.phoneChoice.href('ios', 'not-a-token'),
    paths.feedback.href(),
  ]
  for (const path of pages) {
    const html = await (await request.get(`${base}${path}`)).text()
    expect(html, path).toContain(`<html lang="${RTL}" dir="rtl">`)
  }
  const english = await (await request.get(`${base}${paths.unsubscribe.href('x')}&lang=${LTR}`)).text()
  expect(english).toMatch(/<html lang="\w+" dir="(rtl|ltr)">/)
  const joined = await request.post(`${base}${paths.join.href(RTL)}`, { form: { email: uniqueEmail('rtl-form') } })
  expect(await joined.text()).toContain(`<html lang="${RTL}" dir="rtl">`)
  const signIn = await (await request.get(`${base}${paths.ownerSignIn.href('not-a-token')}`)).text()
  expect(signIn).toContain('<html lang="en" dir="ltr">')
})

test('an Arabic sign-up: its email runs right to left on <html>, <body> and the main table, and isolates the Latin name', async ({
  page,
}) => {
  await page.goto(`${base}/`)
  const email = uniqueEmail('rtl')
  const signup = page.locator('aside#cta')
  await signup.getByRole('textbox', { name: T.signup.emailLabel }).fill(email)
  await signup.getByRole('button', { name: T.signup.submit }).click()
  await expect(signup.getByText(T.signup.successTitle)).toBeVisible()
  const sent = await outbox.waitFor(email)
  const html = await readFile(join(outbox.dir, `${sent.id}.html`), 'utf8')
  expect(html).toMatch(/<html[^>]*\bdir="rtl"[^>]*\blang="ar"|<html[^>]*\blang="ar"[^>]*\bdir="rtl"/)
  expect(html).toMatch(/<body[^>]*\bdir="rtl"/)
  expect(html).toMatch(/<table[^>]*\bdir="rtl"/)
  expect(html).toContain('text-align:right')
  // The product's Latin name inside Arabic sentences comes isolated (U+2068 … U+2069) in the text part.
  expect(sent.text).toContain(`\u2068${content.product.name}\u2069`)
})

for (const scheme of ['light', 'dark'] as const)
  test(`axe finds nothing in either direction in the ${scheme} scheme`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.emulateMedia({ colorScheme: scheme })
    for (const path of ['/', `/${LTR}/`, paths.privacy.href()]) {
      await page.goto(`${base}${path}`)
      await expectAxeClean(page)
    }
    await page.goto(`${base}/`)
    await page.getByRole('contentinfo').getByRole('button', { name: T.footer.privacy, exact: true }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0)
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)))
    await expectAxeClean(page)
  })
