import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { contentDir, loadContent, REPO_ROOT } from '../src/content/load.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { freePort } from '../scripts/pg-cluster.ts'
import { copyOfRepository } from '../scripts/repo-copy.ts'
import { startServer, waitHealthy, type ServerProcess } from './support/server-process.ts'

// A second founder's brand built end to end (docs/decisions/brand.md): test/fixtures/trailmate
// has its own name, colours, PNG logo, three raster screenshots, legal entity and imprint. The
// repository is copied (so the build's dist/ and generated files are the fixture's own), built
// with CONTENT_DIR, served, and signed up to; neither the served site nor the email may show the
// demo's name, which is read from content/, never written here.

const FIXTURE = join(REPO_ROOT, 'test/fixtures/trailmate')
// The template's content (test/fixtures/demo: vitest.config.ts), the fixture's opposite.
const demo = loadContent(contentDir()).content!
const fixture = loadContent(FIXTURE).content!
const run = promisify(execFile)

let root = ''
let server: ServerProcess | undefined
let base = ''
let outbox = ''

/** Every file under `dir`, but the compressed twins of the ones read. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/\.(br|gz)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
}

const read = (path: string) => readFileSync(path, 'latin1').replace(/=\r?\n/g, '')

beforeAll(async () => {
  root = copyOfRepository('fixture-brand-')
  // A founder's build: the document budget warns, it does not gate (docs/decisions/document-budget.md).
  const env = { CONTENT_DIR: FIXTURE, VITE_SITE_URL: '', DOCUMENT_BUDGET: 'warn' }
  await run('npm', ['run', 'build'], {
    cwd: root,
    env: { ...process.env, ...env },
    maxBuffer: 64 << 20,
    timeout: 240_000,
  })
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  outbox = join(root, 'outbox')
  server = await startServer(
    {
      ...env,
      PORT: String(port),
      PUBLIC_URL: base,
      PGLITE_DIR: join(root, 'pglite'),
      OUTBOX_DIR: outbox,
      SIGNUP_CHALLENGE: 'off',
    },
    { builtIn: root },
  )
  await waitHealthy(server)
}, 300_000)

afterAll(async () => {
  if (server && server.child.exitCode === null) await server.stop()
  if (root) rmSync(root, { recursive: true, force: true })
})

test('the fixture brand is its own content: another name, colours, logo and imprint', () => {
  expect(fixture.product.name).not.toBe(demo.product.name)
  expect(fixture.theme.dark.brand).not.toBe(demo.theme.dark.brand)
  expect(fixture.legal.imprint).toBeTruthy()
})

test("a sign-up on the fixture's build: its name, colours and imprint everywhere, the demo's name nowhere", async () => {
  const headers = {
    apikey: LOCAL_ANON_KEY,
    authorization: `Bearer ${LOCAL_ANON_KEY}`,
    'content-type': 'application/json',
  }
  const email = 'hiker@example.com'
  const insert = await fetch(`${base}/rest/v1/beta_signups`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email }),
  })
  expect(insert.status).toBe(201)
  const send = await fetch(`${base}/functions/v1/resend-email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email }),
  })
  expect(send.status).toBeLessThan(300)
  // The outbox writes each file hidden, then renames it, and each email's .json marker last.
  const delivered = () => (existsSync(outbox) ? files(outbox).filter((f) => !basename(f).startsWith('.')) : [])
  for (let i = 0; !delivered().some((f) => f.endsWith('.json')); i++) {
    if (i > 200) throw new Error('no email reached the outbox')
    await new Promise((r) => setTimeout(r, 100))
  }

  // What the server serves (every built file of the site) and what it sent.
  const served = files(join(root, 'dist/client'))
  const emails = delivered()
  expect(served.length).toBeGreaterThan(20)
  const trace = new RegExp(demo.product.name, 'i')
  for (const file of [...served, ...emails]) expect(read(file), file).not.toMatch(trace)
  for (const file of emails) expect(read(file), file).toContain(fixture.product.name)

  const page = await (await fetch(`${base}/`)).text()
  expect(page).toContain(fixture.product.name)
  expect(page).toContain(fixture.theme.dark.page)
  // The console and the server pages take the theme's variables from one stylesheet each.
  const serverCss = await (await fetch(`${base}/server-page.css`)).text()
  expect(serverCss).toContain(fixture.theme.light.brand)
  const imprint = await fetch(`${base}/imprint`)
  expect(imprint.status).toBe(200)
  const imprintHtml = await imprint.text()
  expect(imprintHtml).toContain(fixture.legal.company)
  expect(imprintHtml).toContain(fixture.legal.imprint!.split('\n')[0])
  expect(page).toContain('href="/imprint"')
  // The icons are the fixture's PNG logo: the demo's SVG mark is not the favicon.
  expect(await (await fetch(`${base}/icon-192.png`)).arrayBuffer()).toBeTruthy()
  expect(existsSync(join(root, 'dist/client/logo-96.png'))).toBe(true)
}, 60_000)
