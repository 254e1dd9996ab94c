import { SERVER_PAGE_STYLESHEET } from '../src/server/http/server-page.tsx'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Db } from '../src/server/db/db.ts'
import { fromAddress, testApp, testDb } from '../src/server/test-app.ts'
import {
  APP_SITE_ASSOCIATION,
  IMMUTABLE_ASSETS,
  writeStaticHostHeaders,
  writeUnsubscribePage,
} from '../scripts/static-host.ts'
import { INLINE_HASHES_FILE, OPENER_POLICY } from '../src/server/http/security-policy.ts'
import { parseHeadersFile } from './support/supabase-static-host.ts'
import { DEFAULT_LOCALE, SERVER_PAGE_TEXTS } from '../src/shared/content.ts'

const PAGES = SERVER_PAGE_TEXTS[DEFAULT_LOCALE]

// The static host's header files say what the Node server says for the same page, with the
// Supabase project allowed in connect-src and the build's inline-block hashes.
// e2e/csp.spec.ts checks the same files against the hashes of the real built page.

const SUPABASE = 'https://abcdefghijklmnop.supabase.co'
let db: Db
let close: () => Promise<void>
let dir: string
let netlify: Map<string, Map<string, string>>
let vercel: Map<string, Map<string, string>>
let caddy: string
let nginx: string
let nginxOpener: string
const HASHES = {
  'script-src': [`'sha256-${'A'.repeat(43)}='`],
  'style-src': [`'sha256-${'B'.repeat(43)}='`, `'sha256-${'C'.repeat(43)}='`],
}

beforeAll(async () => {
  ;({ db, close } = await testDb('pglite'))
  dir = await mkdtemp(join(tmpdir(), 'static-host-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Launch page</title>')
  await writeFile(join(dir, INLINE_HASHES_FILE), JSON.stringify(HASHES))
  // As the build does: the pages first, then the header files that name them.
  await writeUnsubscribePage(dir, { supabaseUrl: `${SUPABASE}/`, anonKey: 'sb_publishable_x' })
  await writeStaticHostHeaders(dir, `${SUPABASE}/`, join(dir, 'static-host'))
  caddy = await readFile(join(dir, 'static-host', 'caddy-headers'), 'utf8')
  nginx = await readFile(join(dir, 'static-host', 'nginx-headers.conf'), 'utf8')
  nginxOpener = await readFile(join(dir, 'static-host', 'nginx-opener-policy.conf'), 'utf8')
  netlify = parseHeadersFile(await readFile(join(dir, '_headers'), 'utf8'))
  const config = JSON.parse(await readFile(join(dir, 'vercel.json'), 'utf8')) as {
    headers: { source: string; headers: { key: string; value: string }[] }[]
  }
  vercel = new Map(config.headers.map((h) => [h.source, new Map(h.headers.map((x) => [x.key.toLowerCase(), x.value]))]))
})
afterAll(async () => {
  await close()
  await rm(dir, { recursive: true, force: true })
})

test('_headers and vercel.json say the same thing', () => {
  const aasa = APP_SITE_ASSOCIATION.path
  expect([...netlify.keys()]).toEqual(['/*', '/unsubscribe', '/unsubscribe.html', '/assets/*', aasa])
  expect([...vercel.keys()]).toEqual(['/(.*)', '/unsubscribe', '/unsubscribe.html', '/assets/(.*)', aasa])
  // Apple's Universal Links file has no extension: every host sends it as JSON.
  for (const file of [netlify, vercel])
    expect(Object.fromEntries(file.get(aasa)!)).toEqual({ 'content-type': 'application/json' })
  expect(caddy).toContain(`@aasa path ${aasa}\nheader @aasa Content-Type "application/json"\n`)
  expect(Object.fromEntries(vercel.get('/(.*)')!)).toEqual(Object.fromEntries(netlify.get('/*')!))
  expect(Object.fromEntries(vercel.get('/assets/(.*)')!)).toEqual(Object.fromEntries(netlify.get('/assets/*')!))
  for (const page of ['/unsubscribe', '/unsubscribe.html'])
    expect(Object.fromEntries(vercel.get(page)!)).toEqual(Object.fromEntries(netlify.get(page)!))
  expect(netlify.get('/assets/*')!.get('cache-control')).toBe(IMMUTABLE_ASSETS.cacheControl)
})

test("they are the Node server's page headers over HTTPS, with the Supabase project in connect-src", async () => {
  const app = testApp(db, { staticDir: dir, config: { CSP_CONNECT_SRC: [SUPABASE], TRUST_PROXY: 1 } })
  const res = await app.request('/', { headers: { 'x-forwarded-proto': 'https' } }, fromAddress('127.0.0.1', true))
  expect(res.status).toBe(200)
  const security =
    /^(content-security-policy|x-content-type-options|x-frame-options|referrer-policy|permissions-policy|cross-origin-.*|strict-transport-security)$/
  const fromServer = Object.fromEntries(Object.entries(headerRecord(res.headers)).filter(([k]) => security.test(k)))
  expect(fromServer['strict-transport-security']).toBeDefined()
  expect(Object.fromEntries(netlify.get('/*')!)).toEqual(fromServer)
  // The opener policy: every page but the landing page, as the Node server sends it.
  expect(fromServer['cross-origin-opener-policy']).toBeUndefined()
  const unsubscribe = await app.request('/unsubscribe', {}, fromAddress('127.0.0.1', true))
  const opener = OPENER_POLICY[0].toLowerCase()
  expect([...netlify.get('/unsubscribe')!]).toEqual([[opener, unsubscribe.headers.get(opener)]])
  const connect = netlify
    .get('/*')!
    .get('content-security-policy')!
    .split(';')
    .find((d) => d.trim().startsWith('connect-src'))
  expect(connect!.trim()).toBe(`connect-src 'self' ${SUPABASE}`)
  const directive = (name: string) =>
    netlify
      .get('/*')!
      .get('content-security-policy')!
      .split('; ')
      .find((d) => d.startsWith(`${name} `))
  expect(directive('script-src')).toBe(`script-src 'self' ${HASHES['script-src'].join(' ')}`)
  expect(directive('style-src')).toBe(`style-src 'self' ${HASHES['style-src'].join(' ')}`)
})

test('Caddy and nginx, serving the folder themselves, send the same headers', () => {
  const expected = [...netlify.get('/*')!.entries()]
  const fromCaddy = [...caddy.matchAll(/^\t([\w-]+) "((?:[^"\\]|\\.)*)"$/gm)].map((m) => [m[1]!.toLowerCase(), m[2]!])
  const fromNginx = [...nginx.matchAll(/^add_header ([\w-]+) "((?:[^"\\]|\\.)*)" always;$/gm)].map((m) => [
    m[1]!.toLowerCase(),
    m[2]!,
  ])
  expect(fromCaddy).toEqual(expected)
  expect(fromNginx).toEqual(expected)
  expect(caddy).toContain(`header @assets Cache-Control "${IMMUTABLE_ASSETS.cacheControl}"`)
  // The opener policy: Caddy names the other pages, as _headers does; nginx gives the landing
  // page a location of its own, which leaves this file out.
  const [name, value] = OPENER_POLICY
  expect(caddy).toContain(`@pages path /unsubscribe /unsubscribe.html\nheader @pages ${name} "${value}"\n`)
  expect(nginxOpener).toContain(`\nadd_header ${name} "${value}" always;\n`)
  expect(nginx).not.toContain(name)
})

test('deploy/nginx-static.conf: the opener policy in every location that serves pages, but the landing page’s', async () => {
  const conf = await readFile(join(import.meta.dirname, '../deploy/nginx-static.conf'), 'utf8')
  const locations = new Map(
    [...conf.matchAll(/^ {4}location ([^{]+) \{\n([\s\S]*?)^ {4}\}/gm)].map((m) => [m[1]!.trim(), m[2]!]),
  )
  const includes = (where: string, file: string) => locations.get(where)!.includes(`/dist/static-host/${file};`)
  expect(includes('/', 'nginx-headers.conf') && includes('/', 'nginx-opener-policy.conf')).toBe(true)
  expect(includes('= /index.html', 'nginx-headers.conf')).toBe(true)
  expect(includes('= /index.html', 'nginx-opener-policy.conf')).toBe(false)
  expect(conf).toMatch(/location = \/\.well-known\/apple-app-site-association \{[^}]*default_type application\/json;/)
})

test("without the build's hashes no header file is written", async () => {
  const empty = await mkdtemp(join(tmpdir(), 'static-host-'))
  try {
    await expect(writeStaticHostHeaders(empty, SUPABASE, join(empty, 'static-host'))).rejects.toThrow(/csp-hashes/)
  } finally {
    await rm(empty, { recursive: true, force: true })
  }
})

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {}
  headers.forEach((value, name) => (record[name] = value))
  return record
}

test('the static /unsubscribe page: the Node server texts, no inline code, its script posts to the function', async () => {
  const html = await readFile(join(dir, 'unsubscribe.html'), 'utf8')
  expect(html).toContain(`<h1>${PAGES.leaveHeading}</h1>`)
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)|\sstyle=|\son[a-z]+=/)
  expect(html).not.toContain('method="post"')
  const src = /<script type="module" src="(\/assets\/unsubscribe-[0-9a-f]{8}\.js)">/.exec(html)![1]!
  const script = await readFile(join(dir, src), 'utf8')
  expect(script).toContain(`"${SUPABASE}/functions/v1/resend-email/unsubscribe"`)
  expect(script).toContain(PAGES.leftHeading)
  // The server pages' stylesheet, which the build writes into the same folder (vite.server-page.config.ts).
  expect(html).toContain(`<link rel="stylesheet" href="${SERVER_PAGE_STYLESHEET}"/>`)
  expect(html).toContain(`<form id="leave"><button type="submit">${PAGES.leaveButton}</button></form>`)
})
