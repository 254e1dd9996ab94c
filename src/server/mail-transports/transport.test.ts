import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { testEmail } from '../../mail-core/test-email.ts'
import { createTransport, type EmailConfig } from './transport.ts'

const base: EmailConfig = {
  EMAIL_TRANSPORT: 'outbox',
  OUTBOX_DIR: './data/outbox',
  RESEND_API_URL: 'https://api.resend.com',
}

describe('createTransport', () => {
  test('picks the transport named by EMAIL_TRANSPORT', async () => {
    const made = [
      createTransport(base),
      createTransport({ ...base, EMAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://user:pass@127.0.0.1:2525' }),
      createTransport({ ...base, EMAIL_TRANSPORT: 'resend', RESEND_API_KEY: 're_123' }),
    ]
    expect(made.map((t) => t.name)).toEqual(['outbox', 'smtp', 'resend'])
    await Promise.all(made.map((t) => t.close()))
  })

  test('the outbox it makes writes into OUTBOX_DIR', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'transport-test-'))
    try {
      const transport = createTransport({ ...base, OUTBOX_DIR: dir })
      expect(await transport.send(testEmail())).toEqual({ ok: true, id: 'queue-42' })
      expect(await readdir(dir)).toContain('queue-42.json')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('a missing setting is a clear error', () => {
    expect(() => createTransport({ ...base, EMAIL_TRANSPORT: 'smtp' })).toThrow(
      'SMTP_URL is required when EMAIL_TRANSPORT=smtp',
    )
    expect(() => createTransport({ ...base, EMAIL_TRANSPORT: 'resend' })).toThrow(
      'RESEND_API_KEY is required when EMAIL_TRANSPORT=resend',
    )
    expect(() =>
      createTransport({ ...base, EMAIL_TRANSPORT: 'resend', RESEND_API_KEY: 're_1', RESEND_API_URL: '' }),
    ).toThrow('RESEND_API_URL is required')
    expect(() => createTransport({ ...base, OUTBOX_DIR: '' })).toThrow('OUTBOX_DIR is required')
    expect(() => createTransport({ ...base, EMAIL_TRANSPORT: 'pigeon' as 'outbox' })).toThrow(
      'Unknown EMAIL_TRANSPORT: pigeon',
    )
  })
})
