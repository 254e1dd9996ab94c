import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { Document, parseDocument } from 'yaml'
import { defaultLanguages, defaultsLocale, defaultTexts, textPaths } from './defaults.ts'
import { loadContent, REPO_ROOT } from './load.ts'
import { formatWarnings } from './problems.ts'

// The stock texts in a founder's languages (docs/decisions/content-defaults.md), on copies of the
// fixture founder test/fixtures/trailmate with its languages changed: its default language's
// texts stand for the new default's (the checks read keys, not words).

const FIXTURE = join(REPO_ROOT, 'test/fixtures/trailmate')
const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

type Doc = ReturnType<typeof parseDocument>

/**
 * The fixture with `locales` as given: a further language the fixture has no file for gets the
 * default's texts and legal texts; folders of languages no longer listed go. `edit` changes site.yaml.
 */
function founder(locales: string[], edit: (site: Doc) => void = () => {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'stock-languages-'))
  made.push(dir)
  cpSync(FIXTURE, dir, { recursive: true })
  const site = parseDocument(readFileSync(join(dir, 'site.yaml'), 'utf8'))
  // Icons are site.yaml's only.
  const ownTexts = new Document({ texts: site.toJS().texts }).toString().replace(/^ +icon: .*\n/gm, '')
  for (const folder of ['locales', 'legal', 'screens'])
    for (const entry of readdirSync(join(dir, folder), { withFileTypes: true })) {
      const locale = entry.name.replace(/\.yaml$/, '')
      if ((entry.isDirectory() || folder === 'locales') && !locales.slice(1).includes(locale))
        rmSync(join(dir, folder, entry.name), { recursive: true })
    }
  for (const locale of locales.slice(1)) {
    if (!existsSync(join(dir, 'locales', `${locale}.yaml`)))
      writeFileSync(join(dir, 'locales', `${locale}.yaml`), ownTexts)
    if (!existsSync(join(dir, 'legal', locale))) {
      mkdirSync(join(dir, 'legal', locale))
      for (const doc of ['privacy.md', 'terms.md']) cpSync(join(dir, 'legal', doc), join(dir, 'legal', locale, doc))
    }
  }
  site.set('locales', locales)
  edit(site)
  writeFileSync(join(dir, 'site.yaml'), site.toString())
  return dir
}

const stockPaths = () => textPaths(defaultTexts('en')!).map(([path]) => path)
/** Writes every stock text in site.yaml in the founder's own words (here: marked copies of `from`'s). */
const ownWordsFor = (from: string) => (site: Doc) => {
  for (const [path, text] of textPaths(defaultTexts(from)!))
    site.setIn(['texts', ...path.split('.')], typeof text === 'string' ? `${text} ·` : text)
}
const check = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/content/cli.ts'), 'check', ...args], {
    env: { ...process.env, CONTENT_DIR: dir },
    encoding: 'utf8',
  })

test('an Arabic-first founder with English second gets every stock text in Arabic, and content:check warns of none', () => {
  const dir = founder(['ar', 'en'])
  const loaded = loadContent(dir)
  expect(loaded.problems).toEqual([])
  expect(loaded.warnings).toEqual([])
  expect(loaded.content!.texts.ar!.pages.leaveTitle).toBe(
    textPaths(defaultTexts('ar')!).find(([p]) => p === 'pages.leaveTitle')![1],
  )
  const run = check(dir)
  expect(run.stderr).not.toMatch(/warning/)
  expect(run.status, run.stderr).toBe(0)
}, 60_000)

test('a founder who wrote every stock text in their own words gets no warning per stock key', () => {
  // A default language the project ships: the English page shows stock English where the founder
  // reworded the Arabic, so it may say so, once, naming each key with --verbose.
  const shipped = loadContent(founder(['ar', 'en'], ownWordsFor('ar'))).warnings
  expect(shipped).toEqual([
    {
      file: 'locales/en.yaml',
      key: '',
      message: expect.stringMatching(
        /^\d+ texts you reworded in ar show the stock translation here: translate yours here\?/,
      ),
      details: expect.arrayContaining([expect.objectContaining({ key: 'texts.pages.leaveTitle' })]),
    },
  ])
  // One it does not ship: a founder's Korean is no rewording of the English stock text, so
  // "translate yours here?" cannot be true, and nothing is left in English.
  const unshipped = loadContent(founder(['ko', 'en'], ownWordsFor('en')))
  expect(unshipped.problems).toEqual([])
  expect(unshipped.warnings).toEqual([])
})

test('a default language the project does not ship: one summary, each text listed with --verbose', () => {
  const dir = founder(['ko', 'en'])
  const loaded = loadContent(dir)
  expect(loaded.problems).toEqual([])
  const [summary, ...more] = loaded.warnings
  expect(more).toEqual([])
  const english = loaded.content!.texts.ko!
  expect(english.pages.leaveTitle).toBe(textPaths(defaultTexts('en')!).find(([p]) => p === 'pages.leaveTitle')![1])
  const untranslated = summary!.details!.map((d) => d.key)
  expect(untranslated).toContain('texts.pages.leaveTitle')
  expect(untranslated.length).toBeGreaterThan(stockPaths().length / 2)
  expect(summary).toMatchObject({
    file: 'site.yaml',
    message: expect.stringMatching(
      new RegExp(`^${untranslated.length} stock texts shown in English .*: list with \`content:check --verbose\`$`),
    ),
  })

  // Printed alone, the summary is one line; --verbose adds a line per text.
  expect(formatWarnings(loaded.warnings).split('\n')).toHaveLength(2)
  const verbose = check(dir, '--verbose')
  expect(verbose.status, verbose.stderr).toBe(0)
  expect(verbose.stderr).toContain('The content has 1 warning')
  expect(verbose.stderr).toContain('content/site.yaml: texts.pages.leaveTitle: not translated')
}, 60_000)

test('a region reads its own stock file, else its language’s, else none (English)', () => {
  expect(defaultLanguages()).toContain('pt-BR')
  expect(defaultsLocale('pt-BR')).toBe('pt-BR')
  expect(defaultsLocale('ar-JO')).toBe('ar')
  expect(defaultsLocale('fr-CA')).toBe('fr')
  expect(defaultsLocale('ar')).toBe('ar')
  expect(defaultsLocale('pt-PT')).toBeNull()
  expect(defaultsLocale('ko')).toBeNull()
  expect(defaultTexts('ar-JO')).toBe(defaultTexts('ar'))
})

test('a region locale: ar-JO dates in Levantine months and Arabic-Indic digits, numbers: latn Western; a product name per language', () => {
  const dir = founder(['ar-JO', 'en'])
  const en = join(dir, 'locales/en.yaml')
  writeFileSync(en, `product:\n  name: Nabd Latin\n${readFileSync(en, 'utf8')}`)
  const loaded = loadContent(dir)
  expect(loaded.problems).toEqual([])
  const { legalTexts, productNames, texts } = loaded.content!
  const day = legalTexts['ar-JO']!.privacy.effectiveDate
  const label = legalTexts['ar-JO']!.privacy.effectiveDateLabel
  expect(label).toBe(new Intl.DateTimeFormat('ar-JO', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(day)))
  expect(label).toMatch(/[٠-٩]/)
  expect(label).toMatch(/كانون|شباط|آذار|نيسان|أيار|حزيران|تموز|آب|أيلول|تشرين/)
  expect(productNames).toEqual({ 'ar-JO': expect.any(String), en: 'Nabd Latin' })
  expect(texts.en!.pages.backHome).toContain('Nabd Latin')
  expect(texts['ar-JO']!.pages.backHome).toContain(productNames['ar-JO'])

  const latn = founder(['ar-JO', 'en'], (site) => site.set('numbers', 'latn'))
  const western = loadContent(latn).content!.legalTexts['ar-JO']!.privacy.effectiveDateLabel
  expect(western).toMatch(/\d/)
  expect(western).not.toMatch(/[٠-٩]/)
})
