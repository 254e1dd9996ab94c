import { cp, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Db } from '../db/db.ts'
import { LOCAL_ANON_KEY } from '../../shared/self-hosted.ts'
import { NO_RATE_LIMITS, silentLogger, testDb } from '../test-app.ts'
import { testConfig } from '../test-config.ts'
import { plainErrorHeaders } from './client-error.ts'
import { loadFastPath } from './fast-path.ts'
import { createNodeServer } from './node-server.ts'
import { fillOrigin, ORIGIN_MARK, PUBLIC_ORIGIN_FILE, type OriginRecord } from './public-origin.ts'
import { loadPublicSite, type LoadedSite } from './public-site.ts'

// A page built for one address, served for another (PUBLIC_URL): the documents that name it
// are made at start and held in memory. What the fast path and the chain send for them must be
// what serveStatic sends for a folder that holds those same bytes, byte for byte and header for
// header: the reference here is a third server over such a folder, written from what was made.

const BUILT = 'https://built.example'
const RUNTIME = 'https://beta.runtime.example'
const big = (unit: string) => unit.repeat(Math.ceil(3000 / unit.length))
const head = (path: string) => `<link rel="canonical" href="${ORIGIN_MARK}${path}">`
const FILES: Record<string, string> = {
  'index.html': `<!doctype html>${head('/')}<title>Page</title>${big('<p>landing</p>')}`,
  'de/index.html': `<!doctype html><html lang="de">${head('/de/')}<title>Seite</title>${big('<p>Start</p>')}`,
  'privacy/index.html': `<!doctype html>${head('/privacy')}<p>Write to ${BUILT}/help.</p>${big('<p>privacy</p>')}`,
  'sitemap.xml': `<urlset><url><loc>${ORIGIN_MARK}/</loc></url>${big('<url/>')}</urlset>`,
  'robots.txt': `User-agent: *\nSitemap: ${ORIGIN_MARK}/sitemap.xml\n`,
  // Files that name no address stay the folder's.
  'guide/index.html': `<!doctype html><title>Guide</title>${big('<p>guide</p>')}`,
  'assets/index-abc.css': big('body{color:red}'),
}

let db: Db
let close: () => Promise<void>
let built: string
let mirror: string
let site: LoadedSite
const servers: Server[] = []

beforeAll(async () => {
  ;({ db, close } = await testDb('pglite'))
  built = await mkdtemp(join(tmpdir(), 'public-site-'))
  const record: OriginRecord = { origin: BUILT, files: {} }
  for (const [name, marked] of Object.entries(FILES)) {
    await mkdir(join(built, name, '..'), { recursive: true })
    const { text, slots } = fillOrigin(marked, BUILT)
    if (slots.length) record.files[name] = slots
    await writeFile(join(built, name), text)
    // Twins as scripts/precompress.ts writes them: when smaller.
    for (const [ext, twin] of [
      ['.br', brotliCompressSync(text)],
      ['.gz', gzipSync(text)],
    ] as const)
      if (twin.length < Buffer.byteLength(text)) await writeFile(join(built, name + ext), twin)
  }
  await writeFile(join(built, PUBLIC_ORIGIN_FILE), JSON.stringify(record))
  site = await loadPublicSite(built, RUNTIME)
  // The reference: the built folder with the made files (and only their twins) on disk, at their times.
  mirror = `${built}-mirror`
  await cp(built, mirror, { recursive: true, preserveTimestamps: true })
  for (const name of Object.keys(record.files))
    for (const ext of ['.br', '.gz']) await rm(join(mirror, name + ext), { force: true })
  for (const [name, file] of site.files) {
    await writeFile(join(mirror, name), file.body)
    await utimes(join(mirror, name), file.mtime, file.mtime)
  }
}, 60_000)
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections()
    await new Promise((r) => s.close(r))
  }
  await close()
  for (const dir of [built, mirror]) await rm(dir, { recursive: true, force: true })
})

async function start(dir: string, options: { held: boolean; fast: boolean }) {
  const publicSite = options.held ? site.files : new Map()
  const app = createApp({
    config: testConfig({ ANON_KEY: LOCAL_ANON_KEY, STATIC_DIR: dir, ...NO_RATE_LIMITS }),
    db,
    logger: silentLogger,
    publicSite,
  })
  const loaded = await loadFastPath(app, { dir, trustedHops: 0, extraConnect: [], site: publicSite })
  const server = createNodeServer(app.fetch, {
    settings: loadConfig({ HOST: '127.0.0.1' }),
    logger: silentLogger,
    errorHeaders: await plainErrorHeaders([]),
    ...(options.fast ? { fastPath: loaded.answer } : {}),
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  servers.push(server)
  return (server.address() as AddressInfo).port
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

test('the made documents: from memory, by the fast path and by the chain, as serveStatic sends them from disk', async () => {
  expect(site.note).toMatchObject({ from: BUILT, to: RUNTIME, documents: 5 })
  const reference = await start(mirror, { held: false, fast: false })
  const chain = await start(built, { held: true, fast: false })
  const fast = await start(built, { held: true, fast: true })
  const paths = [
    ...['/', '/index.html', '/de', '/de/', '/de/index.html', '/privacy', '/privacy/', '/privacy/index.html'],
    ...['/sitemap.xml', '/robots.txt', '/guide/', '/assets/index-abc.css', '/index.html/', '/index.html.br'],
    ...['/%69ndex.html', '//index.html', '/robots.txt/', '/nope'],
  ]
  const encodings = ['', 'gzip, deflate, br, zstd', 'gzip', 'deflate', 'gzip;q=1']
  const ranges = ['', 'bytes=0-9', 'bytes=-7', 'bytes=-0', 'bytes=999999-', 'bytes=0-1,4-5']
  let compared = 0
  for (const path of paths)
    for (const enc of encodings)
      for (const range of ranges)
        for (const method of ['GET', 'HEAD']) {
          const headers: Record<string, string> = {
            ...(enc ? { 'accept-encoding': enc } : {}),
            ...(range ? { range } : {}),
          }
          const want = await get(reference, path, headers, method)
          for (const port of [chain, fast]) {
            const got = await get(port, path, headers, method)
            const what = `${port === fast ? 'fast' : 'chain'} ${method} ${path} ${JSON.stringify(headers)}`
            expect(got.status, what).toBe(want.status)
            expect(got.headers, what).toEqual(want.headers)
            expect(got.body.equals(want.body), what).toBe(true)
            compared++
          }
        }
  expect(compared).toBe(paths.length * encodings.length * ranges.length * 2 * 2)
  // Revalidation: the made file's ETag and date, from memory as from disk.
  const first = await get(fast, '/', { 'accept-encoding': 'br' })
  for (const port of [reference, chain, fast]) {
    expect(
      (await get(port, '/', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag as string })).status,
    ).toBe(304)
    const since = { 'if-modified-since': first.headers['last-modified'] as string }
    expect((await get(port, '/sitemap.xml', since)).status).toBe(304)
  }
})

test('what names the address names PUBLIC_URL; a founder’s text that holds the build’s stays', async () => {
  const port = await start(built, { held: true, fast: true })
  const page = (await get(port, '/privacy', {})).body.toString()
  expect(page).toContain(`href="${RUNTIME}/privacy"`)
  expect(page).toContain(`Write to ${BUILT}/help.`)
  expect((await get(port, '/robots.txt', {})).body.toString()).toContain(`Sitemap: ${RUNTIME}/sitemap.xml`)
  expect((await get(port, '/de/', {})).body.toString()).toContain(`href="${RUNTIME}/de/"`)
})

test('the build’s own address, PUBLIC_URL unset, or no record: the folder as built', async () => {
  expect((await loadPublicSite(built, BUILT)).files.size).toBe(0)
  expect((await loadPublicSite(built, undefined)).files.size).toBe(0)
  const none = await loadPublicSite(join(built, 'guide'), RUNTIME)
  expect(none.files.size).toBe(0)
  expect(none.note.reason).toMatch(/no public-origin\.json/)
})
