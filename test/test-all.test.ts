import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { FOUNDER_SPECS, FOUNDER_VITEST, founderSteps } from '../scripts/founder-tests.ts'
import { runAll } from '../scripts/run-steps.ts'
import { FIXTURE_BRAND } from '../scripts/test-all.ts'

// `npm test` (scripts/test-all.ts) runs every part even when an earlier one fails, reports each,
// and fails as a whole when any part did.
const dir = mkdtempSync(join(tmpdir(), 'test-all-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const node = (code: string) => ({ command: process.execPath, args: ['-e', code] })

test('a failing part neither hides the parts after it nor lets the run pass', async () => {
  const lines: string[] = []
  const later = join(dir, 'later-ran')
  const code = await runAll(
    [
      { name: 'unit', ...node('process.exit(1)') },
      { name: 'build', ...node('') },
      { name: 'browser', ...node(`require('node:fs').writeFileSync(${JSON.stringify(later)}, '')`), needs: 'build' },
    ],
    { log: (l) => lines.push(l) },
  )
  expect(code).toBe(1)
  expect(existsSync(later)).toBe(true)
  const summary = lines.slice(lines.indexOf('\n=== npm test ===') + 1)
  expect(summary).toEqual([
    expect.stringMatching(/^failed +unit/),
    expect.stringMatching(/^passed +build/),
    expect.stringMatching(/^passed +browser/),
  ])
})

test('a part whose build failed is reported as not run, and fails the run', async () => {
  const lines: string[] = []
  const code = await runAll(
    [
      { name: 'build', ...node('process.exit(2)') },
      { name: 'browser', ...node(''), needs: 'build' },
    ],
    { log: (l) => lines.push(l) },
  )
  expect(code).toBe(1)
  expect(lines.at(-1)).toMatch(/^not run +browser .*build did not pass/)
  expect(await runAll([{ name: 'all good', ...node('') }], { log: () => {} })).toBe(0)
})

test("the second brand is a fixture folder, run through the founder's part", () => {
  expect(existsSync(join(import.meta.dirname, '..', FIXTURE_BRAND, 'site.yaml'))).toBe(true)
  const steps = founderSteps('brand', { cwd: dir })
  expect(steps.map((s) => [s.name, s.cwd, s.needs])).toEqual([
    ['brand: vitest', dir, undefined],
    ['brand: build', dir, undefined],
    ['brand: playwright', dir, 'brand: build'],
  ])
  expect(steps[0]!.args.slice(2)).toEqual(FOUNDER_VITEST)
  expect(steps[2]!.args.slice(2)).toEqual(FOUNDER_SPECS)
})
