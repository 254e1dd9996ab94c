import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { parseDocument } from 'yaml'
import { defaultLanguages, defaultTexts, textPaths, textAt } from './defaults.ts'
import { loadContent, REPO_ROOT } from './load.ts'
import { slimContent } from './slim.ts'

// The shipped default texts under a founder's content (docs/decisions/content-defaults.md), on
// copies of the demo (test/fixtures/demo) with texts taken out or changed, so the tests hold whatever the
// demo's texts say.

/** The demo's copy, not content/: a founder's own folder changes none of these tests. */
const DEMO = join(REPO_ROOT, 'test', 'fixtures', 'demo')
const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

type Doc = ReturnType<typeof parseDocument>
/** A copy of the demo content; `edit` gets each YAML file's document by its path in the folder. */
function fixture(edit: (file: string, doc: Doc) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-defaults-'))
  made.push(dir)
  cpSync(DEMO, dir, { recursive: true })
  for (const file of [
    'site.yaml',
    ...demo()
      .locales.slice(1)
      .map((l) => `locales/${l}.yaml`),
  ]) {
    const doc = parseDocument(readFileSync(join(dir, file), 'utf8'))
    edit(file, doc)
    writeFileSync(join(dir, file), doc.toString())
  }
  return dir
}

let loadedDemo: ReturnType<typeof loadContent>['content'] | undefined
const demo = () => (loadedDemo ??= loadContent(DEMO).content!)
const english = () => defaultTexts('en')!
/** Every text the project ships a default for, as a key path below `texts`. */
const shippedPaths = () => textPaths(english()).map(([path]) => path)
/** Takes every shipped text out of a founder's file: what an upstream text new to them looks like. */
const withoutShipped = (_file: string, doc: Doc) => {
  for (const path of shippedPaths()) {
    const at = ['texts', ...path.split('.')]
    if (doc.hasIn(at)) doc.deleteIn(at)
  }
}
/** The file's language: site.yaml's is the default, locales/<lang>.yaml's its own. */
const localeOf = (file: string) =>
  file === 'site.yaml' ? demo().locales[0]! : file.slice('locales/'.length, -'.yaml'.length)
/** Writes every shipped text out in a founder's file, as a founder who copied them would have. */
const withShippedWrittenOut = (file: string, doc: Doc) => {
  const stock = defaultTexts(localeOf(file))
  if (!stock) return
  for (const [path, text] of textPaths(stock)) doc.setIn(['texts', ...path.split('.')], text)
}

test('every language the project translates ships the same texts, each a text the page knows', () => {
  const languages = defaultLanguages()
  expect(languages).toContain('en')
  const known = demo().texts[demo().locales[0]!]!
  for (const locale of languages) {
    expect(
      textPaths(defaultTexts(locale)!).map(([p]) => p),
      locale,
    ).toEqual(shippedPaths())
    for (const path of shippedPaths()) expect(textAt(known, path), path).toBeDefined()
  }
})

// The languages the project promises to ship (docs/decisions/content-defaults.md): a founder in
// any of them translates only their story.
const PROMISED = ['en', 'de', 'ar', 'he', 'fr', 'es', 'pt-BR', 'ja']
const placeholdersOf = (text: unknown) => [...new Set(JSON.stringify(text).match(/\{[A-Za-z]\w*\}/g) ?? [])].sort()

test('every promised language ships, each with every stock text and the same placeholders as English', () => {
  expect(defaultLanguages()).toEqual(expect.arrayContaining(PROMISED))
  const stock = new Map(textPaths(english()))
  for (const locale of defaultLanguages()) {
    const own = new Map(textPaths(defaultTexts(locale)!))
    expect(
      [...own.keys()].filter((k) => !stock.has(k)),
      `${locale}: extra keys`,
    ).toEqual([])
    expect(
      [...stock.keys()].filter((k) => !own.has(k)),
      `${locale}: missing keys`,
    ).toEqual([])
    for (const [path, text] of own) {
      expect(typeof text === 'string' ? text.trim() : text, `${locale} ${path}`).toBeTruthy()
      expect(placeholdersOf(text), `${locale} ${path}`).toEqual(placeholdersOf(stock.get(path)))
    }
  }
})

test('a founder file without the shipped texts loads, and each page shows its own language’s defaults', () => {
  const dir = fixture(withoutShipped)
  const loaded = loadContent(dir)
  expect(loaded.problems).toEqual([])
  expect(loaded.warnings).toEqual([])
  const { locales, texts } = loaded.content!
  for (const locale of locales.filter((l) => defaultTexts(l))) {
    const stock = defaultTexts(locale)!
    // Placeholders are filled, so compare a text without one.
    expect(texts[locale]!.signup.emailLabel).toBe(textAt(stock, 'signup.emailLabel'))
    expect(texts[locale]!.pages.playTroubleButton).toBe(textAt(stock, 'pages.playTroubleButton'))
  }
  // The founder's story is theirs still.
  expect(texts[locales[0]!]!.hero.headline).toBe(demo().texts[locales[0]!]!.hero.headline)
})

test('a founder’s own wording of a shipped text wins, and the other languages get a warning naming file and key', () => {
  const dir = fixture((file, doc) => {
    if (file === 'site.yaml') doc.setIn(['texts', 'signup', 'emailLabel'], 'Your work email')
    else if (doc.hasIn(['texts', 'signup', 'emailLabel'])) doc.deleteIn(['texts', 'signup', 'emailLabel'])
  })
  const loaded = loadContent(dir)
  expect(loaded.problems).toEqual([])
  const [first, ...others] = loaded.content!.locales
  expect(loaded.content!.texts[first!]!.signup.emailLabel).toBe('Your work email')
  expect(loaded.warnings).toEqual(
    others.map((l) => ({
      file: `locales/${l}.yaml`,
      key: 'texts.signup.emailLabel',
      message: expect.stringMatching(/translate yours here/),
    })),
  )
})

test('a language the project does not translate shows the default language’s texts, counted in one warning', () => {
  const dir = fixture((file, doc) => {
    if (file === 'site.yaml') doc.setIn(['locales'], [...demo().locales, 'xx'])
  })
  // The new language's file holds only the founder's story: the second language's, without the shipped texts.
  const second = demo().locales[1]!
  const doc = parseDocument(readFileSync(join(dir, `locales/${second}.yaml`), 'utf8'))
  withoutShipped('', doc)
  writeFileSync(join(dir, 'locales/xx.yaml'), doc.toString())
  cpSync(join(dir, 'legal', second), join(dir, 'legal', 'xx'), { recursive: true })

  const loaded = loadContent(dir)
  expect(loaded.problems).toEqual([])
  const first = demo().locales[0]!
  expect(loaded.content!.texts.xx!.signup.emailLabel).toBe(demo().texts[first]!.signup.emailLabel)
  const [summary, ...more] = loaded.warnings.filter((w) => w.file === 'locales/xx.yaml')
  expect(more).toEqual([])
  const untranslated = summary!.details!
  expect(untranslated.map((w) => w.key)).toEqual(
    shippedPaths()
      .filter((p) => textAt(demo().texts[first], p) !== undefined)
      .map((p) => `texts.${p}`),
  )
  expect(summary!.message).toMatch(new RegExp(`^${untranslated.length} stock texts shown in ${first}, untranslated`))
  expect(untranslated[0]!.message).toBe(`not translated: the page shows the ${first} text`)
})

test('a story text is still the founder’s to write: leaving one out is a problem', () => {
  const dir = fixture((file, doc) => {
    if (file !== 'site.yaml') doc.deleteIn(['texts', 'hero', 'headline'])
  })
  const second = demo().locales[1]!
  expect(loadContent(dir).problems).toEqual([
    { file: `locales/${second}.yaml`, key: 'texts.hero.headline', message: 'missing text' },
  ])
})

test('problems in site.yaml and in a language file come in the same pass', () => {
  const dir = fixture((file, doc) => {
    if (file === 'site.yaml') doc.setIn(['theme', 'dark', 'brand'], 'indigo')
    else doc.setIn(['texts', 'hero', 'headlin'], 'A typo')
  })
  const second = demo().locales[1]!
  expect(loadContent(dir).problems).toEqual([
    { file: 'site.yaml', key: 'theme.dark.brand', message: expect.stringMatching(/must be a colour/) },
    { file: `locales/${second}.yaml`, key: 'texts.hero.headlin', message: 'not a known key (a typo?)' },
  ])
})

test('a site.yaml that is no YAML at all still lets every language file be checked', () => {
  const dir = fixture((file, doc) => {
    if (file !== 'site.yaml') doc.setIn(['texts', 'hero', 'headlin'], 'A typo')
  })
  writeFileSync(join(dir, 'site.yaml'), 'product: [unclosed\n')
  const second = demo().locales[1]!
  const found = loadContent(dir).problems
  expect(found[0]).toMatchObject({ file: 'site.yaml', key: '' })
  expect(found).toContainEqual({
    file: `locales/${second}.yaml`,
    key: 'texts.hero.headlin',
    message: 'not a known key (a typo?)',
  })
})

test('content:slim takes out only the texts equal to the shipped ones: every page reads the same after', () => {
  const dir = fixture(withShippedWrittenOut)
  const before = loadContent(dir).content!
  const report = slimContent(dir)
  expect(report.find((r) => r.file === 'site.yaml')!.removed).toBeGreaterThan(0)
  const after = loadContent(dir)
  expect(after.problems).toEqual([])
  expect(after.warnings).toEqual([])
  expect(after.content!.texts).toEqual(before.texts)
  // Nothing left to take out: a second run changes nothing.
  expect(slimContent(dir).every((r) => r.removed === 0)).toBe(true)
})
