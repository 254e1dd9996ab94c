import { expect, test } from 'vitest'
import { nestingDepth } from './json-body.ts'

test.each([
  ['1', 0],
  ['{}', 1],
  ['{"a":[1,{"b":[]}]}', 4],
  ['"[[[[{{{"', 0],
  ['{"a":"\\"[[[["}', 1],
  ['{"a":"\\\\"}', 1],
  [`${'['.repeat(6000)}${']'.repeat(6000)}`, 6000],
])('the nesting depth of %s is %d', (text, depth) => {
  expect(nestingDepth(text)).toBe(depth)
})
