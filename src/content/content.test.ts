import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { parseDocument } from 'yaml'
import { checkContent } from './checks.ts'
import { contrastRatio } from '../shared/contrast.ts'
import { defaultTexts, textAt } from './defaults.ts'
import { moduleSource } from './generate.ts'
import { loadContent, REPO_ROOT } from './load.ts'
import type { Problem } from './problems.ts'
import { copyPublicFiles } from './public-files.ts'
import { siteJsonSchema } from './schema.ts'

// Each check on a copy of the demo (test/fixtures/demo) with one or more things broken on purpose, so the
// tests hold whatever the demo's texts say.

/** The demo's copy, not content/: a founder's own folder changes none of these tests. */
const DEMO = join(REPO_ROOT, 'test', 'fixtures', 'demo')
const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A copy of the demo content with `edit` applied to its site.yaml. */
function fixture(edit: (doc: ReturnType<typeof parseDocument>) => void = () => {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-fixture-'))
  made.push(dir)
  cpSync(DEMO, dir, { recursive: true })
  const doc = parseDocument(readFileSync(join(dir, 'site.yaml'), 'utf8'))
  edit(doc)
  writeFileSync(join(dir, 'site.yaml'), doc.toString())
  return dir
}

function problems(dir: string): Problem[] {
  const loaded = loadContent(dir)
  return loaded.content ? [...loaded.problems, ...checkContent(loaded.content, dir)] : loaded.problems
}

test('the demo content has no problems, and its generated module holds every language', () => {
  const loaded = loadContent(DEMO)
  expect(problems(DEMO)).toEqual([])
  const source = moduleSource(loaded.content!, loaded.dir)
  for (const locale of loaded.content!.locales) expect(source).toContain(`"${locale}": {`)
  expect(source).not.toMatch(/\{(product|company|address|contact|url|shortName)\}/)
})

test('every problem of the schema is reported at once, each naming its file and key', () => {
  const dir = fixture((doc) => {
    doc.deleteIn(['texts', 'signup', 'submit'])
    doc.setIn(['product', 'url'], 'ftp://example.com')
    doc.setIn(['links', 'productDirectory', 'href'], 'not a url')
    doc.setIn(['texts', 'hero', 'headlin'], 'A typo')
    doc.setIn(['theme', 'dark', 'brand'], 'indigo')
  })
  expect(problems(dir)).toEqual([
    { file: 'site.yaml', key: 'product.url', message: expect.stringMatching(/http\(s\) URL/) },
    { file: 'site.yaml', key: 'links.productDirectory.href', message: expect.stringMatching(/http\(s\) URL/) },
    { file: 'site.yaml', key: 'theme.dark.brand', message: expect.stringMatching(/must be a colour/) },
    { file: 'site.yaml', key: 'texts.hero.headlin', message: 'not a known key (a typo?)' },
    { file: 'site.yaml', key: 'texts.signup.submit', message: 'missing text' },
  ])
})

test('a key the schema moved is named with where it lives now, not as a typo', () => {
  const dir = fixture((doc) => {
    doc.setIn(['links', 'stores'], doc.get('stores'))
    doc.delete('stores')
    doc.setIn(['screens', 1, 'caption'], 'A caption')
  })
  expect(problems(dir)).toEqual([
    { file: 'site.yaml', key: 'links.stores', message: 'moved to `stores`' },
    { file: 'site.yaml', key: 'screens[1].caption', message: 'moved to `texts.hero.screens[1].caption`' },
  ])
})

test('one YAML mistake is one problem, however much of the file it unsettles', () => {
  const dir = fixture()
  const lines = readFileSync(join(dir, 'site.yaml'), 'utf8').split('\n')
  const at = lines.findIndex((l) => /^ {4}headline:/.test(l))
  lines[at] = lines[at]!.replace(/^ +/, '\t')
  writeFileSync(join(dir, 'site.yaml'), lines.join('\n'))
  expect(problems(dir)).toEqual([
    { file: 'site.yaml', key: '', message: `Tabs are not allowed as indentation at line ${at + 1}, column 1:` },
  ])
})

test('a text left empty is a missing text', () => {
  const dir = fixture((doc) => doc.setIn(['texts', 'contact', 'title'], '  '))
  expect(problems(dir)).toEqual([{ file: 'site.yaml', key: 'texts.contact.title', message: 'missing text' }])
})

test('a placeholder without a value is a problem, in site.yaml and in the legal texts', () => {
  const dir = fixture((doc) => doc.setIn(['texts', 'hero', 'eyebrow'], 'Made by {compnay}'))
  const terms = join(dir, 'legal/terms.md')
  writeFileSync(terms, `${readFileSync(terms, 'utf8')}\nQuestions go to {lawyer}.\n`)
  const lines = readFileSync(terms, 'utf8').split('\n')
  const found = problems(dir)
  expect(found).toEqual([
    {
      file: 'site.yaml',
      key: 'texts.hero.eyebrow',
      message: expect.stringContaining('placeholder {compnay} has no value'),
    },
    {
      file: 'legal/terms.md',
      key: `line ${lines.indexOf('Questions go to {lawyer}.') + 1}`,
      message: expect.stringContaining('placeholder {lawyer} has no value'),
    },
  ])
})

test("the theme's text and background pairs must reach WCAG AA, in both schemes", () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
  expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
  const dir = fixture((doc) => {
    doc.setIn(['theme', 'light', 'muted'], '#94a3b8')
    doc.setIn(['theme', 'dark', 'brand'], '#787878')
  })
  expect(problems(dir)).toEqual([
    {
      file: 'site.yaml',
      key: 'theme.light.muted',
      message: expect.stringMatching(/^muted on page has a contrast of 2\.\d\d:1/),
    },
    {
      file: 'site.yaml',
      key: 'theme.light.muted',
      message: expect.stringMatching(/^muted on surface has a contrast of 2\.\d\d:1/),
    },
    {
      file: 'site.yaml',
      key: 'theme.light.muted',
      message: expect.stringMatching(/^muted on the footer \(the page, darker\) has a contrast of 2\.\d\d:1/),
    },
    {
      file: 'site.yaml',
      key: 'theme.dark.brand',
      message: expect.stringMatching(
        /^the text on the brand #787878 \(onBrand: auto\) is below WCAG AA's 4\.5:1: white 4\.\d\d:1/,
      ),
    },
  ])
})

test('a screenshot listed but missing, and alt text equal to its caption, are problems', () => {
  const dir = fixture((doc) => {
    doc.setIn(['screens'], [{ file: 'present.png' }, { file: 'missing.png' }, { file: 'present.png' }])
    doc.setIn(['texts', 'hero', 'screens', 1, 'caption'], 'Payments')
    doc.setIn(['texts', 'hero', 'screens', 1, 'alt'], 'payments')
  })
  mkdirSync(join(dir, 'screens'), { recursive: true })
  writeFileSync(join(dir, 'screens/present.png'), 'not checked here: the image pipeline reads it')
  expect(problems(dir)).toEqual([
    { file: 'site.yaml', key: 'screens[1].file', message: 'content/screens/missing.png is missing' },
    { file: 'site.yaml', key: 'texts.hero.screens[1].alt', message: expect.stringMatching(/repeats the caption/) },
  ])
})

test('the hero shows exactly three screenshots', () => {
  const dir = fixture((doc) => doc.setIn(['screens'], [{ file: 'tasks.png' }]))
  expect(problems(dir)).toContainEqual({
    file: 'site.yaml',
    key: 'screens',
    message: expect.stringMatching(/exactly three screenshots/),
  })
})

test('the headline accent must close the headline', () => {
  const dir = fixture((doc) => doc.setIn(['texts', 'hero', 'headlineAccent'], 'not in the headline'))
  expect(problems(dir)).toEqual([
    {
      file: 'site.yaml',
      key: 'texts.hero.headlineAccent',
      message: 'must be the closing words of texts.hero.headline',
    },
  ])
})

test('a further language needs its texts file and its legal texts', () => {
  // A language the demo does not ship (its German has both).
  const dir = fixture((doc) => doc.setIn(['locales'], ['en', 'fr']))
  expect(problems(dir).map((p) => `${p.file}: ${p.message}`)).toEqual([
    'locales/fr.yaml: file is missing',
    'legal/fr/privacy.md: file is missing',
    'legal/fr/terms.md: file is missing',
  ])
})

describe('legal texts', () => {
  const withTerms = (text: string) => {
    const dir = fixture()
    writeFileSync(join(dir, 'legal/terms.md'), text)
    return dir
  }

  test('parse into headings, paragraphs, lists, emphasis and links', () => {
    const dir = withTerms(
      '---\ntitle: Terms\neffectiveDate: 2026-01-31\n---\n\nThe *short* version.\n\n## Rules\n\n- **Be** kind\n- See [the policy](#privacy) or [mail us](mailto:a@example.com)\n\nRun by {company}.\n',
    )
    const loaded = loadContent(dir)
    expect(loaded.problems).toEqual([])
    const company = loaded.content!.legal.company
    expect(loaded.content!.legalTexts.en!.terms).toEqual({
      id: 'terms',
      title: 'Terms',
      effectiveDate: '2026-01-31',
      effectiveDateLabel: 'January 31, 2026',
      summary: ['The ', { text: 'short', emphasis: 'em' }, ' version.'],
      sections: [
        {
          heading: 'Rules',
          paragraphs: [
            {
              list: [
                [{ text: 'Be', emphasis: 'strong' }, ' kind'],
                [
                  'See ',
                  { text: 'the policy', href: '#privacy' },
                  ' or ',
                  { text: 'mail us', href: 'mailto:a@example.com' },
                ],
              ],
            },
            `Run by ${company}.`,
          ],
        },
      ],
    })
  })

  test("the legal pages' paths are links to them, as the dialogs' anchors are", () => {
    const dir = withTerms(
      '---\ntitle: Terms\neffectiveDate: 2026-01-31\n---\n\nRead [the policy](/privacy) and [these terms](/terms).\n\n## Rules\n\nNone.\n',
    )
    const loaded = loadContent(dir)
    expect(loaded.problems).toEqual([])
    expect(loaded.content!.legalTexts.en!.terms.summary).toEqual([
      'Read ',
      { text: 'the policy', href: '#privacy' },
      ' and ',
      { text: 'these terms', href: '#terms' },
      '.',
    ])
  })

  test('refuse what the dialogs cannot show, and a front matter without its date', () => {
    const dir = withTerms(
      '---\ntitle: Terms\n---\n\nSummary.\n\n## Rules\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[x](javascript:alert(1))\n',
    )
    expect(problems(dir)).toEqual([
      { file: 'legal/terms.md', key: 'effectiveDate', message: 'must be a date as YYYY-MM-DD' },
    ])
    writeFileSync(
      join(dir, 'legal/terms.md'),
      '---\ntitle: Terms\neffectiveDate: 2026-01-31\n---\n\nSummary.\n\n## Rules\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSee [x](javascript:alert(1))\n\n### Deeper\n',
    )
    expect(problems(dir)).toEqual([
      { file: 'legal/terms.md', key: '## Rules', message: expect.stringMatching(/^table is not allowed/) },
      {
        file: 'legal/terms.md',
        key: '## Rules',
        message: expect.stringMatching(/^link "javascript:alert\(1\)" must be/),
      },
      { file: 'legal/terms.md', key: '## Rules', message: expect.stringMatching(/^heading is not allowed/) },
    ])
  })
})

describe('content/public', () => {
  test('is copied into the built site, folders and all', () => {
    const dir = fixture()
    mkdirSync(join(dir, 'public/.well-known'), { recursive: true })
    writeFileSync(join(dir, 'public/.well-known/assetlinks.json'), '[]')
    writeFileSync(join(dir, 'public/app-ads.txt'), 'example.com, pub-0, DIRECT')
    const out = mkdtempSync(join(tmpdir(), 'content-out-'))
    made.push(out)
    writeFileSync(join(out, 'index.html'), '<!doctype html>')
    expect(copyPublicFiles(dir, out)).toEqual({ copied: ['.well-known/assetlinks.json', 'app-ads.txt'], problems: [] })
    expect(readFileSync(join(out, '.well-known/assetlinks.json'), 'utf8')).toBe('[]')
    expect(existsSync(join(out, '.gitkeep'))).toBe(false)
  })

  test('never overwrites a built file: every clash is named, and nothing is copied', () => {
    const dir = fixture()
    for (const name of ['index.html', 'robots.txt', '_headers', 'app-ads.txt'])
      writeFileSync(join(dir, 'public', name), 'the founder’s')
    const out = mkdtempSync(join(tmpdir(), 'content-out-'))
    made.push(out)
    writeFileSync(join(out, 'index.html'), 'built')
    writeFileSync(join(out, 'robots.txt'), 'built')
    const { copied, problems } = copyPublicFiles(dir, out)
    expect(copied).toEqual([])
    expect(problems.map((p) => p.file)).toEqual(['public/_headers', 'public/index.html', 'public/robots.txt'])
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('built')
    expect(existsSync(join(out, 'app-ads.txt'))).toBe(false)
  })
})

test('content:check prints every problem and fails; the build step fails the same way', { timeout: 60_000 }, () => {
  const dir = fixture((doc) => {
    doc.deleteIn(['texts', 'footer', 'copyright'])
    doc.setIn(['product', 'url'], 'nope')
  })
  for (const command of ['check', 'build']) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/content/cli.ts'), command], {
      env: { ...process.env, CONTENT_DIR: dir },
      encoding: 'utf8',
    })
    expect(r.status, command).toBe(1)
    expect(r.stderr).toContain('The content has 2 problems:')
    expect(r.stderr).toContain('content/site.yaml: product.url: must be an http(s) URL')
    expect(r.stderr).toContain('content/site.yaml: texts.footer.copyright: missing text')
  }
})

test('content:check says which logo file the build uses when both exist', { timeout: 60_000 }, () => {
  const dir = fixture()
  const run = () =>
    spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/content/cli.ts'), 'check'], {
      env: { ...process.env, CONTENT_DIR: dir },
      encoding: 'utf8',
    })
  const brand = join(dir, 'brand')
  // Both files, whichever the content came with: a plain square SVG, the fixture brand's PNG.
  if (!existsSync(join(brand, 'logo.svg')))
    writeFileSync(
      join(brand, 'logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64"/></svg>',
    )
  if (!existsSync(join(brand, 'logo.png')))
    cpSync(join(REPO_ROOT, 'test/fixtures/trailmate/brand/logo.png'), join(brand, 'logo.png'))
  const both = run()
  expect(both.status, both.stderr).toBe(0)
  expect(both.stdout).toContain(
    'content/brand/: logo.svg and logo.png both exist; the build uses brand/logo.svg and ignores brand/logo.png',
  )
  rmSync(join(brand, 'logo.png'))
  const one = run()
  expect(one.status, one.stderr).toBe(0)
  expect(one.stdout).not.toContain('content/brand/')
})

test("editors get a JSON Schema of site.yaml, named on the file's first line", () => {
  const schema = siteJsonSchema() as { properties: Record<string, unknown>; required: string[] }
  expect(Object.keys(schema.properties)).toEqual([
    'product',
    'links',
    'stores',
    'theme',
    'socialProof',
    'legal',
    'locales',
    'directions',
    'numbers',
    'screens',
    'texts',
  ])
  expect(readFileSync(join(DEMO, 'site.yaml'), 'utf8').split('\n')[0]).toBe(
    '# yaml-language-server: $schema=./site.schema.json',
  )
})

// The specification lists the contact form's subjects as value : label. The values are code (they
// are stored); the labels are content, and the demo's English keeps the specification's words.
test("the demo's subject labels are the specification's, and one left out is the shipped default's", () => {
  const demo = loadContent(DEMO).content!
  expect(demo.texts[demo.locales[0]!]!.contact.subjects).toEqual({
    'beta-feedback': 'Beta Feedback',
    'bug-report': 'Bug Report',
    'feature-request': 'Feature Request',
    billing: 'Billing Question',
    general: 'General Inquiry',
    other: 'Other',
  })
  // The demo leaves its subjects to the shipped texts; a founder who wrote them may leave one out.
  const billing = ['texts', 'contact', 'subjects', 'billing']
  const dir = fixture((doc) => void (doc.hasIn(billing) && doc.deleteIn(billing)))
  expect(problems(dir)).toEqual([])
  const first = demo.locales[0]!
  expect(loadContent(dir).content!.texts[first]!.contact.subjects.billing).toBe(
    textAt(defaultTexts(first), 'contact.subjects.billing'),
  )
})

// The footer's ground and a select's menu are derived from the theme (src/shared/theme-shades.ts);
// the check measures the theme's text on them too.
test('text that reads on the page but not on the darker footer is a problem, named by its key', () => {
  const dir = fixture((doc) => {
    doc.setIn(['theme', 'light', 'page'], '#ffffff')
    doc.setIn(['theme', 'light', 'muted'], '#767676')
  })
  expect(problems(dir)).toEqual([
    {
      file: 'site.yaml',
      key: 'theme.light.muted',
      message: expect.stringMatching(/^muted on the footer \(the page, darker\) has a contrast of 4\.\d\d:1/),
    },
  ])
})

// Issue 37: content:check on hostile or damaged files reports a problem naming the file, never a
// stack trace, and never "is fine" for a file the build then fails on.
describe('content:check on bad input', () => {
  const BOMB = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
    'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
    'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
    'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
    'g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]',
  ].join('\n')
  const check = (dir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/content/cli.ts'), 'check'], {
      env: { ...process.env, CONTENT_DIR: dir },
      encoding: 'utf8',
    })

  test(
    'a YAML alias bomb, in site.yaml, a language file or a legal front matter: a problem naming the file',
    // Three runs of content:check, each a process of its own: 68 s at a load average of 24.
    { timeout: 180_000 },
    () => {
      for (const file of ['site.yaml', 'locales/de.yaml']) {
        const dir = fixture()
        writeFileSync(join(dir, file), `${readFileSync(join(dir, file), 'utf8')}\n${BOMB}\n`)
        const r = check(dir)
        expect(r.status, file).toBe(1)
        expect(r.stderr, file).toContain(`content/${file}: its aliases (*name) expand too far`)
        expect(r.stderr, file).not.toMatch(/\n\s+at /)
      }
      const dir = fixture()
      const legal = join(dir, 'legal', 'privacy.md')
      writeFileSync(legal, readFileSync(legal, 'utf8').replace(/^---\n/, `---\n${BOMB}\n`))
      const found = problems(dir)
      expect(found).toContainEqual({
        file: 'legal/privacy.md',
        key: '',
        message: expect.stringMatching(/expand too far/),
      })
    },
  )

  test('a truncated screenshot fails the check, named', { timeout: 60_000 }, () => {
    const dir = fixture()
    const loaded = loadContent(dir).content!
    const name = loaded.screens[0]!.file
    const path = join(dir, 'screens', name)
    const bytes = readFileSync(path)
    writeFileSync(path, bytes.subarray(0, Math.floor(bytes.length / 2)))
    const r = check(dir)
    expect(r.status).toBe(1)
    expect(r.stdout).not.toContain('is fine')
    expect(r.stderr).toMatch(new RegExp(`content/screens/${name}: site\\.yaml screens\\[0\\]: cannot be decoded`))
  })
})
