import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { staticRoutes } from './static.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'static-'))
  await mkdir(join(dir, 'assets'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Solodesk</title>')
  await mkdir(join(dir, 'de'))
  await writeFile(join(dir, 'de', 'index.html'), '<!doctype html><html lang="de"><title>Seite</title>')
  await writeFile(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)')
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

test('/ is index.html, revalidated on every visit', async () => {
  const res = await staticRoutes(dir).request('/')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/html')
  expect(res.headers.get('cache-control')).toBe('no-cache')
  expect(await res.text()).toContain('<title>Solodesk</title>')
})

test("a folder's page answers with and without its slash, revalidated on every visit", async () => {
  const app = staticRoutes(dir)
  for (const path of ['/de/', '/de', '/de/index.html']) {
    const res = await app.request(path, { headers: { 'accept-language': 'en' } })
    expect(res.status, path).toBe(200)
    expect(res.headers.get('cache-control'), path).toBe('no-cache')
    expect(await res.text(), path).toContain('lang="de"')
  }
})

test('hashed assets are cached for a year, other files briefly', async () => {
  const app = staticRoutes(dir)
  const asset = await app.request('/assets/main-abc123.js')
  expect(asset.status).toBe(200)
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  const icon = await app.request('/favicon.svg')
  expect(icon.headers.get('cache-control')).toBe('public, max-age=3600')
})

test('unknown paths and path tricks are 404', async () => {
  const app = staticRoutes(dir)
  for (const path of ['/nope.html', '/assets/missing.js', '/../etc/passwd', '/%2e%2e/etc/passwd']) {
    expect((await app.request(path)).status, path).toBe(404)
  }
})

test('a missing folder gives 404s, not a crash', async () => {
  const res = await staticRoutes(join(dir, 'does-not-exist')).request('/')
  expect(res.status).toBe(404)
})

test('text files are sent as their brotli or gzip twin as Accept-Encoding allows, always with Vary', async () => {
  const { brotliCompressSync, gzipSync, brotliDecompressSync } = await import('node:zlib')
  const css = 'body{color:red}'.repeat(100)
  await writeFile(join(dir, 'assets', 'index-abc.css'), css)
  await writeFile(join(dir, 'assets', 'index-abc.css.br'), brotliCompressSync(css))
  await writeFile(join(dir, 'assets', 'index-abc.css.gz'), gzipSync(css))
  const app = staticRoutes(dir)
  const get = (enc?: string) => app.request('/assets/index-abc.css', enc ? { headers: { 'accept-encoding': enc } } : {})
  const br = await get('gzip, deflate, br, zstd')
  expect(br.headers.get('content-encoding')).toBe('br')
  expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(css)
  expect((await get('gzip, deflate')).headers.get('content-encoding')).toBe('gzip')
  const plain = await get()
  expect(plain.headers.get('content-encoding')).toBeNull()
  expect(await plain.text()).toBe(css)
  for (const res of [br, plain]) expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
  // Pictures are not text: no Vary.
  await writeFile(join(dir, 'shot.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  expect((await app.request('/shot.png', { headers: { 'accept-encoding': 'br' } })).headers.get('vary')).toBeNull()
})

test('the page is revalidated cheaply: a matching ETag or an unchanged date gets 304', async () => {
  const app = staticRoutes(dir)
  const first = await app.request('/')
  const etag = first.headers.get('etag')!
  expect(etag).toMatch(/^W\/".+"$/)
  const byTag = await app.request('/', { headers: { 'if-none-match': etag } })
  expect(byTag.status).toBe(304)
  expect(await byTag.text()).toBe('')
  expect(byTag.headers.get('etag')).toBe(etag)
  expect(byTag.headers.get('cache-control')).toBe('no-cache')
  const byDate = await app.request('/', { headers: { 'if-modified-since': first.headers.get('last-modified')! } })
  expect(byDate.status).toBe(304)
  // A changed file no longer matches.
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Solodesk, changed</title>')
  expect((await app.request('/', { headers: { 'if-none-match': etag } })).status).toBe(200)
  // Each encoding is its own representation.
  await writeFile(
    join(dir, 'index.html.gz'),
    (await import('node:zlib')).gzipSync('<!doctype html><title>Solodesk, changed</title>'),
  )
  const gz = await app.request('/', { headers: { 'accept-encoding': 'gzip' } })
  expect(gz.headers.get('etag')).not.toBe((await app.request('/')).headers.get('etag'))
})

test('a Range of another unit, several ranges or an invalid one is ignored: 200 with the whole file', async () => {
  const body = '0123456789abcdef'
  await writeFile(join(dir, 'range.txt'), body)
  const app = staticRoutes(dir)
  const get = (range: string) => app.request('/range.txt', { headers: { range } })
  for (const range of ['items=0-5', 'bytes=0-1,4-5', 'bytes=0-1, 4-5', '0-5', 'bytes=5-2', 'bytes=x-y']) {
    const res = await get(range)
    expect(res.status, range).toBe(200)
    expect(res.headers.get('content-range'), range).toBeNull()
    expect(await res.text(), range).toBe(body)
  }
  // One byte range is honoured; one past the end is 416.
  const part = await get('bytes=2-5')
  expect(part.status).toBe(206)
  expect(part.headers.get('content-range')).toBe(`bytes 2-5/${body.length}`)
  expect(await part.text()).toBe('2345')
  expect((await get('bytes=-3')).status).toBe(206)
  expect((await get('bytes=4-')).status).toBe(206)
  expect((await get('bytes=100-')).status).toBe(416)
})

test('precompressed twins are not downloadable as files of their own', async () => {
  const { brotliCompressSync, gzipSync } = await import('node:zlib')
  const html = '<!doctype html><title>Solodesk</title>'
  await writeFile(join(dir, 'index.html.br'), brotliCompressSync(html))
  await writeFile(join(dir, 'index.html.gz'), gzipSync(html))
  await writeFile(join(dir, 'index.html.zst'), 'zstd bytes')
  await writeFile(join(dir, 'press-kit.tar.gz'), gzipSync('kit'))
  const app = staticRoutes(dir)
  for (const path of ['/index.html.br', '/index.html.gz', '/index.html.zst', '/index%2Ehtml.br']) {
    const res = await app.request(path, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.status, path).toBe(404)
  }
  // The twin is still what a browser gets for the file itself, and a lone .gz download is served.
  const page = await app.request('/index.html', { headers: { 'accept-encoding': 'br' } })
  expect(page.headers.get('content-encoding')).toBe('br')
  expect((await app.request('/press-kit.tar.gz')).status).toBe(200)
})
