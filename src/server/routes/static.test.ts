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
