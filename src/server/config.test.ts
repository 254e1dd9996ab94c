import { expect, test } from 'vitest'
import { LOCAL_ANON_KEY } from '../shared/self-hosted.ts'
import { loadConfig } from './config.ts'

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
    EMAIL_FROM: 'Solodesk <hello@localhost>',
    EMAIL_MAX_ATTEMPTS: 10,
  })
  expect(c.DATABASE_URL).toBeUndefined()
})

test('PUBLIC_URL follows PORT unless set, without a trailing slash', () => {
  expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080')
  expect(loadConfig({ PUBLIC_URL: 'https://solodesk.example/' }).PUBLIC_URL).toBe('https://solodesk.example')
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

test('each transport requires its setting', () => {
  expect(() => loadConfig({ EMAIL_TRANSPORT: 'resend' })).toThrow(/RESEND_API_KEY: required when EMAIL_TRANSPORT=resend/)
  expect(() => loadConfig({ EMAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL: required when EMAIL_TRANSPORT=smtp/)
  expect(loadConfig({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://user:pass@mail.example:587' }).SMTP_URL).toBe('smtp://user:pass@mail.example:587')
})
