import { createHash } from 'node:crypto'
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { writeStaticHostHeaders } from '../scripts/static-host.ts'
import { directionOf, LOCALES, localeRoot } from '../src/shared/locales.ts'
import {
  contactFields,
  expect,
  footerButton,
  holdRequests,
  joinButton,
  openDialog,
  signupEmail,
  test,
  uniqueEmail,
} from './fixtures.ts'
import { DEFAULT_LOCALE as T_LOCALE, texts } from '../src/shared/content.ts'

/** The texts the tests expect: the content's (the demo's are the specification's words). */
const T = texts(T_LOCALE)

// The page's only inline code is its critical CSS and its loader, each allowed by its
// sha256 hash, and every deployment's headers carry the hashes of the page that was built.

const CLIENT = fileURLToPath(new URL('../dist/client/', import.meta.url))
const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** The hashes of the inline blocks the built page really holds (JSON-LD is data, not script). */
function inlineHashes(html: string) {
  const blocks = (re: RegExp) => [...html.matchAll(re)].map((m) => hash(m[1]!)).sort()
  return {
    'script-src': blocks(/<script>([\s\S]*?)<\/script>/g),
    'style-src': blocks(/<style>([\s\S]*?)<\/style>/g),
  }
}

/** The hashes a CSP allows, per directive; fails on 'unsafe-inline' anywhere. */
function allowed(csp: string) {
  expect(csp).not.toContain('unsafe-inline')
  const sources = (name: string) =>
    (
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find((d) => d[0] === name)
        ?.slice(1) ?? []
    )
      .filter((s) => s.startsWith("'sha256-"))
      .sort()
  return { 'script-src': sources('script-src'), 'style-src': sources('style-src') }
}

/** Every CSP violation the page reports, collected in the page itself. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { violations: string[] }
    w.violations = []
    document.addEventListener('securitypolicyviolation', (e) =>
      w.violations.push(`${e.violatedDirective} ${e.blockedURI || 'inline'} ${e.sample}`),
    )
  })
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations)
}

test('the page, its dialogs and a sign-up raise no CSP violation', async ({ page }) => {
  const violations = await watchViolations(page)
  // The inlined critical CSS applies (its hash is allowed): the heading has the dark scheme's colour.
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).color)).toBe('rgb(255, 255, 255)')
  expect(await violations()).toEqual([])
  for (const name of ['privacy', 'terms', 'contact'] as const) {
    await footerButton(page, name).click()
    await expect(openDialog(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(openDialog(page)).toHaveCount(0)
  }
  expect(await violations()).toEqual([])
  await signupEmail(page).fill(uniqueEmail('csp'))
  await joinButton(page).click()
  await expect(page.getByText(T.signup.successTitle, { exact: true })).toBeVisible()
  expect(await violations()).toEqual([])
})

/**
 * The inline blocks of every language's built page, together: one CSP serves them all. Each
 * page's critical CSS is extracted from its own markup, so it may differ; the loader is one.
 */
async function everyLanguagesHashes() {
  const all = { 'script-src': new Set<string>(), 'style-src': new Set<string>() }
  for (const locale of LOCALES) {
    const html = await readFile(`${CLIENT}${localeRoot(locale).slice(1)}index.html`, 'utf8')
    expect(html, locale).toContain(`<html lang="${locale}" dir="${directionOf(locale)}">`)
    const own = inlineHashes(html)
    expect(own['script-src'], locale).toHaveLength(1)
    expect(own['style-src'], locale).toHaveLength(1)
    for (const k of ['script-src', 'style-src'] as const) for (const h of own[k]) all[k].add(h)
  }
  return { 'script-src': [...all['script-src']].sort(), 'style-src': [...all['style-src']].sort() }
}

test("the Node server's CSP allows exactly the built pages' inline blocks, on every language's page", async ({
  request,
}) => {
  const built = await everyLanguagesHashes()
  for (const locale of LOCALES) {
    const res = await request.get(localeRoot(locale))
    const own = inlineHashes(await res.text())
    const csp = allowed(res.headers()['content-security-policy']!)
    expect(csp, locale).toEqual(built)
    expect(csp['style-src'], locale).toEqual(expect.arrayContaining(own['style-src']))
  }
  const file = JSON.parse(await readFile(`${CLIENT}csp-hashes.json`, 'utf8')) as typeof built
  expect({ 'script-src': [...file['script-src']].sort(), 'style-src': [...file['style-src']].sort() }).toEqual(built)
})

test("the static hosts' and Caddy's and nginx's headers carry every language's page's hashes", async () => {
  const built = await everyLanguagesHashes()
  const dir = await mkdtemp(join(tmpdir(), 'csp-static-host-'))
  try {
    // What the build writes for the Supabase deployment, from the build's own csp-hashes.json
    // (copied, so this test never writes into the dist/client the server is serving).
    await copyFile(`${CLIENT}csp-hashes.json`, join(dir, 'csp-hashes.json'))
    await writeStaticHostHeaders(dir, 'https://abcdefghijklmnop.supabase.co', dir)
    const netlify = await readFile(join(dir, '_headers'), 'utf8')
    const vercel = JSON.parse(await readFile(join(dir, 'vercel.json'), 'utf8')) as {
      headers: { headers: { key: string; value: string }[] }[]
    }
    const caddy = await readFile(join(dir, 'caddy-headers'), 'utf8')
    const nginx = await readFile(join(dir, 'nginx-headers.conf'), 'utf8')
    const csp = {
      netlify: /Content-Security-Policy: (.*)/.exec(netlify)![1]!,
      vercel: vercel.headers[0]!.headers.find((h) => h.key === 'Content-Security-Policy')!.value,
      caddy: /\tContent-Security-Policy "(.*)"/.exec(caddy)![1]!,
      nginx: /add_header Content-Security-Policy "(.*)" always;/.exec(nginx)![1]!,
    }
    for (const [where, value] of Object.entries(csp)) expect(allowed(value), where).toEqual(built)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('the contact form keeps what was typed before its script arrived', async ({ context }) => {
  // A page of its own: the `page` fixture waits for the script, which this test holds back.
  const page = await context.newPage()
  const chunk = await holdRequests(page, '**/assets/footer-dialogs-*.js')
  // A shared link to the contact dialog: without its island, the bare page shows it as the URL's target.
  await page.goto('/#contact')
  await chunk.held
  const f = contactFields(page)
  const dialog = page.locator('dialog#contact')
  await expect(dialog).toBeVisible()
  const typed = { name: 'Early Bird', email: uniqueEmail('early-contact'), message: 'Typed before the script.' }
  await f.name.fill(typed.name)
  await f.email.fill(typed.email)
  await f.subject.selectOption('general')
  await f.message.fill(typed.message)
  await expect(f.send).toBeDisabled()
  chunk.release()
  await expect(f.send).toBeEnabled()
  await expect(f.name).toHaveValue(typed.name)
  await expect(f.email).toHaveValue(typed.email)
  await expect(f.subject).toHaveValue('general')
  await expect(f.message).toHaveValue(typed.message)
  await f.send.click()
  await expect(f.dialog.getByText(T.contact.successTitle)).toBeVisible()
})
