import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Db } from '../db/db.ts'
import { LOGO_PATH } from '../../emails/envelope.ts'
import { DEFAULT_LOCALE, LOCALES } from '../../shared/locales.ts'
import { LOCAL_ANON_KEY } from '../../shared/self-hosted.ts'
import { NO_RATE_LIMITS, silentLogger, testDb } from '../test-app.ts'
import { plainErrorHeaders } from './client-error.ts'
import { loadFastPath } from './fast-path.ts'
import { createNodeServer } from './node-server.ts'
import { testConfig } from '../test-config.ts'

// The built files answered from memory, ahead of the app, must be what the app's chain
// (static.ts, security-headers.ts, compress) sends, byte for byte. Two real servers over one
// folder, one with the fast path and one without, get the same requests; every answer's status,
// headers (but Date) and body are compared, and the fast path must have answered it itself.

let db: Db
let close: () => Promise<void>
let dir: string
const servers: Server[] = []
const big = (unit: string) => unit.repeat(Math.ceil(3000 / unit.length))
/** A language other than the default: its page is a folder of its own (`/de/`). */
const other = LOCALES.find((l) => l !== DEFAULT_LOCALE)!
const hashes = {
  'script-src': [`'sha256-${'a'.repeat(43)}='`],
  'style-src': [`'sha256-${'b'.repeat(43)}='`],
}

beforeAll(async () => {
  ;({ db, close } = await testDb('pglite'))
  dir = await mkdtemp(join(tmpdir(), 'fast-path-'))
  await mkdir(join(dir, 'assets'))
  await mkdir(join(dir, 'admin'))
  await mkdir(join(dir, 'guide'))
  await mkdir(join(dir, other))
  await mkdir(join(dir, '.well-known'))
  const files: Record<string, string | Buffer> = {
    'index.html': `<!doctype html><title>Page</title>${big('<p>landing</p>')}`,
    'guide/index.html': `<!doctype html><title>Guide</title>${big('<p>guide</p>')}`,
    [`${other}/index.html`]: `<!doctype html><html lang="${other}"><title>Seite</title>${big('<p>landing</p>')}`,
    'assets/index-abc.css': big('body{color:red}'),
    'assets/index-abc.js': big('console.log(1);'),
    'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${big('<g/>')}</svg>`,
    'site.webmanifest': JSON.stringify({ name: big('x') }),
    'sitemap.xml': `<urlset>${big('<url/>')}</urlset>`,
    'robots.txt': 'User-agent: *\n',
    'csp-hashes.json': JSON.stringify(hashes),
    'og-image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5, 6, 7, 8]),
    [LOGO_PATH.slice(1)]: Buffer.from([0x89, 0x50, 0x4e, 0x47, 8, 7, 6, 5, 4, 3, 2, 1]),
    'empty.txt': '',
    'notes.unknownext': big('plain words '),
    'press-kit.tar.gz': gzipSync('kit'),
    // Universal Links: no extension, and Apple wants JSON.
    '.well-known/apple-app-site-association': JSON.stringify({ applinks: { details: [] } }),
    'admin/index.html': '<!doctype html><title>Console</title>',
    // A route of the app answers this path, not the file.
    healthz: 'shadowed',
  }
  for (const [name, body] of Object.entries(files)) {
    await writeFile(join(dir, name), body)
    // Twins as scripts/precompress.ts writes them: for text, when smaller.
    if (!/\.(html|js|css|svg|json|webmanifest|txt|xml)$/.test(name)) continue
    for (const [ext, twin] of [
      ['.br', brotliCompressSync(body)],
      ['.gz', gzipSync(body)],
    ] as const)
      if (twin.length < Buffer.byteLength(body)) await writeFile(join(dir, name + ext), twin)
  }
  // A large text file with no twin: hono/compress gzips it on the fly in the chain.
  await writeFile(join(dir, 'assets', 'late.js'), big('late();'))
})
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections()
    await new Promise((r) => s.close(r))
  }
  await close()
  await rm(dir, { recursive: true, force: true })
})

async function start(fast: boolean, trustProxy = 0) {
  const settings = { ...loadConfig({ HOST: '127.0.0.1' }), TRUST_PROXY: trustProxy }
  const app = createApp({
    config: testConfig({ ANON_KEY: LOCAL_ANON_KEY, STATIC_DIR: dir, ...NO_RATE_LIMITS, TRUST_PROXY: trustProxy }),
    db,
    logger: silentLogger,
  })
  const answered: string[] = []
  const documents: string[] = []
  const loaded = await loadFastPath(app, {
    dir,
    trustedHops: trustProxy,
    extraConnect: [],
    onDocument: (req) => documents.push(req.url!),
  })
  const server = createNodeServer(app.fetch, {
    settings,
    logger: silentLogger,
    errorHeaders: await plainErrorHeaders([]),
    ...(fast
      ? {
          fastPath: (req, res) => {
            const done = loaded.answer(req, res)
            if (done) answered.push(`${req.method} ${req.url}`)
            return done
          },
        }
      : {}),
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  servers.push(server)
  return { port: (server.address() as AddressInfo).port, answered, documents, files: loaded.files }
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }
function get(port: number, path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res: IncomingMessage) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const { date: _date, ...rest } = res.headers
        resolve({ status: res.statusCode!, headers: rest, body: Buffer.concat(chunks) })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

const PATHS = [
  '/',
  '/?ref=launch',
  '/index.html',
  '/guide/',
  '/guide',
  '/guide/index.html',
  `/${other}/`,
  `/${other}`,
  `/${other}/index.html`,
  '/assets/index-abc.css',
  '/assets/index-abc.js',
  '/favicon.svg',
  '/.well-known/apple-app-site-association',
  '/site.webmanifest',
  '/sitemap.xml',
  '/robots.txt',
  '/csp-hashes.json',
  '/og-image.png',
  LOGO_PATH,
  '/empty.txt',
  '/notes.unknownext',
  '/press-kit.tar.gz',
]
const ENCODINGS = ['', 'gzip, deflate, br, zstd', 'gzip', 'br', 'identity', 'br;q=1, gzip']

describe.each([
  { name: 'plain HTTP', trustProxy: 0, extra: {} as Record<string, string> },
  { name: 'HTTPS behind a trusted proxy', trustProxy: 1, extra: { 'x-forwarded-proto': 'https' } },
])('$name', ({ trustProxy, extra }) => {
  let chain: Awaited<ReturnType<typeof start>>
  let fast: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    chain = await start(false, trustProxy)
    fast = await start(true, trustProxy)
  })
  const same = async (
    path: string,
    headers: Record<string, string>,
    method = 'GET',
    /** null: either, as long as the answer is the same. */
    answeredByFastPath: boolean | null = true,
  ) => {
    const before = fast.answered.length
    const [a, b] = await Promise.all([
      get(chain.port, path, { ...extra, ...headers }, method),
      get(fast.port, path, { ...extra, ...headers }, method),
    ])
    const what = `${method} ${path} ${JSON.stringify(headers)}`
    expect(b.status, what).toBe(a.status)
    expect(b.headers, what).toEqual(a.headers)
    expect(b.body.equals(a.body), what).toBe(true)
    if (answeredByFastPath !== null)
      expect(fast.answered.length - before, `answered from memory: ${what}`).toBe(answeredByFastPath ? 1 : 0)
    return b
  }

  test('every file kind, every Accept-Encoding, GET and HEAD: the same answer', async () => {
    for (const path of PATHS)
      for (const enc of ENCODINGS)
        for (const method of ['GET', 'HEAD']) {
          const res = await same(path, enc ? { 'accept-encoding': enc } : {}, method)
          expect(res.status).toBe(200)
        }
  })

  test("the emails' logo may be shown by a webmail's origin; the other files stay same-origin", async () => {
    const logo = await same(LOGO_PATH, {})
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin')
    const other = await same('/og-image.png', {})
    expect(other.headers['cross-origin-resource-policy']).toBe('same-origin')
  })

  test('apple-app-site-association is JSON, from memory and from the chain alike, with no redirect', async () => {
    const res = await same('/.well-known/apple-app-site-association', {})
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/json')
  })

  test("another language's page: /de/ and /de alike, revalidated, as the landing page; no redirect on Accept-Language", async () => {
    const answers = []
    for (const path of [`/${other}/`, `/${other}`])
      for (const language of ['', 'en', other, `${other}-AT, ${other};q=0.9`])
        answers.push(await same(path, language ? { 'accept-language': language } : {}))
    for (const res of answers) {
      expect(res.status).toBe(200)
      expect(res.headers.location).toBeUndefined()
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined()
      expect(res.body.toString()).toContain(`lang="${other}"`)
      expect(res.headers['content-language']).toBe(other)
    }
    // The default language's page, whatever the browser prefers.
    const root = await same('/', { 'accept-language': other })
    expect(root.status).toBe(200)
    expect(root.body.toString()).not.toContain(`lang="${other}"`)
    expect(root.headers['content-language']).toBe(DEFAULT_LOCALE)
    // A file that is no page names no language.
    expect((await same('/assets/index-abc.js', {})).headers['content-language']).toBeUndefined()
    // Another page in a folder keeps the opener policy, and is revalidated without its slash too.
    const guide = await same('/guide', {})
    expect(guide.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(guide.headers['cache-control']).toBe('no-cache')
    expect(guide.headers['content-language']).toBe(DEFAULT_LOCALE)
  })

  test('304 by ETag, by date, and a stale ETag', async () => {
    for (const path of ['/', '/assets/index-abc.css', '/og-image.png'])
      for (const enc of ['', 'gzip', 'gzip, deflate, br, zstd']) {
        const first = await get(fast.port, path, { ...extra, 'accept-encoding': enc })
        const etag = first.headers.etag as string
        for (const method of ['GET', 'HEAD']) {
          expect((await same(path, { 'accept-encoding': enc, 'if-none-match': etag }, method)).status).toBe(304)
          await same(path, { 'accept-encoding': enc, 'if-none-match': `W/"other", ${etag}` }, method)
          const date = first.headers['last-modified'] as string
          expect((await same(path, { 'accept-encoding': enc, 'if-modified-since': date }, method)).status).toBe(304)
          expect((await same(path, { 'accept-encoding': enc, 'if-none-match': 'W/"stale"' }, method)).status).toBe(200)
        }
      }
  })

  test('Range: one range of the chosen representation, 416 past the end, anything else ignored', async () => {
    const ranges = ['bytes=0-9', 'bytes=5-', 'bytes=-7', 'bytes=-0', 'bytes=2-999999', 'bytes=999999-']
    const ignored = ['bytes=0-1,4-5', 'items=0-5', 'bytes=5-2', '0-5']
    for (const path of ['/', '/assets/index-abc.css', '/og-image.png', '/empty.txt'])
      for (const enc of ['', 'br']) {
        for (const range of [...ranges, ...ignored]) {
          await same(path, { 'accept-encoding': enc, range })
          await same(path, { 'accept-encoding': enc, range }, 'HEAD')
        }
      }
    expect((await same('/assets/index-abc.css', { range: 'bytes=0-9' })).status).toBe(206)
    expect((await same('/assets/index-abc.css', { range: 'bytes=999999-' })).status).toBe(416)
  })

  // Issue 37: a Range with a byte 0xA0 around it passed the check (trimmed) and failed the
  // parse (untrimmed) in the fast path, and the throw stopped the process.
  test('header bytes 0x80–0xFF around a Range, an Accept-Encoding, an If-None-Match: the same answer', async () => {
    const etag = (await get(fast.port, '/', extra)).headers.etag as string
    for (let byte = 0x80; byte <= 0xff; byte++) {
      const c = String.fromCharCode(byte)
      for (const path of ['/', '/assets/index-abc.css']) {
        for (const range of [`${c}bytes=0-9`, `bytes=0-9${c}`, `bytes=${c}0-9`, `${c}bytes=-5${c}`])
          expect((await same(path, { range })).status, `range ${byte.toString(16)}`).toBe(200)
        await same(path, { 'accept-encoding': `br${c}, gzip` })
        await same(path, { 'accept-encoding': `${c}` })
        await same(path, { 'if-none-match': `${etag}${c}` })
        await same(path, { 'if-modified-since': `${c}Thu, 01 Jan 2026 00:00:00 GMT` })
        await same(path, { cookie: `owner_session=${c}x` })
      }
    }
    // Still a range without those bytes.
    expect((await same('/', { range: 'bytes=0-9' })).status).toBe(206)
  })

  // Issue 37: the fast path served the page for a Host the app refuses with 400.
  test('a Host the app refuses gets its 400 whichever way the request came; a valid one, the file', async () => {
    const refused = ['a b', 'exa\u00a0mple.com', 'x\u00ff', '[::1', 'a/b', 'a@b', 'a?b', 'launch.example:99999', '%41']
    for (const host of refused)
      for (const path of ['/', '/assets/index-abc.css'])
        expect((await same(path, { host }, 'GET', false)).status, `host ${JSON.stringify(host)}`).toBe(400)
    for (const host of ['launch.example', 'Launch.Example', '127.0.0.1:8080', '[::1]:3000', 'localhost'])
      expect((await same('/', { host }, 'GET', true)).status, host).toBe(200)
    // Every byte 0x80–0xFF in a name: some the URL parser maps (ª is a), most it refuses.
    const statuses = new Set<number>()
    for (let byte = 0x80; byte <= 0xff; byte++) {
      const host = `launch${String.fromCharCode(byte)}.example`
      const before = fast.answered.length
      const res = await same('/', { host }, 'GET', null)
      statuses.add(res.status)
      expect(fast.answered.length - before, `answered from memory: ${host}`).toBe(res.status === 400 ? 0 : 1)
    }
    expect([...statuses].sort()).toEqual([200, 400])
  })

  test('what the fast path leaves to the app still gets the same answer', async () => {
    // A large text file without a twin that hono/compress gzips on the fly.
    const late = await same('/assets/late.js', { 'accept-encoding': 'gzip' }, 'GET', false)
    expect(late.headers['content-encoding']).toBe('gzip')
    await same('/assets/late.js', {}, 'GET')
    await same('/', { 'accept-encoding': 'deflate' }, 'GET', false)
    // Twins are no files of their own; the console and a route's path are the app's.
    for (const path of ['/index.html.br', '/assets/index-abc.css.gz', '/admin', '/admin/', '/healthz'])
      await same(path, { 'accept-encoding': 'br, gzip' }, 'GET', false)
    for (const path of ['/nope', '/%69ndex.html', '//index.html', '/assets/']) await same(path, {}, 'GET', false)
    await same('/', {}, 'POST', false)
    await same('/', {}, 'OPTIONS', false)
  })

  test('onDocument sees each GET of a page the fast path answers, and nothing else', async () => {
    fast.documents.length = 0
    await get(fast.port, '/?ref=x', extra)
    await get(fast.port, '/guide/', extra)
    await get(fast.port, '/', { ...extra, range: 'bytes=0-1' })
    await get(fast.port, '/', extra, 'HEAD')
    await get(fast.port, '/assets/index-abc.css', extra)
    await get(fast.port, '/favicon.svg', extra)
    expect(fast.documents).toEqual(['/?ref=x', '/guide/', '/'])
  })
})

test('no folder: nothing from memory, and the app answers as before', async () => {
  const app = createApp({
    config: testConfig({ ANON_KEY: LOCAL_ANON_KEY, STATIC_DIR: join(dir, 'missing') }),
    db,
    logger: silentLogger,
  })
  const loaded = await loadFastPath(app, { dir: join(dir, 'missing'), trustedHops: 0, extraConnect: [] })
  expect(loaded.files).toBe(0)
})
