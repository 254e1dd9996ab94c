import { expect, test } from 'vitest'
import { PRODUCT } from '../shared/content.ts'
import { LOCAL_ANON_KEY } from '../shared/self-hosted.ts'
import { readFileSync } from 'node:fs'
import { loadConfig, SETTING_NAMES } from './config.ts'

test('with nothing set the server runs on defaults: PGlite, the outbox, the local anon key', () => {
  const c = loadConfig({})
  expect(c).toMatchObject({
    PORT: 3000,
    HOST: '0.0.0.0',
    PGLITE_DIR: './data/pglite',
    ANON_KEY: LOCAL_ANON_KEY,
    PUBLIC_URL: 'http://localhost:3000',
    STATIC_DIR: 'dist/client',
    EMAIL_TRANSPORT: 'outbox',
    OUTBOX_DIR: './data/outbox',
    RESEND_API_URL: 'https://api.resend.com',
    EMAIL_FROM: `${PRODUCT.name} <hello@localhost>`,
    EMAIL_MAX_ATTEMPTS: 10,
  })
  expect(c.DATABASE_URL).toBeUndefined()
})

test('PUBLIC_URL follows PORT unless set, without a trailing slash', () => {
  expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080')
  expect(loadConfig({ PUBLIC_URL: 'https://launch.example/' }).PUBLIC_URL).toBe('https://launch.example')
})

test('empty values count as unset', () => {
  const c = loadConfig({ DATABASE_URL: '', PORT: '' })
  expect(c.PORT).toBe(3000)
  expect(c.DATABASE_URL).toBeUndefined()
})

test('every problem is reported at once', () => {
  let message = ''
  try {
    loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', EMAIL_TRANSPORT: 'resend', LOG_LEVEL: 'loud' })
  } catch (err) {
    message = (err as Error).message
  }
  for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(message).toContain(`  ${name}:`)
})

test('rules between settings are reported together with the other problems', () => {
  let message = ''
  try {
    loadConfig({
      PORT: 'abc',
      EMAIL_TRANSPORT: 'resend',
      TRUST_PROXY: 'yes',
      RATE_LIMIT_SIGNUP_PER_HOUR: '-1',
      CSP_CONNECT_SRC: 'ftp://x',
    })
  } catch (err) {
    message = (err as Error).message
  }
  for (const name of ['PORT', 'RESEND_API_KEY', 'TRUST_PROXY', 'RATE_LIMIT_SIGNUP_PER_HOUR', 'CSP_CONNECT_SRC'])
    expect(message).toContain(`  ${name}`)
})

test('hardening settings: proxies, extra CSP origins, rate limits', () => {
  const c = loadConfig({
    TRUST_PROXY: 'true',
    CSP_CONNECT_SRC: 'https://abc.supabase.co/ wss://abc.supabase.co',
    RATE_LIMIT_CONTACT_PER_MINUTE: '0',
  })
  expect(c.TRUST_PROXY).toBe(1)
  expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
  expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0)
  expect(c.CSP_CONNECT_SRC).toEqual(['https://abc.supabase.co', 'wss://abc.supabase.co'])
  expect(c.RATE_LIMIT_CONTACT_PER_MINUTE).toBe(0)
  expect(loadConfig({})).toMatchObject({
    TRUST_PROXY: 0,
    CSP_CONNECT_SRC: [],
    RATE_LIMIT_SIGNUP_PER_MINUTE: 30,
    RATE_LIMIT_SIGNUP_PER_HOUR: 300,
  })
})

test('the README documents every setting, and nothing that is not one', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const section = /\n## Configuration\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? ''
  const documented = [...section.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]!)
  const server = documented.filter((name) => !name.startsWith('VITE_'))
  expect(server.sort()).toEqual([...SETTING_NAMES].sort())
  for (const name of ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY', 'VITE_SITE_URL'])
    expect(documented).toContain(name)
  // A row once carried a copy of another row after its own (three cells each, no more).
  const rows = section.split('\n').filter((line) => line.startsWith('| `'))
  for (const line of rows) expect(line.replace(/\\\|/g, '').split('|').length - 2, line.slice(0, 40)).toBe(3)
})

test('each transport requires its setting', () => {
  expect(() => loadConfig({ EMAIL_TRANSPORT: 'resend' })).toThrow(
    /RESEND_API_KEY: required when EMAIL_TRANSPORT=resend/,
  )
  expect(() => loadConfig({ EMAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL: required when EMAIL_TRANSPORT=smtp/)
  expect(loadConfig({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://user:pass@mail.example:587' }).SMTP_URL).toBe(
    'smtp://user:pass@mail.example:587',
  )
})

test('the PostgreSQL pool sizes default to the measured values and must be positive', () => {
  expect(loadConfig({})).toMatchObject({ DATABASE_POOL_SIZE: 4, DATABASE_ANON_POOL_SIZE: 32 })
  expect(loadConfig({ DATABASE_ANON_POOL_SIZE: '64' }).DATABASE_ANON_POOL_SIZE).toBe(64)
  expect(() => loadConfig({ DATABASE_POOL_SIZE: '0', DATABASE_ANON_POOL_SIZE: 'x' })).toThrow(
    /DATABASE_POOL_SIZE[\s\S]*DATABASE_ANON_POOL_SIZE/,
  )
})

test('connection limits and HTTP timeouts default tight, and the headers timeout fits in the request timeout', () => {
  expect(loadConfig({}).MAX_CONNECTIONS).toBeUndefined()
  expect(loadConfig({})).toMatchObject({
    MAX_CONNECTIONS_PER_ADDRESS: 256,
    HTTP_HEADERS_TIMEOUT_MS: 10_000,
    HTTP_REQUEST_TIMEOUT_MS: 30_000,
    HTTP_KEEP_ALIVE_TIMEOUT_MS: 5_000,
  })
  expect(loadConfig({ MAX_CONNECTIONS: '500', MAX_CONNECTIONS_PER_ADDRESS: '0' })).toMatchObject({
    MAX_CONNECTIONS: 500,
    MAX_CONNECTIONS_PER_ADDRESS: 0,
  })
  expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS: must not be longer/)
  expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/)
})

// A malformed webhook secret answered every event 401 in silence.
test('a malformed RESEND_WEBHOOK_SECRET stops the start with the setting named', () => {
  for (const bad of ['whsec_!!!', 'whsec_', 'plain-words'])
    expect(() => loadConfig({ RESEND_WEBHOOK_SECRET: bad }), bad).toThrow(/RESEND_WEBHOOK_SECRET: must be Resend/)
  const good = `whsec_${btoa('a-webhook-secret-of-32-bytes!!!!')}`
  expect(loadConfig({ RESEND_WEBHOOK_SECRET: good }).RESEND_WEBHOOK_SECRET).toBe(good)
})
