import { expect } from 'vitest'
import type { OutgoingEmail } from './transport.ts'

/** A realistic welcome email for transport tests; override any field. */
export function testEmail(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    id: 'queue-42',
    from: 'Beta Team <hello@launch.example>',
    to: 'ada@example.com',
    subject: 'Welcome to the beta',
    html: '<!DOCTYPE html><html lang="en"><body><p>Hello from the HTML part</p></body></html>',
    text: 'Hello from the text part',
    headers: {
      'List-Unsubscribe': '<https://launch.example/unsubscribe?token=t1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...overrides,
  }
}

/** Splits a raw RFC 5322 message into its header block and the rest, and undoes quoted-printable in the rest. */
export function readRawMessage(raw: string): { head: string; body: string } {
  const end = raw.indexOf('\r\n\r\n')
  if (end < 0) throw new Error('not a message: no blank line after the headers')
  const body = raw
    .slice(end + 4)
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return { head: raw.slice(0, end), body }
}

/** The headers every transport must put on testEmail(): addresses, subject, the Message-ID derived from the id, unsubscribe, both parts. */
export function expectTestEmailHeaders(head: string): void {
  expect(head).toMatch(/^From: Beta Team <hello@launch\.example>$/m)
  expect(head).toMatch(/^To: ada@example\.com$/m)
  expect(head).toMatch(/^Subject: Welcome to the beta$/m)
  expect(head).toMatch(/^Message-ID: <queue-42@launch\.example>$/m)
  expect(head).toMatch(/^List-Unsubscribe: <https:\/\/launch\.example\/unsubscribe\?token=t1>$/m)
  expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)
  expect(head).toMatch(/^Content-Type: multipart\/alternative;/m)
}
