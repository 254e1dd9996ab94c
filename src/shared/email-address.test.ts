import { expect, test } from 'vitest'
import { emailAddress } from './email-address.ts'

test('a local part of 64 characters is accepted; 65 is refused with a message that says why', () => {
  expect(emailAddress.safeParse(`${'a'.repeat(64)}@example.com`).success).toBe(true)
  const r = emailAddress.safeParse(`${'a'.repeat(65)}@example.com`)
  expect(r.success).toBe(false)
  expect(r.error?.issues.map((i) => i.message)).toEqual(['The part before the @ must be at most 64 characters.'])
})

test('an invalid address still gets the usual message', () => {
  const r = emailAddress.safeParse(`${'a'.repeat(70)}`)
  expect(r.error?.issues.map((i) => i.message)).toEqual(['Enter a valid email address.'])
})
