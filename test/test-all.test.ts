import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { contentDependentTests } from '../scripts/content-dependent-tests.ts'
import { runAll } from '../scripts/run-steps.ts'
import { FIXTURE_BRAND, FIXTURE_VITEST_EXCLUDED, fixtureVitestFiles } from '../scripts/test-all.ts'

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

test('the second brand is a fixture folder, and its browser tests exist', () => {
  expect(existsSync(join(import.meta.dirname, '..', FIXTURE_BRAND, 'site.yaml'))).toBe(true)
  // Every left-out file exists, so a rename cannot silently bring it back or hide another.
  for (const file of Object.keys(FIXTURE_VITEST_EXCLUDED))
    expect(existsSync(join(import.meta.dirname, '..', file)), file).toBe(true)
  // The page's, the emails' and the server's tests read the content; lint and cycles do not.
  const files = fixtureVitestFiles()
  expect(files).toEqual(expect.arrayContaining(['src/web/app.test.tsx', 'src/emails/welcome.test.tsx']))
  expect(files).toEqual(expect.arrayContaining(['src/server/app.test.ts', 'test/legal-pages.test.ts']))
  expect(files).not.toContain('test/import-cycles.test.ts')
  expect(files).not.toContain('test/test-all.test.ts')
  for (const file of Object.keys(FIXTURE_VITEST_EXCLUDED)) expect(files).not.toContain(file)
})

test('the content-dependent files: those importing the content, through any number of files', () => {
  const root = join(dir, 'graph')
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), text)
  }
  write('src/shared/content.ts', "export * from './generated/content.ts'\n")
  write('src/page.tsx', "import { HERO } from './shared/content.ts'\nexport const page = HERO\n")
  write('src/page.test.tsx', "import { page } from './page.tsx'\n")
  write('src/later.test.ts', "await import('./page.tsx')\n")
  write('src/pure.ts', 'export const one = 1\n')
  write('src/pure.test.ts', "import { one } from './pure.ts'\n")
  write('test/types.test.ts', "import type { page } from '../src/page.tsx'\n")
  // A stand-in loader in a scratch folder, not the content folder: its path and its text only.
  /* eslint-disable no-restricted-syntax */
  write('test/loader.test.ts', "import { contentDir } from '../src/content/load.ts'\n")
  write('src/content/load.ts', 'export const contentDir = () => process.env.CONTENT_DIR\n')
  /* eslint-enable no-restricted-syntax */
  expect(contentDependentTests(root)).toEqual([
    'src/later.test.ts',
    'src/page.test.tsx',
    'test/loader.test.ts',
    'test/types.test.ts',
  ])
})
