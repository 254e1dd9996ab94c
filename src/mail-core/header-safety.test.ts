import { describe, expect, test } from 'vitest'
import { refuseHeaderInjection } from './header-safety.ts'
import { testEmail } from './test-email.ts'

describe('refuseHeaderInjection', () => {
  test('lets a normal email through', () => {
    expect(refuseHeaderInjection(testEmail({ subject: 'Bienvenue à la bêta — Exemple' }))).toBeNull()
  })

  test.each([
    ['id', testEmail({ id: 'a\nb' })],
    ['from', testEmail({ from: 'x@example.com\r\nBcc: y@example.com' })],
    ['to', testEmail({ to: 'ada@example.com\rX: y' })],
    ['subject', testEmail({ subject: 'Hi\nthere' })],
    ['header value', testEmail({ headers: { 'List-Unsubscribe': '<https://x.example>\r\n\r\nbody' } })],
    ['header name with a line break', testEmail({ headers: { 'X-A\r\nBcc': 'y@example.com' } })],
    ['header name with a colon', testEmail({ headers: { 'X-A: evil': 'v' } })],
    ['header name with a space', testEmail({ headers: { 'X A': 'v' } })],
  ])('refuses CR/LF or a bad name in %s, for good', (_field, email) => {
    expect(refuseHeaderInjection(email)).toMatchObject({
      ok: false,
      retryable: false,
      error: expect.stringMatching(/^Refused: /),
    })
  })
})
