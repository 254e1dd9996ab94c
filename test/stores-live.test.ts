import { execFile, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { loadContent, REPO_ROOT, type Content } from '../src/content/load.ts'
import { openPglite } from '../src/server/db/pglite.ts'
import { DEFAULT_PLAY_ATTRIBUTION } from '../src/shared/content-types.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts'
import { storeContent } from './support/store-content.ts'

// Half live, built end to end (issue 43, docs/decisions/stores-and-badges.md): a copy of the
// demo's content with the App Store live and Google Play in closed testing, placeholder badges
// drawn by the test. The repository is copied and built with CONTENT_DIR (as test/fixture-brand.test.ts
// does), served, and opened in Chromium. Every expected text is read back from that content.

const run = promisify(execFile)
let root = ''
let contentFolder = ''
let content: Content
let server: ReturnType<typeof spawn> | undefined
let browser: Browser | undefined
let base = ''

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

const roots = () => content.locales.map((l, i) => (i === 0 ? '/' : `/${l}/`))

beforeAll(async () => {
  contentFolder = storeContent({ appStore: 'live', googlePlay: 'beta' })
  content = loadContent(contentFolder).content!
  root = mkdtempSync(join(tmpdir(), 'stores-live-'))
  const { stdout } = await run('git', ['ls-files', '-z'], { cwd: REPO_ROOT, maxBuffer: 64 << 20 })
  for (const file of stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(REPO_ROOT, file))) continue
    mkdirSync(dirname(join(root, file)), { recursive: true })
    cpSync(join(REPO_ROOT, file), join(root, file))
  }
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'))
  const env = { ...process.env, CONTENT_DIR: contentFolder, VITE_SITE_URL: '' }
  await run('npm', ['run', 'build'], { cwd: root, env, maxBuffer: 64 << 20, timeout: 300_000 })

  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = spawn(process.execPath, ['dist/node/server/index.js'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      PGLITE_DIR: join(root, 'pglite'),
      OUTBOX_DIR: join(root, 'outbox'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SIGNUP_CHALLENGE: 'off',
    },
  })
  for (
    let i = 0;
    (await fetch(`${base}/healthz`).then(
      (r) => r.status,
      () => 0,
    )) !== 200;
    i++
  ) {
    if (i > 300) throw new Error('the build with stores did not start')
    await new Promise((r) => setTimeout(r, 100))
  }
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}, 360_000)

async function stopServer() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM')
    await new Promise((r) => server!.once('exit', r))
  }
}

afterAll(async () => {
  await browser?.close()
  await stopServer()
  for (const dir of [root, contentFolder]) if (dir) rmSync(dir, { recursive: true, force: true })
})

test('every language: the Smart App Banner meta names the App Store id, in the prerendered document', async () => {
  const appStore = content.stores.appStore!
  for (const path of roots()) {
    const html = await (await fetch(`${base}${path}`)).text()
    expect(html, path).toContain(`<meta name="apple-itunes-app" content="app-id=${appStore.appId}" />`)
  }
})

test('every language: the App Store badge links to the store in the hero and the sign-up, sized, with its alt text; no Play badge, no attribution', async () => {
  const appStore = content.stores.appStore!
  for (const [i, path] of roots().entries()) {
    const texts = content.texts[content.locales[i]!]!
    const page = await browser!.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`${base}${path}`, { waitUntil: 'load' })
    const badges = page.locator('a[data-store="appStore"]')
    await expect.poll(() => badges.count()).toBe(2)
    for (const badge of await badges.all()) {
      expect(await badge.getAttribute('href')).toBe(appStore.url)
      const img = badge.locator('img')
      expect(await img.getAttribute('alt')).toBe(texts.stores.appStoreAlt)
      // Its box is set before it arrives (no layout shift); a quarter of its height is clear around it.
      expect(await img.getAttribute('height')).toBe('48')
      expect(Number(await img.getAttribute('width'))).toBeGreaterThan(48)
      await badge.scrollIntoViewIfNeeded()
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
      const [imgBox, linkBox] = [await img.boundingBox(), await badge.boundingBox()]
      expect(imgBox!.height).toBe(48)
      expect(imgBox!.y - linkBox!.y).toBe(12)
      expect(imgBox!.x - linkBox!.x).toBe(12)
    }
    expect(await page.locator('[data-store="googlePlay"]').count()).toBe(0)
    const footer = (await page.locator('footer').textContent()) ?? ''
    expect(footer).not.toContain(texts.stores.playAttribution ?? DEFAULT_PLAY_ATTRIBUTION)
    await page.close()
  }
})

test('the sign-up stays for Android: its heading, the phone already chosen, and the sign-up stored as android', async () => {
  const locale = content.locales.at(-1)!
  const texts = content.texts[locale]!
  const page = await browser!.newPage({ viewport: { width: 1440, height: 900 } })
  await page.goto(`${base}${roots().at(-1)}`, { waitUntil: 'load' })
  expect(await page.locator('#cta-title').textContent()).toBe(texts.stores.signupAndroidHeading)
  expect(await page.locator('#cta input[name="platform"]').getAttribute('value')).toBe('android')
  // The beta's call to action stays in the hero, for the phone still in beta.
  const heroCta = page.locator('section[aria-labelledby="hero-title"] a[href="#cta"]')
  expect(await heroCta.count()).toBe(1)
  expect((await heroCta.textContent())?.trim()).toBe(texts.hero.cta)
  await page.locator('#beta-email').fill('droid@example.com')
  await page.getByRole('button', { name: texts.signup.submit }).click()
  await expect.poll(() => page.locator('#beta-welcome').count(), { timeout: 15_000 }).toBe(1)
  await page.close()

  await stopServer()
  const db = await openPglite(join(root, 'pglite'))
  try {
    const rows = await db.query<{ email: string; platform: string; locale: string }>(
      'select email, platform, locale from public.beta_signups',
    )
    expect(rows.rows).toEqual([{ email: 'droid@example.com', platform: 'android', locale }])
  } finally {
    await db.close()
  }
}, 60_000)
