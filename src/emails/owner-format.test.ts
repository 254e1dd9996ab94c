import { expect, test } from 'vitest'
import { DEFAULT_LOCALE } from '../shared/content.ts'
import { ownerDay, ownerNumber, ownerTime } from './owner-format.ts'

// The template's tests run on the demo's copy (test/fixtures/demo): English first.
test('the owner reads times, days and counts as their language writes them, never as ISO', () => {
  expect(DEFAULT_LOCALE).toBe('en')
  expect(ownerTime('2026-12-02T05:40:00Z')).toBe('Dec 2, 2026, 5:40 AM UTC')
  expect(ownerTime(Date.UTC(2026, 0, 9, 23, 5))).toBe('Jan 9, 2026, 11:05 PM UTC')
  expect(ownerDay('2026-11-21')).toBe('November 21, 2026')
  expect(ownerNumber(12_345)).toBe('12,345')
})
