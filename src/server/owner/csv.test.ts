import { expect, test } from 'vitest'
import { csvField, csvRecord } from './csv.ts'

test.each([
  ['=1+1', "'=1+1"],
  ['+1', "'+1"],
  ['-1', "'-1"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['\tx', "'\tx"],
  ['\rx', `"'\rx"`],
  ['a=b', 'a=b'],
  ['plain@example.com', 'plain@example.com'],
  ['a,b', '"a,b"'],
  ['say "hi"', '"say ""hi"""'],
  ['two\nlines', '"two\nlines"'],
])('csvField(%j) is %j', (input, output) => {
  expect(csvField(input)).toBe(output)
})

test('a record ends with CRLF', () => {
  expect(csvRecord(['a', '=b', 'c,d'])).toBe(`a,'=b,"c,d"\r\n`)
})
