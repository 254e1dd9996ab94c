import { spawn, type ChildProcess } from 'node:child_process'
import { randomInt, randomUUID } from 'node:crypto'
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { connect } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { checkContent } from '../src/content/checks.ts'
import { contentDir as repoContentDir, loadContent, type Content } from '../src/content/load.ts'
import { formatProblems } from '../src/content/problems.ts'
import { planScreens } from '../src/content/screen-images.ts'
import sharp from 'sharp'
import { Outbox, uniqueEmail } from './fixtures.ts'
import { endWithParent } from '../scripts/end-with-parent.ts'
import { freePort } from '../scripts/pg-cluster.ts'

// `npm run dev` (scripts/dev.ts) as a founder uses it, on a copy of content/ (CONTENT_DIR): the
// page is rendered from the source, an edit to content/site.yaml shows without a restart, and a
// problem shows in the browser naming its file and key, until it is mended.
// Texts come from the copy itself, so a founder's own content passes too.

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/**
 * How long the test waits for an edit to show: the page reloads itself, the test does not. About
 * half a second on a quiet machine; this is a wait, not a speed check (a loaded machine is slower).
 */
const EDIT_SHOWS_WITHIN_MS = 30_000
/** A first start makes the database and Vite's dependency bundle: on a shared machine, slow. */
const START_TIMEOUT_MS = 300_000

test.describe.configure({ mode: 'serial', timeout: START_TIMEOUT_MS + 60_000 })

/** One `npm run dev` process, as a founder starts it, with `env` over this process's. */
type Dev = { process: ChildProcess; port: number; url: string; output: () => string; stop(): Promise<void> }

async function startDev(env: Record<string, string | undefined>): Promise<Dev> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = endWithParent(
    spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development', PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  let output = ''
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (d: Buffer) => (output += d.toString()))
  const dev: Dev = {
    process: child,
    port,
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      // A dev server that hangs on its way out is not left listening.
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(force)
    },
  }
  await expect
    .poll(async () => (child.exitCode === null ? (await fetch(`${url}/healthz`).catch(() => null))?.status : -1), {
      timeout: START_TIMEOUT_MS - 10_000,
      message: 'the dev server answers /healthz',
    })
    .toBe(200)
  return dev
}

let dev: Dev
let baseURL = ''
let work = ''
let contentDir = ''
let outbox: Outbox
/** The data folders of the dev server under test, where a founder's are: inside the repository. */
let data: { home: string; pglite: string; outbox: string; backups: string; link: string }
const output = () => dev.output()
const OWNER = uniqueEmail('dev-owner')

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT_MS)
  work = await mkdtemp(join(tmpdir(), 'dev-server-e2e-'))
  contentDir = join(work, 'site-content')
  // The content under test (CONTENT_DIR's, else content/): the demo's or a founder's.
  await cp(repoContentDir(), contentDir, { recursive: true })
  // The database where ./data is, the emails renamed and outside ./data (still in the
  // repository), the backups outside the repository: each must stay out of every answer.
  const tag = `dev-e2e-${randomUUID().slice(0, 8)}`
  const home = join(ROOT, 'data', tag)
  const elsewhere = join(ROOT, 'node_modules/.cache', tag)
  data = {
    home,
    pglite: join(home, 'db'),
    outbox: join(elsewhere, 'letters'),
    backups: join(work, 'backups'),
    link: join(elsewhere, 'a-link'),
  }
  outbox = new Outbox(data.outbox)
  dev = await startDev({
    // Explicitly on every interface, as someone sharing the page on their network would.
    HOST: '0.0.0.0',
    PGLITE_DIR: data.pglite,
    OUTBOX_DIR: data.outbox,
    BACKUP_DIR: data.backups,
    EMAIL_TRANSPORT: 'outbox',
    OWNER_EMAILS: OWNER,
    CONTENT_DIR: contentDir,
    // The generated modules of the copy, apart from the worktree's (which other tests read).
    DEV_GENERATED_DIR: join(work, 'generated'),
  })
  baseURL = dev.url
})

test.afterAll(async () => {
  await dev?.stop()
  if (work) await rm(work, { recursive: true, force: true })
  if (data) for (const dir of [data.home, dirname(data.outbox)]) await rm(dir, { recursive: true, force: true })
})

/** An address of this machine that is not loopback (127.0.0.2 is loopback too, but not 127.0.0.1). */
function notLoopback(): string {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)
  return external?.address ?? '127.0.0.2'
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port })
    socket.once('connect', () => {
      socket.destroy()
      done(true)
    })
    socket.once('error', () => done(false))
  })
}

/** A GET with the path sent as written: no client normalises it first. */
function rawGet(port: number, path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { accept: '*/*' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
    })
    req.on('error', fail)
    req.end()
  })
}

/** The ways a request can name the file `abs`: from the root, through /@fs/ and /@id/, encoded, doubled, cased. */
function spellings(abs: string): string[] {
  const rel = relative(ROOT, abs)
  const bases = [...(rel.startsWith('..') ? [] : [`/${rel}`]), `/@fs${abs}`, `/@id${abs}`, `/@id/@fs${abs}`]
  const forms = (p: string) => [
    p,
    `/${p}`,
    p.replaceAll('/', '//'),
    p.replace(/\/([^/]+)$/, '/./$1'),
    `/src/..${p}`,
    `/src/%2e%2e${p}`,
    `/src/%2E%2E${p}`,
    `/${p.slice(1).replaceAll('/', '%2F')}`,
    `/${p.slice(1).replaceAll('/', '%252F')}`,
    p.replace(/\/([^/]+)$/, '%2F$1'),
    p.replaceAll('.', '%2e'),
    p.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
    p.toUpperCase(),
    p.replace(/\/[^/]+/, (segment) => segment.toUpperCase()),
    `/${p.slice(1).replaceAll('/', '\\')}`,
    `${p}/`,
  ]
  const queries = ['', '?raw', '?import', '?url', '?import&raw', '?raw&import', '?inline', '?import&url&inline', '?t=1']
  return [...new Set(bases.flatMap(forms).flatMap((p) => queries.map((q) => p + q)))]
}

test('npm run dev listens on this machine only unless HOST says otherwise, and says so when it does not', async () => {
  test.setTimeout(START_TIMEOUT_MS)
  const other = notLoopback()
  // HOST=0.0.0.0: reachable on the machine's other address, and the terminal says so.
  expect(await connects(other, dev.port)).toBe(true)
  expect(output()).toMatch(/all interfaces/)
  const quiet = await startDev({
    HOST: undefined,
    PGLITE_DIR: 'memory://',
    OUTBOX_DIR: join(work, 'quiet-outbox'),
    CONTENT_DIR: contentDir,
    DEV_GENERATED_DIR: join(work, 'generated-quiet'),
  })
  try {
    expect(await connects('127.0.0.1', quiet.port)).toBe(true)
    expect(await connects(other, quiet.port)).toBe(false)
    expect(quiet.output()).not.toMatch(/all interfaces/)
  } finally {
    await quiet.stop()
  }
})

test('no spelling of a path answers a byte of the data folders, whatever they are called', async () => {
  test.setTimeout(START_TIMEOUT_MS)
  // A sign-in link in the outbox, asked for as anyone can (no session needed).
  const asked = await fetch(`${baseURL}/admin/auth/email`, {
    method: 'POST',
    headers: { origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify({ email: OWNER }),
  })
  expect(asked.status).toBe(202)
  const email = await outbox.waitFor(OWNER, 30_000)
  const token = /token=([\w-]+)/.exec(email.text)?.[1]
  expect(token).toBeTruthy()
  const secretFile = `${data.pglite}.owner-secret`
  await mkdir(data.backups, { recursive: true })
  await writeFile(join(data.backups, 'probe.txt'), randomUUID())
  await symlink(secretFile, data.link)
  const files = [
    secretFile,
    join(data.pglite, 'global/pg_control'),
    join(data.backups, 'probe.txt'),
    ...['json', 'eml', 'html'].map((ext) => join(data.outbox, `${email.id}.${ext}`)),
  ]
  const targets: { paths: string[]; needles: Buffer[] }[] = []
  for (const file of files) {
    const bytes = await readFile(file)
    expect(bytes.length).toBeGreaterThan(0)
    targets.push({ paths: spellings(file), needles: [bytes.subarray(0, 64), Buffer.from(token!)] })
  }
  const secret = (await readFile(secretFile)).subarray(0, 64)
  targets.push({ paths: spellings(data.link), needles: [secret] })

  const leaks: string[] = []
  const statuses = new Map<number, number>()
  const probes = targets.flatMap(({ paths, needles }) => paths.map((path) => ({ path, needles })))
  // A few at a time: a shared machine, and the dev server transforms what it serves.
  for (let i = 0; i < probes.length; i += 8)
    await Promise.all(
      probes.slice(i, i + 8).map(async ({ path, needles }) => {
        const { status, body } = await rawGet(dev.port, path)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        if (needles.some((n) => body.includes(n))) leaks.push(`${status} ${path}`)
      }),
    )
  expect(leaks, `answered with a data folder's bytes (statuses ${JSON.stringify([...statuses])})`).toEqual([])
  expect(probes.length).toBeGreaterThan(500)
  expect(dev.process.exitCode).toBeNull()
})

test("two requests at once for a new screenshot's variants are both answered, and the server stays up", async () => {
  test.setTimeout(START_TIMEOUT_MS)
  const { content } = loadContent(contentDir)
  if (!content) throw new Error('the copy of the content does not load')
  const [first] = content.screens
  expect(first).toBeDefined()
  // A screenshot never encoded before (one pixel changed): a new cache key, so every variant is encoded now.
  const file = join(contentDir, 'screens', first!.file)
  const pixel = { r: randomInt(256), g: randomInt(256), b: randomInt(256), alpha: 1 }
  const changed = await sharp(await readFile(file))
    .composite([{ input: { create: { width: 1, height: 1, channels: 4, background: pixel } }, top: 0, left: 0 }])
    .png()
    .toBuffer()
  await writeFile(file, changed)
  const plan = await planScreens(contentDir, content.screens, 'assets', content.locales)
  const variants = plan.variants.filter((v) => v.input === file)
  expect(variants.length).toBeGreaterThan(0)
  const answers = await Promise.all(
    variants.flatMap((v) =>
      [1, 2].map(async () => {
        const res = await fetch(`${baseURL}/${v.fileName}`).catch((err: unknown) => {
          throw new Error(`${String(err)}; the dev server said: ${output().slice(-2_000)}`)
        })
        return {
          v,
          status: res.status,
          type: res.headers.get('content-type'),
          bytes: Buffer.from(await res.arrayBuffer()),
        }
      }),
    ),
  )
  for (const { v, status, type, bytes } of answers) {
    expect(status, v.fileName).toBe(200)
    expect(type).toBe(`image/${v.format}`)
    expect(bytes.equals(answers.find((a) => a.v === v)!.bytes)).toBe(true)
  }
  expect(dev.process.exitCode).toBeNull()
  expect((await fetch(`${baseURL}/healthz`)).status).toBe(200)
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
  await form.getByRole('textbox', { name: signup.emailLabel }).fill(email)
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
  await expect.poll(output).toContain(line!)
  // A reload while it is broken shows the problem too, not a stale page.
  await page.reload()
  await expect(page.locator('vite-error-overlay')).toContainText(line!)

  // Mended: the page comes back by itself, with the edit.
  await writeFile(join(contentDir, 'site.yaml'), editedText)
  await expect(page.locator('#hero-title')).toHaveText(edited)
  await expect(page.locator('vite-error-overlay')).toHaveCount(0)
  expect(dev.process.exitCode).toBeNull()
})
