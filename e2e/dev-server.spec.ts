import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { checkContent } from '../src/content/checks.ts'
import { contentDir as repoContentDir, loadContent, type Content } from '../src/content/load.ts'
import { formatProblems } from '../src/content/problems.ts'
import { Outbox, uniqueEmail } from './fixtures.ts'
import { endWithParent } from '../scripts/end-with-parent.ts'
import { freePort } from '../scripts/pg-cluster.ts'

// `npm run dev` (scripts/dev.ts) as a founder uses it, on a copy of content/ (CONTENT_DIR): the
// page is rendered from the source, an edit to content/site.yaml shows without a restart, and a
// problem shows in the browser naming its file and key, until it is mended.
// Texts come from the copy itself, so a founder's own content passes too.

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** How long an edit may take to show (issue 39): the page reloads itself, the test does not. */
const EDIT_SHOWS_WITHIN_MS = 2_000
/** A first start makes the database and Vite's dependency bundle: on a shared machine, slow. */
const START_TIMEOUT_MS = 150_000

test.describe.configure({ mode: 'serial', timeout: START_TIMEOUT_MS + 60_000 })

let server: ChildProcess | undefined
let baseURL = ''
let work = ''
let contentDir = ''
let outbox: Outbox
let output = ''

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT_MS)
  work = await mkdtemp(join(tmpdir(), 'dev-server-e2e-'))
  contentDir = join(work, 'site-content')
  // The content under test (CONTENT_DIR's, else content/): the demo's or a founder's.
  await cp(repoContentDir(), contentDir, { recursive: true })
  const port = await freePort()
  baseURL = `http://127.0.0.1:${port}`
  outbox = new Outbox(join(work, 'outbox'))
  server = endWithParent(
    spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        PGLITE_DIR: 'memory://',
        OUTBOX_DIR: outbox.dir,
        EMAIL_TRANSPORT: 'outbox',
        CONTENT_DIR: contentDir,
        // The generated modules of the copy, apart from the worktree's (which other tests read).
        DEV_GENERATED_DIR: join(work, 'generated'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  for (const stream of [server.stdout!, server.stderr!]) stream.on('data', (d: Buffer) => (output += d.toString()))
  await expect
    .poll(async () => (await fetch(`${baseURL}/healthz`).catch(() => null))?.status, {
      timeout: START_TIMEOUT_MS - 10_000,
      message: 'the dev server answers /healthz',
    })
    .toBe(200)
})

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server!.once('exit', done))
    server.kill('SIGTERM')
    // A dev server that hangs on its way out is not left listening.
    const force = setTimeout(() => server!.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(force)
  }
  if (work) await rm(work, { recursive: true, force: true })
})

/** The copy as the content module reads it: its languages, the default's texts, and site.yaml's text. */
async function site(): Promise<{ text: string; texts: Content['texts'][string]; locales: string[] }> {
  const { content } = loadContent(contentDir)
  if (!content) throw new Error('the copy of the content does not load')
  const { locales } = content
  return { text: await readFile(join(contentDir, 'site.yaml'), 'utf8'), texts: content.texts[locales[0]!]!, locales }
}

/** The copy's problems, each line worded as `npm run content:check` words it. */
function problemLines(): string[] {
  const loaded = loadContent(contentDir)
  const problems = loaded.content ? [...loaded.problems, ...checkContent(loaded.content, contentDir)] : loaded.problems
  expect(problems.length).toBeGreaterThan(0)
  return formatProblems(problems)
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
}

/** Replaces the one YAML line `key: value` under texts.hero (the copy's own value, whatever it is). */
function replaceLine(text: string, key: string, from: string, to: string): string {
  const line = new RegExp(`^(\\s+${key}: )['"]?${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?$`, 'm')
  if (!line.test(text)) throw new Error(`site.yaml has no ${key} line with ${from}`)
  return text.replace(line, (_m, head: string) => `${head}${JSON.stringify(to)}`)
}

test('the landing page and the other languages are rendered on the server and hydrate', async ({ page }) => {
  const { texts, locales } = await site()
  const { headline } = texts.hero
  const html = await (await fetch(`${baseURL}/`)).text()
  expect(html).toContain('id="hero-title"')
  expect(html).not.toContain('<!--app-->')
  for (const locale of locales.slice(1)) {
    const other = await (await fetch(`${baseURL}/${locale}/`)).text()
    expect(other).toContain(`<html lang="${locale}"`)
    expect(other).toContain('id="hero-title"')
  }
  await page.goto(`${baseURL}/`)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  await expect(page.locator('#hero-title')).toHaveText(headline)
})

test('a sign-up works, and its welcome email is written', async ({ page }) => {
  const { signup } = (await site()).texts
  const email = uniqueEmail('dev')
  await page.goto(`${baseURL}/`)
  const form = page.locator('aside#cta')
  await form.getByRole('textbox', { name: /email/i }).fill(email)
  await form.getByRole('button', { name: signup.submit }).click()
  await expect(form.getByText(signup.successTitle, { exact: true })).toBeVisible({ timeout: 30_000 })
  await outbox.waitFor(email, 30_000)
})

test('an edit to content/ shows at once; a problem names its file and key until it is mended', async ({ page }) => {
  const original = await site()
  const { headline, headlineAccent } = original.texts.hero
  await page.goto(`${baseURL}/`)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  const hero = page.locator('#hero-title')
  await expect(hero).toHaveText(headline)

  // The page reloads itself: no restart, no reload by the test.
  const edited = `Edited ${headline}`
  const editedText = replaceLine(original.text, 'headline', headline, edited)
  await writeFile(join(contentDir, 'site.yaml'), editedText)
  await expect(hero).toHaveText(edited, { timeout: EDIT_SHOWS_WITHIN_MS })

  // A broken key: the overlay names the file and the key, as npm run content:check does.
  await writeFile(
    join(contentDir, 'site.yaml'),
    replaceLine(editedText, 'headlineAccent', headlineAccent, 'words the headline does not end with'),
  )
  const [line] = problemLines()
  expect(line).toContain('site.yaml: texts.hero.headlineAccent')
  const overlay = page.locator('vite-error-overlay')
  await expect(overlay).toContainText(line!)
  await expect.poll(() => output).toContain(line!)
  // A reload while it is broken shows the problem too, not a stale page.
  await page.reload()
  await expect(page.locator('vite-error-overlay')).toContainText(line!)

  // Mended: the page comes back by itself, with the edit.
  await writeFile(join(contentDir, 'site.yaml'), editedText)
  await expect(page.locator('#hero-title')).toHaveText(edited)
  await expect(page.locator('vite-error-overlay')).toHaveCount(0)
  expect(server?.exitCode).toBeNull()
})
