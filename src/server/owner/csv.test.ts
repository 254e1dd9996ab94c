import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { csvField, csvRecord } from './csv.ts'

test.each([
  ['=1+1', "'=1+1"],
  ['+1', "'+1"],
  ['-1', "'-1"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['\tx', `"'\tx"`],
  ['\rx', `"'\rx"`],
  ['a=b', 'a=b'],
  ['plain@example.com', 'plain@example.com'],
  ['a,b', '"a,b"'],
  ['say "hi"', '"say ""hi"""'],
  ['two\nlines', '"two\nlines"'],
  // Issue 37: a spreadsheet whose list separator is `;` (Excel in German) or that splits on tabs.
  ["x;=cmd|' /C calc'!A0", `"x;=cmd|' /C calc'!A0"`],
  ['x\t=cmd', '"x\t=cmd"'],
  ["=cmd|' /C calc'!A0;x", `"'=cmd|' /C calc'!A0;x"`],
  // What a spreadsheet skips or converts before the formula's first character.
  ['\uFF1D1+1', "'\uFF1D1+1"],
  ['\uFF0B1', "'\uFF0B1"],
  ['\uFF0D1', "'\uFF0D1"],
  ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
  ['\u22121', "'\u22121"],
  ['\u00A0=1+1', "'\u00A0=1+1"],
  [' =1+1', "' =1+1"],
  ['\u3000=1+1', "'\u3000=1+1"],
  ['\u200B=1+1', "'\u200B=1+1"],
  ['\uFEFF=1+1', "'\uFEFF=1+1"],
  ['\u00AD\u2060@x', "'\u00AD\u2060@x"],
  ['\u00A0\u200B \uFF1DHYPERLINK("x")', `"'\u00A0\u200B \uFF1DHYPERLINK(""x"")"`],
  ['\nx', `"'\nx"`],
  // Only a lead counts: these stay as they are.
  [' plain', ' plain'],
  ['a\uFF1Db', 'a\uFF1Db'],
  ['\u00A0x@example.com', '\u00A0x@example.com'],
])('csvField(%j) is %j', (input, output) => {
  expect(csvField(input)).toBe(output)
})

test('a record ends with CRLF', () => {
  expect(csvRecord(['a', '=b', 'c,d'])).toBe(`a,'=b,"c,d"\r\n`)
})

test('every CSV the server sends is written by this module', async () => {
  const root = join(import.meta.dirname, '..')
  const files = (await readdir(root, { recursive: true })).filter(
    (f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.test.tsx'),
  )
  const writers: string[] = []
  for (const f of files) {
    const text = await readFile(join(root, f), 'utf8')
    if (!/text\/csv|csvDownload\(|csvQuote\(/.test(text) || f === join('owner', 'csv.ts')) continue
    writers.push(f)
    // Its fields go through csvField or csvQuote, never a join of its own.
    expect(text, f).toMatch(/from '(?:\.\.\/)+owner\/csv\.ts'|from '\.\/csv\.ts'/)
  }
  expect(writers.length).toBeGreaterThanOrEqual(4)
})
