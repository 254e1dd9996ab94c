import { expect, test } from 'vitest'
import { cardColumns } from './features.tsx'

test('two to six cards never leave one alone on a row: 2, 2 × 2, 3, 3 + 2, 3 + 3', () => {
  for (const count of [2, 3, 4, 5, 6]) {
    const columns = cardColumns(count)
    const last = count % columns || columns
    expect(last, `${count} cards in rows of ${columns}`).toBeGreaterThan(1)
  }
  expect(cardColumns(4)).toBe(2)
  expect(cardColumns(5)).toBe(3)
})
