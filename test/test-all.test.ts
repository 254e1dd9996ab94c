import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { FIXTURE_BRAND, FIXTURE_SPECS, runAll } from '../scripts/test-all.ts'

// `npm test` (scripts/test-all.ts) runs every part even when an earlier one fails, reports each,
// and fails as a whole when any part did.
const dir = mkdtempSync(join(tmpdir(), 'test-all-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const node = (code: string) => ({ command: process.execPath, args: ['-e', code] })

test('a failing part neither hides the parts after it nor lets the run pass', () => {
  const lines: string[] = []
  const later = join(dir, 'later-ran')
  const ok = runAll(
    [
      { name: 'unit', ...node('process.exit(1)') },
      { name: 'build', ...node('') },
      { name: 'browser', ...node(`require('node:fs').writeFileSync(${JSON.stringify(later)}, '')`), needs: 'build' },
    ],
    (l) => lines.push(l),
  )
  expect(ok).toBe(false)
  expect(existsSync(later)).toBe(true)
  const summary = lines.slice(lines.indexOf('\n=== npm test ===') + 1)
  expect(summary).toEqual([
    expect.stringMatching(/^failed +unit/),
    expect.stringMatching(/^passed +build/),
    expect.stringMatching(/^passed +browser/),
  ])
})

test('a part whose build failed is reported as not run, and fails the run', () => {
  const lines: string[] = []
  const ok = runAll(
    [
      { name: 'build', ...node('process.exit(2)') },
      { name: 'browser', ...node(''), needs: 'build' },
    ],
    (l) => lines.push(l),
  )
  expect(ok).toBe(false)
  expect(lines.at(-1)).toMatch(/^not run +browser .*build did not pass/)
  expect(runAll([{ name: 'all good', ...node('') }], () => {})).toBe(true)
})

test('the second brand is a fixture folder, and its browser tests exist', () => {
  expect(existsSync(join(import.meta.dirname, '..', FIXTURE_BRAND, 'site.yaml'))).toBe(true)
  for (const spec of FIXTURE_SPECS) expect(existsSync(join(import.meta.dirname, '..', spec)), spec).toBe(true)
})
