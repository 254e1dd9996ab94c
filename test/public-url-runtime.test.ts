import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { PUBLIC_ORIGIN_FILE, parseOriginRecord } from '../src/server/http/public-origin.ts'
import { freePort } from '../scripts/pg-cluster.ts'
import { copyOfRepository } from '../scripts/repo-copy.ts'
import { startServer, waitFor, waitHealthy, type ServerProcess } from './support/server-process.ts'

// Issue 53, item 3: one build serves any address. The repository is copied and built once (the
// template's content, for its own address: product.url), then started twice, as `npm run serve`
// starts it, with two PUBLIC_URLs. Each names its own address in every prerendered page (canonical,
// hreflang, Open Graph, Twitter and JSON-LD, share images), the sitemap, robots.txt and the welcome
// email, whichever way a document is asked for; the folder keeps the build's, for static hosts.

const run = promisify(execFile)
type Running = { name: string; server: ServerProcess; origin: string; outbox: string }

let root = ''
let built = ''
const running: Running[] = []

/** Every prerendered page of the build, as its path (`/`, `/de/`, `/privacy/`…); the console is no page of the site. */
function documents(client: string): string[] {
  return readdirSync(client, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === 'index.html')
    .map((e) => `/${relative(client, e.parentPath).split(sep).join('/')}/`.replace(/^\/\/$/, '/'))
    .filter((path) => !path.startsWith('/admin/'))
    .sort()
}

/** Every absolute URL a document or file names in an attribute, a JSON string, a <loc> or a Sitemap line. */
function urls(text: string): string[] {
  return [...text.matchAll(/(?:href="|content="|src="|"(?:url|image)":"|<loc>|Sitemap: )(https?:\/\/[^"<\s]+)/g)].map(
    (m) => m[1]!,
  )
}

beforeAll(async () => {
  root = copyOfRepository('public-url-')
  const env = { VITE_SITE_URL: '', DOCUMENT_BUDGET: 'warn' }
  await run('npm', ['run', 'build'], {
    cwd: root,
    env: { ...process.env, ...env },
    maxBuffer: 64 << 20,
    timeout: 300_000,
  })
  built = parseOriginRecord(readFileSync(join(root, 'dist/client', PUBLIC_ORIGIN_FILE), 'utf8')).origin
  const portB = await freePort()
  for (const [name, origin, port] of [
    ['alpha', 'https://alpha.example.org', await freePort()],
    ['beta', `http://127.0.0.1:${portB}`, portB],
  ] as const) {
    const outbox = join(root, `outbox-${name}`)
    const server = await startServer(
      {
        ...env,
        PORT: String(port),
        PUBLIC_URL: origin,
        PGLITE_DIR: join(root, `pglite-${name}`),
        OUTBOX_DIR: outbox,
        SIGNUP_CHALLENGE: 'off',
      },
      { builtIn: root, timeoutMs: 120_000 },
    )
    running.push({ name, server, origin, outbox })
  }
  for (const { server } of running) await waitHealthy(server, 180_000)
}, 600_000)

afterAll(async () => {
  for (const { server } of running) if (server.child.exitCode === null) await server.stop()
  if (root) rmSync(root, { recursive: true, force: true })
})

test('the build names its own address on disk, for the static hosts, and records where', () => {
  const client = join(root, 'dist/client')
  expect(built).not.toMatch(/alpha|127\.0\.0\.1/)
  expect(readFileSync(join(client, 'index.html'), 'utf8')).toContain(`<link rel="canonical" href="${built}/"`)
  expect(readFileSync(join(client, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${built}/sitemap.xml`)
  const record = parseOriginRecord(readFileSync(join(client, PUBLIC_ORIGIN_FILE), 'utf8'))
  for (const page of documents(client)) expect(Object.keys(record.files)).toContain(`${page.slice(1)}index.html`)
  expect(Object.keys(record.files)).toEqual(expect.arrayContaining(['sitemap.xml', 'robots.txt']))
})

test('each server names its own PUBLIC_URL in every page, every way it is asked for', async () => {
  const client = join(root, 'dist/client')
  const pages = documents(client)
  // Each language's landing page and legal pages (the template's content has two languages).
  expect(pages.length).toBeGreaterThanOrEqual(6)
  const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? ''
  for (const { server, origin } of running)
    for (const page of pages) {
      const builtCanonical = canonicalOf(readFileSync(join(client, page.slice(1), 'index.html'), 'utf8'))
      expect(builtCanonical.startsWith(`${built}/`), page).toBe(true)
      for (const encoding of ['br', 'gzip', 'identity', 'gzip;q=1']) {
        const res = await fetch(`${server.url}${page}`, { headers: { 'accept-encoding': encoding } })
        const what = `${origin} ${page} ${encoding}`
        expect(res.status, what).toBe(200)
        const html = await res.text()
        const head = html.slice(0, html.indexOf('</head>'))
        expect(
          urls(head).filter((u) => u.startsWith(built)),
          what,
        ).toEqual([])
        const canonical = canonicalOf(html)
        expect(canonical, what).toBe(`${origin}${builtCanonical.slice(built.length)}`)
        const alternates = [...head.matchAll(/<link rel="alternate" hreflang="[^"]+" href="([^"]+)"/gi)].map(
          (m) => m[1]!,
        )
        expect(alternates.length, what).toBeGreaterThanOrEqual(3)
        expect(alternates, what).toContain(canonical)
        for (const href of alternates) expect(href.startsWith(`${origin}/`), `${what}: ${href}`).toBe(true)
        // A landing page's share card and JSON-LD (the legal pages have none).
        if (!head.includes('property="og:url"')) continue
        const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]+)"`).exec(head)?.[1]
        expect(meta('og:url'), what).toBe(canonical)
        const image = meta('og:image')!
        expect(image.startsWith(`${origin}/`), what).toBe(true)
        expect(meta('twitter:image'), what).toBe(image)
        const ld = JSON.parse(/<script type="application\/ld\+json">([^<]+)<\/script>/.exec(head)![1]!) as {
          url: string
          image: string
        }
        expect(ld, what).toMatchObject({ url: canonical, image })
        // The share image it names is served there.
        expect((await fetch(`${server.url}${new URL(image).pathname}`)).status, what).toBe(200)
      }
    }
})

test('each server’s sitemap and robots.txt name its own PUBLIC_URL', async () => {
  const onDisk = readFileSync(join(root, 'dist/client/sitemap.xml'), 'utf8')
  for (const { server, origin } of running) {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`, { headers: { 'accept-encoding': 'br' } })).text()
    const named = urls(sitemap.replace(/xmlns(:\w+)?="[^"]+"/g, ''))
    expect(named.length).toBe(urls(onDisk.replace(/xmlns(:\w+)?="[^"]+"/g, '')).length)
    for (const url of named) expect(url.startsWith(`${origin}/`), url).toBe(true)
    // The same entries as the build's, with the address moved.
    expect(sitemap).toBe(onDisk.split(built).join(origin))
    const robots = await (await fetch(`${server.url}/robots.txt`)).text()
    expect(robots).toContain(`\nSitemap: ${origin}/sitemap.xml\n`)
  }
})

test('apple-app-site-association names no address (app ids and paths only): the same file on every server', async () => {
  const path = '/.well-known/apple-app-site-association'
  const answers = await Promise.all(running.map(async ({ server }) => fetch(`${server.url}${path}`)))
  const exists = existsSync(join(root, 'dist/client', path))
  for (const res of answers) expect(res.status).toBe(exists ? 200 : 404)
  if (exists) for (const res of answers) expect(await res.text()).not.toContain(built)
})

test('each server’s welcome email links to its own PUBLIC_URL', async () => {
  const headers = {
    apikey: LOCAL_ANON_KEY,
    authorization: `Bearer ${LOCAL_ANON_KEY}`,
    'content-type': 'application/json',
  }
  for (const { name, server, origin, outbox } of running) {
    const email = `tester-${name}@example.com`
    const body = JSON.stringify({ email })
    expect((await fetch(`${server.url}/rest/v1/beta_signups`, { method: 'POST', headers, body })).status).toBe(201)
    expect(
      (await fetch(`${server.url}/functions/v1/resend-email`, { method: 'POST', headers, body })).status,
    ).toBeLessThan(300)
    const markers = () => (existsSync(outbox) ? readdirSync(outbox).filter((f) => /^[^.].*\.json$/.test(f)) : [])
    await waitFor(() => markers().length > 0, { timeoutMs: 60_000, what: `the welcome email in ${outbox}` })
    const id = markers()[0]!.slice(0, -'.json'.length)
    const record = JSON.parse(readFileSync(join(outbox, `${id}.json`), 'utf8')) as {
      text: string
      headers: Record<string, string>
    }
    const html = readFileSync(join(outbox, `${id}.html`), 'utf8')
    const links = [
      ...`${html}\n${record.text}\n${Object.values(record.headers).join('\n')}`.matchAll(/https?:\/\/[^\s"<>)]+/g),
    ]
      .map((m) => m[0])
      .filter((u) => !u.startsWith('http://www.w3.org/'))
    const own = links.filter((u) => u.startsWith(`${origin}/`))
    // The unsubscribe link (body and header), the site's link and the logo, at least.
    expect(
      own.some((u) => u.startsWith(`${origin}/unsubscribe?token=`)),
      links.join('\n'),
    ).toBe(true)
    expect(own).toContain(`${origin}/`)
    expect(
      links.filter((u) => u.startsWith(built) || running.some((r) => r.origin !== origin && u.startsWith(r.origin))),
    ).toEqual([])
  }
})

test('each server made its documents at start, and says so', () => {
  for (const { server, origin } of running) {
    const line = server
      .log()
      .split('\n')
      .find((l) => l.includes('"site.public_origin"'))
    expect(line, server.log()).toBeDefined()
    const note = JSON.parse(line!) as { from: string; to: string; documents: number; ms: number }
    expect(note).toMatchObject({ from: built, to: origin })
    expect(note.documents).toBeGreaterThanOrEqual(8)
    console.log(`${origin}: ${note.documents} files made in ${note.ms} ms at start`)
  }
})
