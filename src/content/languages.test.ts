import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { checkContent } from './checks.ts'
import { contentDir, loadContent, REPO_ROOT } from './load.ts'

// A further language is content/locales/<lang>.yaml with the same text keys as site.yaml's
// `texts`; a missing or an extra key fails the check and the build, naming it
// (docs/decisions/languages.md). Each case edits a copy of the repository's content.

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A copy of content/ whose first further language's file is edited by `edit`. */
function contentWith(edit: (yaml: string) => string): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'content-languages-'))
  dirs.push(dir)
  cpSync(contentDir(), dir, { recursive: true })
  const locale = loadContent(dir).content!.locales[1]!
  const file = `locales/${locale}.yaml`
  writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')))
  return { dir, file }
}

const problemsOf = (dir: string) => {
  const loaded = loadContent(dir)
  return loaded.content ? [...loaded.problems, ...checkContent(loaded.content, dir)] : loaded.problems
}

test('the demo ships a second language, and its file passes', () => {
  const { dir } = contentWith((y) => y)
  expect(loadContent(dir).content!.locales.length).toBeGreaterThan(1)
  expect(problemsOf(dir)).toEqual([])
})

test('a missing key fails naming the file and the key; so does an extra one', () => {
  const missing = contentWith((y) => y.replace(/^ {4}cta: .*\n/m, ''))
  expect(problemsOf(missing.dir)).toEqual([{ file: missing.file, key: 'texts.header.cta', message: 'missing text' }])
  const extra = contentWith((y) => y.replace(/^ {2}header:\n/m, '  header:\n    slogan: Hallo\n'))
  expect(problemsOf(extra.dir)).toEqual([
    { file: extra.file, key: 'texts.header.slogan', message: 'not a known key (a typo?)' },
  ])
})

// A screenshot's caption and alt text are texts of each language (the images are shared).
test("a language's screenshot without its alt text, or with one screenshot too few, fails naming the key", () => {
  const alt = contentWith((y) => y.replace(/^( {6}- caption: .*\n) {8}alt: .*\n/m, '$1'))
  expect(problemsOf(alt.dir)).toEqual([{ file: alt.file, key: 'texts.hero.screens[0].alt', message: 'missing text' }])
  const few = contentWith((y) => y.replace(/^( {6}- caption: .*\n {8}alt: .*\n)/m, ''))
  expect(problemsOf(few.dir)).toEqual([
    { file: few.file, key: 'texts.hero.screens', message: expect.stringMatching(/each of the three screenshots/) },
  ])
  const same = contentWith((y) => y.replace(/^( {6}- caption: (.*)\n {8}alt: ).*\n/m, '$1$2\n'))
  expect(problemsOf(same.dir)).toEqual([
    { file: same.file, key: 'texts.hero.screens[0].alt', message: expect.stringMatching(/repeats the caption/) },
  ])
})

test('a language without its file, or with other feature cards, fails; and npm run content:check names the key', () => {
  const cards = contentWith((y) => y.replace('- id: tasks', '- id: todo'))
  expect(problemsOf(cards.dir)).toEqual([expect.objectContaining({ file: cards.file, key: 'texts.features.cards' })])
  const gone = contentWith((y) => y)
  rmSync(join(gone.dir, gone.file))
  expect(problemsOf(gone.dir)).toEqual([{ file: gone.file, key: '', message: 'file is missing' }])

  const missing = contentWith((y) => y.replace(/^ {4}cta: .*\n/m, ''))
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/content/cli.ts'), 'check'], {
    env: { ...process.env, CONTENT_DIR: missing.dir },
    encoding: 'utf8',
  })
  expect(run.status).toBe(1)
  expect(run.stderr).toContain(`content/${missing.file}: texts.header.cta: missing text`)
  // content:check in a process of its own: 35 s at a load average of 24.
}, 90_000)

// An imprint per language (issue 38): a language's own text, else the default's.
test("a language's legal.imprint is its imprint; without one it shows the default's; alone it is a problem", () => {
  const own = 'Registre : RCS Lyon 000 000 000'
  const { dir, file } = contentWith((y) => y.replace(/^texts:/m, `legal:\n  imprint: '${own}'\ntexts:`))
  const site = join(dir, 'site.yaml')
  const [first, second] = loadContent(dir).content!.locales
  // The demo may have no imprint: give the default language one.
  const withImprint = readFileSync(site, 'utf8').replace(
    /^legal:\n((?: {2}.*\n)*)/m,
    (block) => `${block.replace(/^ {2}imprint:.*\n(?: {4}.*\n)*/m, '')}  imprint: Managing director Ada\n`,
  )
  writeFileSync(site, withImprint)
  const loaded = loadContent(dir)
  expect(loaded.problems).toEqual([])
  expect(loaded.content!.imprints).toEqual({ [first!]: 'Managing director Ada', [second!]: own })
  // Without its own, a language shows the default's.
  writeFileSync(join(dir, file), readFileSync(join(dir, file), 'utf8').replace(/^legal:\n {2}imprint: .*\n/m, ''))
  expect(loadContent(dir).content!.imprints[second!]).toBe('Managing director Ada')
  // A language's imprint when the default has none is named by file and key.
  writeFileSync(site, withImprint.replace(/^ {2}imprint: Managing director Ada\n/m, ''))
  writeFileSync(
    join(dir, file),
    readFileSync(join(dir, file), 'utf8').replace(/^texts:/m, `legal:\n  imprint: '${own}'\ntexts:`),
  )
  expect(loadContent(dir).problems).toEqual([
    { file, key: 'legal.imprint', message: expect.stringMatching(/default language first/) },
  ])
})
