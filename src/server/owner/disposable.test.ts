import { expect, test } from 'vitest'
import { isDisposable } from './disposable.ts'

test('addresses on throwaway domains (and their subdomains) are flagged, others are not', () => {
  expect(isDisposable('bot@mailinator.com')).toBe(true)
  expect(isDisposable('Bot@MAILINATOR.com ')).toBe(true)
  expect(isDisposable('bot@x.mailinator.com')).toBe(true)
  expect(isDisposable('ada@gmail.com')).toBe(false)
  expect(isDisposable('ada@example.com')).toBe(false)
  expect(isDisposable('no-at-sign')).toBe(false)
  // A bare top-level domain is never matched on its own.
  expect(isDisposable('ada@com')).toBe(false)
})
