import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { caddyProxyHeaders, CACHE_RULES, writeProxyHeaders } from '../scripts/proxy-host.ts'
import { createApp } from '../src/server/app.ts'
import { countBuiltDocument } from '../src/server/features.ts'
import { loadConfig } from '../src/server/config.ts'
import type { Db } from '../src/server/db/db.ts'
import { plainErrorHeaders } from '../src/server/http/client-error.ts'
import { loadFastPath } from '../src/server/http/fast-path.ts'
import { createNodeServer } from '../src/server/http/node-server.ts'
import { OPENER_POLICY, pageSecurityHeaders } from '../src/server/http/security-policy.ts'
import { fillOrigin, ORIGIN_MARK, PUBLIC_ORIGIN_FILE, type OriginRecord } from '../src/server/http/public-origin.ts'
import { loadPublicSite } from '../src/server/http/public-site.ts'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { LOCALES } from '../src/shared/content.ts'
import { legalPath } from '../src/shared/locales.ts'
import { NO_RATE_LIMITS, silentLogger, testDb } from '../src/server/test-app.ts'
import { startCaddy, startNginx, type RunningProxy } from './support/proxies.ts'
import { testConfig } from '../src/server/test-config.ts'
import { createLaunchCounter, type LaunchCounter } from '../src/server/features/launch-analytics/counter.ts'
import { browserHeaders, DESKTOP, IPHONE } from '../src/server/features/launch-analytics/test-support.ts'

// Deploy/nginx.conf and deploy/Caddyfile serve the built page's files themselves, with the
// build's twins and the header files scripts/proxy-host.ts generates, and pass the page's
// documents (so that visits are counted), the API, the console and the server's pages to Node.
// Real nginx and Caddy (scripts/ensure-proxies.sh installs them; a missing one fails here, it is
// never skipped) run the recipes in front of the real server, and each answer is compared with
// the one Node itself gives over HTTPS.

const HASHES = { 'script-src': [`'sha256-${'a'.repeat(43)}='`], 'style-src': [`'sha256-${'b'.repeat(43)}='`] }
const big = (unit: string) => unit.repeat(Math.ceil(3000 / unit.length))
let db: Db
let close: () => Promise<void>
let root: string
let node: Server
let nodePort: number
let counter: LaunchCounter
const proxies: Record<string, RunningProxy> = {}

beforeAll(async () => {
  ;({ db, close } = await testDb('pglite'))
  root = await mkdtemp(join(tmpdir(), 'proxy-recipes-'))
  // nginx's workers run as nobody: the build must be readable by others, as /opt/launch-page is.
  await chmod(root, 0o755)
  const client = join(root, 'client')
  // The legal pages: a folder's index per language of the site (scripts/legal-pages.ts).
  const privacyPages = LOCALES.map((l) => legalPath('privacy', l).slice(1))
  for (const folder of ['assets', ...privacyPages, '.well-known'])
    await mkdir(join(client, folder), { recursive: true })
  const files: Record<string, string | Buffer> = {
    'index.html': `<!doctype html><link rel="canonical" href="${ORIGIN_MARK}/"><title>Page</title>${big('<p>landing</p>')}`,
    'assets/index-abc.css': big('body{color:red}'),
    'assets/index-abc.js': big('console.log(1);'),
    'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${big('<g/>')}</svg>`,
    'robots.txt': `User-agent: *\n\nSitemap: ${ORIGIN_MARK}/sitemap.xml\n`,
    'sitemap.xml': `<urlset><url><loc>${ORIGIN_MARK}/</loc></url>${big('<url/>')}</urlset>`,
    'og-image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]),
    'csp-hashes.json': JSON.stringify(HASHES),
    ...Object.fromEntries(
      privacyPages.map((page) => [
        `${page}/index.html`,
        `<!doctype html><link rel="canonical" href="${ORIGIN_MARK}/${page}"><title>${page}</title>${big(`<p>${page}</p>`)}`,
      ]),
    ),
    // Universal Links: no extension; Apple reads it as JSON.
    '.well-known/apple-app-site-association': JSON.stringify({ applinks: { details: [] } }),
  }
  // Built for one address (scripts/public-origin.ts), served by Node for another: what names it
  // must come from Node, never from the folder.
  const record: OriginRecord = { origin: 'https://built.example', files: {} }
  for (const [name, marked] of Object.entries(files)) {
    const { text, slots } = typeof marked === 'string' ? fillOrigin(marked, record.origin) : { text: marked, slots: [] }
    if (slots.length) record.files[name] = slots
    await writeFile(join(client, name), text)
    if (typeof text !== 'string' || text.length < 1000) continue
    await writeFile(join(client, `${name}.br`), brotliCompressSync(text))
    await writeFile(join(client, `${name}.gz`), gzipSync(text))
  }
  await writeFile(join(client, PUBLIC_ORIGIN_FILE), JSON.stringify(record))
  const site = await loadPublicSite(client, 'https://launch.example')
  expect(site.note.documents).toBe(Object.keys(record.files).length)
  await writeProxyHeaders(client, join(root, 'proxy'), [])
  const settings = { ...loadConfig({ HOST: '127.0.0.1' }), TRUST_PROXY: 1 }
  const config = testConfig({ ANON_KEY: LOCAL_ANON_KEY, STATIC_DIR: client, ...NO_RATE_LIMITS, TRUST_PROXY: 1 })
  // As index.ts wires it: the fast path counts the documents it answers from memory.
  counter = createLaunchCounter({ db, logger: silentLogger, settings: { flushMs: 60_000 } })
  const app = createApp({ config, db, logger: silentLogger, launchCounter: counter, publicSite: site.files })
  const fast = await loadFastPath(app, {
    dir: client,
    site: site.files,
    trustedHops: 1,
    extraConnect: [],
    onDocument: countBuiltDocument(config, counter),
  })
  node = createNodeServer(app.fetch, {
    settings,
    logger: silentLogger,
    errorHeaders: await plainErrorHeaders([]),
    fastPath: fast.answer,
  })
  await new Promise<void>((r) => node.listen(0, '127.0.0.1', r))
  nodePort = (node.address() as AddressInfo).port
  const paths = { client, proxy: join(root, 'proxy'), upstream: nodePort }
  proxies.nginx = await startNginx(paths, join(root, 'nginx'))
  proxies.caddy = await startCaddy(paths, join(root, 'caddy'))
}, 60_000)
afterAll(async () => {
  for (const p of Object.values(proxies)) await p.stop()
  await counter?.close()
  node?.closeAllConnections()
  await new Promise((r) => node?.close(r))
  await close()
  await rm(root, { recursive: true, force: true })
})

type Answer = { status: number; headers: IncomingMessage['headers']; body: Buffer }
function get(port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end(body)
  })
}
const viaNode = (path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) =>
  get(nodePort, path, { 'x-forwarded-proto': 'https', ...headers }, method, body)

const SECURITY = [...pageSecurityHeaders({ https: true }).map(([k]) => k.toLowerCase()), OPENER_POLICY[0].toLowerCase()]

describe.each(['nginx', 'caddy'])('%s', (name) => {
  const viaProxy = (path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) =>
    get(proxies[name]!.port, path, headers, method, body)

  test('serves every built file as Node would: twin, security headers, opener split, cache rule, bytes', async () => {
    const paths = [
      '/',
      '/index.html',
      '/assets/index-abc.css',
      '/assets/index-abc.js',
      '/favicon.svg',
      '/robots.txt',
      '/sitemap.xml',
    ]
    // The documents, robots.txt and the sitemap (they name PUBLIC_URL) are Node's answers through
    // the proxy, which speaks plain HTTP to Node here and says so in X-Forwarded-Proto; the files
    // are the proxy's, with the HTTPS headers.
    const asProxied = (path: string): Record<string, string> =>
      /(^|\/|\.html|^\/robots\.txt|^\/sitemap\.xml)$/.test(path) ? { 'x-forwarded-proto': 'http' } : {}
    for (const path of [...paths, '/og-image.png'])
      for (const enc of ['br, gzip', 'gzip', '']) {
        const headers: Record<string, string> = enc ? { 'accept-encoding': enc } : {}
        const [want, got] = await Promise.all([
          viaNode(path, { ...headers, ...asProxied(path) }),
          viaProxy(path, headers),
        ])
        const what = `${name} ${path} ${enc}`
        expect(got.status, what).toBe(200)
        // nginx and Caddy name themselves on what they serve and on what they pass to Node.
        expect(got.headers.server, what).toMatch(/nginx|Caddy/)
        for (const h of [...SECURITY, 'cache-control', 'content-encoding'])
          expect(got.headers[h], `${what}: ${h}`).toBe(want.headers[h])
        // A file sent as a twin varies by Accept-Encoding (Node also says so for text without one).
        if (want.headers['content-encoding']) expect(got.headers.vary, what).toMatch(/accept-encoding/i)
        expect(got.body.equals(want.body), what).toBe(true)
      }
    // The legal pages, in every language, with and without the folder's slash.
    for (const path of LOCALES.flatMap((l) => [legalPath('privacy', l), `${legalPath('privacy', l)}/`]))
      for (const enc of ['br, gzip', '']) {
        const headers: Record<string, string> = enc ? { 'accept-encoding': enc } : {}
        const [want, got] = await Promise.all([
          viaNode(path, { ...headers, 'x-forwarded-proto': 'http' }),
          viaProxy(path, headers),
        ])
        const what = `${name} ${path} ${enc}`
        expect(want.status, what).toBe(200)
        expect(got.status, what).toBe(200)
        expect(got.headers.server, what).toMatch(/nginx|Caddy/)
        for (const h of [...SECURITY, 'cache-control', 'content-encoding'])
          expect(got.headers[h], `${what}: ${h}`).toBe(want.headers[h])
        expect(got.body.equals(want.body), what).toBe(true)
      }
    // What names the address is Node's, made for its PUBLIC_URL; the folder holds the build's.
    expect((await viaProxy('/robots.txt')).body.toString()).toContain('Sitemap: https://launch.example/sitemap.xml')
    expect((await viaProxy('/sitemap.xml')).body.toString()).toContain('<loc>https://launch.example/</loc>')
    expect((await viaProxy('/')).body.toString()).toContain('href="https://launch.example/"')
    const revalidated = await viaProxy('/', { 'if-none-match': (await viaProxy('/')).headers.etag as string })
    expect(revalidated.status).toBe(304)
  })

  test("passes the page's documents to Node, which counts the visits; the files it serves are no visit", async () => {
    const ua = name === 'nginx' ? DESKTOP : IPHONE
    const source = `through-${name}`
    // The landing page, a legal page in another language, a revalidation, and the page's files.
    for (const path of [
      `/?utm_source=${source}`,
      `${legalPath('privacy', LOCALES.at(-1)!)}?utm_source=${source}`,
      `/privacy/?utm_source=${source}`,
    ])
      expect((await viaProxy(path, browserHeaders(ua))).status, path).toBe(200)
    const etag = (await viaProxy(`/?utm_source=${source}`, browserHeaders(ua))).headers.etag as string
    expect((await viaProxy(`/?utm_source=${source}`, browserHeaders(ua, { 'if-none-match': etag }))).status).toBe(304)
    for (const path of ['/assets/index-abc.js', '/favicon.svg', '/robots.txt'])
      expect((await viaProxy(path, browserHeaders(ua))).status, path).toBe(200)
    await counter.flush()
    const r = await db.query<{ visitors: number; pageviews: number }>(
      `select sum(visitors)::int as visitors, sum(pageviews)::int as pageviews
       from app_private.analytics_hourly where source = $1`,
      [source],
    )
    expect(r.rows[0]).toEqual({ visitors: 1, pageviews: 5 })
  })

  test('apple-app-site-association: application/json, with no redirect, as Node sends it', async () => {
    const path = '/.well-known/apple-app-site-association'
    const [want, got] = [await viaNode(path), await viaProxy(path)]
    expect(got.status).toBe(200)
    expect(got.headers['content-type']).toBe('application/json')
    expect(got.headers['content-type']).toBe(want.headers['content-type'])
    expect(got.body.equals(want.body)).toBe(true)
  })

  test("passes the API, the console, the server's pages, twins and unknown paths to Node", async () => {
    const cases: [string, string, Record<string, string>, string?][] = [
      ['GET', '/healthz', {}],
      ['GET', '/unsubscribe?token=nope', {}],
      ['GET', '/admin', {}],
      ['GET', '/index.html.br', { 'accept-encoding': 'br' }],
      ['GET', '/no-such-page', {}],
      ['GET', '/assets/missing.js', {}],
      [
        'POST',
        '/rest/v1/contact_messages',
        { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
        JSON.stringify({ name: 'A', email: 'a@example.com', subject: 'other', message: 'hi' }),
      ],
    ]
    for (const [method, path, headers, body] of cases) {
      // The proxy speaks to Node over plain HTTP here, and says so in X-Forwarded-Proto.
      const want = await viaNode(path, { ...headers, 'x-forwarded-proto': 'http' }, method, body)
      const got = await viaProxy(path, headers, method, body)
      expect(got.status, `${name} ${method} ${path}`).toBe(want.status)
      expect(got.headers['content-security-policy'], `${name} ${path}`).toBe(want.headers['content-security-policy'])
      expect(got.headers['content-type'], `${name} ${path}`).toBe(want.headers['content-type'])
    }
  })
})

test.each(['nginx', 'caddy'])(
  'several processes behind %s: each client address reaches one process, so its rate limit holds',
  async (name) => {
    const client = join(root, 'client')
    const ports: number[] = []
    const servers: Server[] = []
    for (let i = 0; i < 2; i++) {
      const app = createApp({
        config: testConfig({
          ANON_KEY: LOCAL_ANON_KEY,
          STATIC_DIR: client,
          ...NO_RATE_LIMITS,
          RATE_LIMIT_CONTACT_PER_MINUTE: 2,
          TRUST_PROXY: 1,
        }),
        db,
        logger: silentLogger,
      })
      const server = createNodeServer(app.fetch, {
        settings: { ...loadConfig({ HOST: '127.0.0.1' }), TRUST_PROXY: 1 },
        logger: silentLogger,
        errorHeaders: await plainErrorHeaders([]),
      })
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      servers.push(server)
      ports.push((server.address() as AddressInfo).port)
    }
    const paths = { client, proxy: join(root, 'proxy'), upstream: ports }
    const proxy = await (name === 'nginx' ? startNginx : startCaddy)(paths, join(root, `${name}-several`))
    try {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        const body = JSON.stringify({ name: 'A', email: `n${i}@example.com`, subject: 'other', message: 'hi' })
        const headers = { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' }
        statuses.push((await get(proxy.port, '/rest/v1/contact_messages', headers, 'POST', body)).status)
      }
      // Spread over both processes, each would allow 2 and all four would pass.
      expect(statuses).toEqual([201, 201, 429, 429])
    } finally {
      await proxy.stop()
      for (const s of servers) {
        s.closeAllConnections()
        await new Promise((r) => s.close(r))
      }
    }
  },
)

test("the generated files are the Node server's page headers over HTTPS and its cache rules", async () => {
  const expected = pageSecurityHeaders({ https: true, inline: HASHES })
  const nginx = await readFile(join(root, 'proxy', 'nginx-headers.conf'), 'utf8')
  const fromNginx = [...nginx.matchAll(/^add_header ([\w-]+) "((?:[^"\\]|\\.)*)" always;$/gm)].map((m) => [m[1], m[2]])
  expect(fromNginx).toEqual(expected)
  expect(await readFile(join(root, 'proxy', 'caddy-headers'), 'utf8')).toBe(caddyProxyHeaders(expected))
  expect(caddyProxyHeaders(expected)).toContain(`header @assets Cache-Control "${CACHE_RULES.assets}"`)
  const conf = await readFile(join(import.meta.dirname, '../deploy/nginx.conf'), 'utf8')
  for (const rule of Object.values(CACHE_RULES)) expect(conf).toContain(`add_header Cache-Control "${rule}" always;`)
})
