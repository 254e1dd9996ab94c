import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { expect, test } from 'vitest'
import { FOUNDER_SPECS, FOUNDER_VITEST, TEMPLATE_CONTENT } from '../scripts/founder-tests.ts'
import { contentDir } from '../src/content/load.ts'
import { ROOT } from './support/server-process.ts'

// The suite's own split (scripts/founder-tests.ts): the template's Vitest files run on a fixture
// and never read content/, so `npm test` passes on any content that passes content:check; only
// the founder's tests read it, and every expectation of theirs comes from it.

/** Files that hold a path into content/ as text only, each with its reason. */
const TEXT_ONLY: Record<string, string> = {
  'test/lint-boundaries.test.ts': 'lint probes: the source of code that must fail lint, never run',
  'test/founder-tests.test.ts': "the detector's own samples",
}

/** File and path calls whose arguments can name the content folder. */
const READS =
  'readFileSync|readFile|readdirSync|readdir|existsSync|statSync|cpSync|cp|copyFileSync|join|resolve|loadContent'

/**
 * A path into the repository's content/ folder handed to a file or path call (`join(ROOT,
 * 'content')`, `readFileSync('content/…')`), or the loader's folder asked for without the
 * environment (`contentDir({})`: content/, whatever vitest.config.ts chose).
 */
export function readsContentFolder(source: string): boolean {
  return (
    new RegExp(`\\b(${READS})\\([^)]*['"\`](\\./)?content(/[^'"\`]*)?['"\`]`).test(source) ||
    /\bcontentDir\(\s*\{\s*\}\s*\)/.test(source)
  )
}

function vitestFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter(
      (e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !`${e.parentPath}${sep}`.includes(`${sep}fixtures${sep}`),
    )
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((file) => file.startsWith('test/') || /\.test\.tsx?$/.test(file))
}

test('the detector finds a path into content/, and not a message that names one', () => {
  // The samples are text to match, not paths this test reads.
  /* eslint-disable no-restricted-syntax */
  expect(readsContentFolder("const DEMO = join(REPO_ROOT, 'content')")).toBe(true)
  expect(readsContentFolder("readFileSync('content/locales/de.yaml')")).toBe(true)
  expect(readsContentFolder('cp(`./content/screens/`, dir)')).toBe(true)
  expect(readsContentFolder("expect(err).toContain('content/site.yaml: product.url: must be an http(s) URL')")).toBe(
    false,
  )
  expect(readsContentFolder("join(dir, 'test', 'fixtures', 'demo')")).toBe(false)
  expect(readsContentFolder("describe('content/public', () => {")).toBe(false)
  expect(readsContentFolder('loadContent(contentDir({})).content!')).toBe(true)
  expect(readsContentFolder('loadContent(contentDir()).content!')).toBe(false)
  /* eslint-enable no-restricted-syntax */
})

test("no Vitest file reads content/ but the founder's tests", () => {
  const files = [...vitestFiles('src'), ...vitestFiles('test')]
  expect(files.length).toBeGreaterThan(100)
  const readers = files.filter((file) => readsContentFolder(readFileSync(join(ROOT, file), 'utf8')))
  expect(readers.filter((file) => !(file in TEXT_ONLY) && !FOUNDER_VITEST.includes(file))).toEqual([])
})

test('the template runs on its fixture, the founder’s tests on their folder', () => {
  // vitest.config.ts chose them: the content module, the loader and every process a test starts.
  expect(contentDir()).toBe(TEMPLATE_CONTENT)
  expect(existsSync(join(TEMPLATE_CONTENT, 'site.yaml'))).toBe(true)
  expect(process.env.FOUNDER_CONTENT_DIR).toBeTruthy()
  expect(process.env.FOUNDER_CONTENT_DIR).not.toBe(TEMPLATE_CONTENT)
  for (const file of [...FOUNDER_VITEST, ...FOUNDER_SPECS, ...Object.keys(TEXT_ONLY)])
    expect(existsSync(join(ROOT, file)), file).toBe(true)
})
