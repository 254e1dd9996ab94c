import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { parseDocument } from 'yaml'
import { buttonsOf, contrastRatio, gradientColours, gradientRatio, onAccentOf, onBrandOf } from '../shared/contrast.ts'
import { checkContent } from './checks.ts'
import { lucideIconNames, nearestNames } from './icons.ts'
import { loadContent, REPO_ROOT } from './load.ts'
import { moduleSource } from './generate.ts'
import type { Problem } from './problems.ts'

// Issue 38, "every brand wish is content": the text on the brand, the features' icons, the
// avatars, the directory badge and the social networks, each on a copy of the demo (test/fixtures/demo)
// with one wish changed, so the tests hold whatever the demo says.

/** The demo's copy, not content/: a founder's own folder changes none of these tests. */
const DEMO = join(REPO_ROOT, 'test', 'fixtures', 'demo')
const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function fixture(edit: (doc: ReturnType<typeof parseDocument>, dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'brand-wishes-'))
  made.push(dir)
  cpSync(DEMO, dir, { recursive: true })
  const doc = parseDocument(readFileSync(join(dir, 'site.yaml'), 'utf8'))
  edit(doc, dir)
  writeFileSync(join(dir, 'site.yaml'), doc.toString())
  return dir
}

function check(dir: string): { problems: Problem[]; content: ReturnType<typeof loadContent>['content'] } {
  const loaded = loadContent(dir)
  const problems = loaded.content ? [...loaded.problems, ...checkContent(loaded.content, dir)] : loaded.problems
  return { problems, content: loaded.content }
}

const YELLOW = '#facc15'
const AMBER = '#f59e0b'

describe('the text on the brand', () => {
  test('auto picks white on the demo and the dark text on a yellow brand, and both pass', () => {
    const demo = check(DEMO).content!
    expect(onBrandOf(demo.theme, 'dark')).toBe('#ffffff')
    const dir = fixture((doc) => {
      for (const scheme of ['light', 'dark']) {
        doc.setIn(['theme', scheme, 'brand'], YELLOW)
        doc.setIn(['theme', scheme, 'accent'], AMBER)
      }
    })
    const { problems, content } = check(dir)
    expect(problems).toEqual([])
    for (const scheme of ['light', 'dark'] as const) {
      const text = onBrandOf(content!.theme, scheme)
      expect(buttonsOf(content!.theme, scheme).fill).toBe('gradient')
      expect(text).toBe(content!.theme.light.text)
      expect(contrastRatio(text, YELLOW)).toBeGreaterThanOrEqual(4.5)
    }
  })

  test('white forced on yellow fails, with each choice’s ratio and the fix', () => {
    const dir = fixture((doc) => {
      doc.setIn(['theme', 'light', 'brand'], YELLOW)
      doc.setIn(['theme', 'light', 'accent'], AMBER)
      doc.setIn(['theme', 'light', 'onBrand'], 'light')
    })
    const { problems } = check(dir)
    expect(problems).toEqual([
      {
        file: 'site.yaml',
        key: 'theme.light.onBrand',
        message: expect.stringMatching(
          /^the text on the brand #facc15 \(onBrand: light\) is below WCAG AA's 4\.5:1: white 1\.\d\d:1, dark text .*Fix: set theme\.light\.onBrand to dark or auto$/,
        ),
      },
    ])
  })

  test('a brand that neither white nor dark text reads on is named, with both ratios', () => {
    const dir = fixture((doc) => doc.setIn(['theme', 'dark', 'brand'], '#787878'))
    expect(check(dir).problems).toEqual([
      {
        file: 'site.yaml',
        key: 'theme.dark.brand',
        message: expect.stringMatching(
          /^the text on the brand #787878 \(onBrand: auto\).*white 4\.\d\d:1, dark text \(theme\.light\.text #[0-9a-f]{6}\) [1-4]\.\d\d:1\. Fix: make theme\.dark\.brand darker \(for white text\) or lighter \(for dark text\)$/,
        ),
      },
    ])
  })

  test('a light brand with a dark accent passes: solid buttons, dark text on the brand, white on the accent', () => {
    const [MINT, INK] = ['#6ee7b7', '#111827']
    const dir = fixture((doc) => {
      for (const scheme of ['light', 'dark']) {
        doc.setIn(['theme', scheme, 'brand'], MINT)
        doc.setIn(['theme', scheme, 'accent'], INK)
      }
    })
    const { problems, content } = check(dir)
    expect(problems).toEqual([])
    for (const scheme of ['light', 'dark'] as const) {
      expect(buttonsOf(content!.theme, scheme)).toEqual({ fill: 'solid', text: content!.theme.light.text })
      expect(onAccentOf(content!.theme, scheme)).toBe('#ffffff')
      expect(contrastRatio(onBrandOf(content!.theme, scheme), MINT)).toBeGreaterThanOrEqual(4.5)
    }
  })

  test('a gradient forced where no text reads end to end names theme.buttons and the fix', () => {
    const dir = fixture((doc) => {
      doc.setIn(['theme', 'buttons'], 'gradient')
      doc.setIn(['theme', 'light', 'brand'], '#6ee7b7')
      doc.setIn(['theme', 'light', 'accent'], '#111827')
    })
    expect(check(dir).problems).toEqual([
      {
        file: 'site.yaml',
        key: 'theme.buttons',
        message: expect.stringMatching(
          /^the buttons' gradient from brand #6ee7b7 to accent #111827 has no text that reaches WCAG AA's 4\.5:1 end to end \(lowest: white 1\.\d\d:1, dark text .*\)\. Fix: set theme\.buttons to solid or auto/,
        ),
      },
    ])
  })

  test('solid buttons on request: the accent then carries no text and is not checked', () => {
    const dir = fixture((doc) => {
      doc.setIn(['theme', 'buttons'], 'solid')
      doc.setIn(['theme', 'dark', 'accent'], '#808080')
    })
    const { problems, content } = check(dir)
    expect(problems).toEqual([])
    expect(buttonsOf(content!.theme, 'dark').fill).toBe('solid')
  })

  test('the gradient is checked along its length, not only at its ends', () => {
    // Red to green: both ends keep dark text above 4.5:1, the sRGB middle (olive) does not.
    const palette = { ...check(DEMO).content!.theme.light, brand: '#ff6b6b', accent: '#3ddc84' }
    const ink = '#000000'
    const ends = Math.min(contrastRatio(ink, palette.brand), contrastRatio(ink, palette.accent))
    expect(gradientRatio(ink, palette)).toBeLessThan(ends)
    expect(gradientColours('#000000', '#ffffff')).toContain('#808080')
  })

  test('an unknown onBrand, onAccent or buttons is a schema problem', () => {
    const dir = fixture((doc) => {
      doc.setIn(['theme', 'dark', 'onBrand'], 'black')
      doc.setIn(['theme', 'light', 'onAccent'], 'white')
      doc.setIn(['theme', 'buttons'], 'striped')
    })
    expect(check(dir).problems).toEqual(
      expect.arrayContaining([
        { file: 'site.yaml', key: 'theme.dark.onBrand', message: 'must be auto, light or dark' },
        { file: 'site.yaml', key: 'theme.light.onAccent', message: 'must be auto, light or dark' },
        { file: 'site.yaml', key: 'theme.buttons', message: 'must be auto, gradient or solid' },
      ]),
    )
  })
})

describe('feature icons', () => {
  test('a Lucide name is drawn from the library: only the chosen icons reach the generated module', () => {
    const dir = fixture((doc) => {
      doc.setIn(['texts', 'features', 'cards', 0, 'icon'], 'wallet')
      doc.setIn(['texts', 'features', 'cards', 1, 'icon'], 'calendar-check')
    })
    const { problems, content } = check(dir)
    expect(problems).toEqual([])
    const lucide = readFileSync(join(REPO_ROOT, 'node_modules/lucide-static/icons/wallet.svg'), 'utf8')
    const firstPath = /<path d="([^"]+)"/.exec(lucide)![1]!
    expect(content!.featureIcons.clients!.markup).toContain(firstPath)
    expect(content!.featureIcons.clients!.viewBox).toBe('0 0 24 24')
    // The library's root attributes (stroke-width 2) are the page frame's to set.
    expect(content!.featureIcons.clients!.markup).not.toMatch(/stroke-width|class=/)
    const source = moduleSource(content!, dir)
    expect(source).toContain(firstPath)
    const banana = /<path d="([^"]+)"/.exec(
      readFileSync(join(REPO_ROOT, 'node_modules/lucide-static/icons/banana.svg'), 'utf8'),
    )![1]!
    expect(source).not.toContain(banana)
    // The texts carry no icon: it is site.yaml's choice, generated once.
    expect(source).not.toMatch(/"icon": "wallet"/)
  })

  test('an unknown name names the file and key, with the nearest names', () => {
    expect(lucideIconNames().length).toBeGreaterThan(1000)
    expect(nearestNames('walet', lucideIconNames())).toContain('wallet')
    const dir = fixture((doc) => doc.setIn(['texts', 'features', 'cards', 2, 'icon'], 'walet'))
    expect(check(dir).problems).toEqual([
      {
        file: 'site.yaml',
        key: 'texts.features.cards[2].icon',
        message: expect.stringMatching(/^no Lucide icon is named "walet": did you mean wallet/),
      },
    ])
  })

  test("the founder's own SVG is checked: missing, outside content/, with a script, a style or an external link", () => {
    const dir = fixture((doc, d) => {
      mkdirSync(join(d, 'brand/icons'), { recursive: true })
      writeFileSync(
        join(d, 'brand/icons/bad.svg'),
        '<svg viewBox="0 0 24 24"><path d="M1 1h2" onclick="alert(1)"/></svg>',
      )
      writeFileSync(
        join(d, 'brand/icons/styled.svg'),
        '<svg viewBox="0 0 24 24"><path style="fill:red" d="M1 1"/></svg>',
      )
      writeFileSync(
        join(d, 'brand/icons/linked.svg'),
        '<svg viewBox="0 0 24 24"><image href="https://example.com/x.png"/></svg>',
      )
      doc.setIn(['texts', 'features', 'cards', 0, 'icon'], './brand/icons/bad.svg')
      doc.setIn(['texts', 'features', 'cards', 1, 'icon'], './brand/icons/none.svg')
      doc.setIn(['texts', 'features', 'cards', 2, 'icon'], '../outside.svg')
    })
    expect(check(dir).problems).toEqual([
      {
        file: 'site.yaml',
        key: 'texts.features.cards[0].icon',
        message: 'brand/icons/bad.svg has a script or an event handler: remove it',
      },
      { file: 'site.yaml', key: 'texts.features.cards[1].icon', message: 'brand/icons/none.svg is missing' },
      {
        file: 'site.yaml',
        key: 'texts.features.cards[2].icon',
        message: expect.stringMatching(/inside the content folder/),
      },
    ])
    const again = fixture((doc, d) => {
      mkdirSync(join(d, 'brand/icons'), { recursive: true })
      writeFileSync(
        join(d, 'brand/icons/styled.svg'),
        '<svg viewBox="0 0 24 24"><path style="fill:red" d="M1 1"/></svg>',
      )
      writeFileSync(
        join(d, 'brand/icons/linked.svg'),
        '<svg viewBox="0 0 24 24"><image href="https://example.com/x.png"/></svg>',
      )
      doc.setIn(['texts', 'features', 'cards', 0, 'icon'], './brand/icons/styled.svg')
      doc.setIn(['texts', 'features', 'cards', 1, 'icon'], './brand/icons/linked.svg')
    })
    expect(check(again).problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/styled\.svg has style attributes/),
      expect.stringMatching(/linked\.svg loads or links something else/),
    ])
  })

  test('a card without an icon, and an icon in a further language, are problems', () => {
    const dir = fixture((doc, d) => {
      doc.deleteIn(['texts', 'features', 'cards', 1, 'icon'])
      const de = join(d, 'locales/de.yaml')
      const deDoc = parseDocument(readFileSync(de, 'utf8'))
      deDoc.setIn(['texts', 'features', 'cards', 0, 'icon'], 'wallet')
      writeFileSync(de, deDoc.toString())
    })
    expect(check(dir).problems).toEqual([
      { file: 'site.yaml', key: 'texts.features.cards[1].icon', message: expect.stringMatching(/^missing icon/) },
      {
        file: 'locales/de.yaml',
        key: 'texts.features.cards[0].icon',
        message: expect.stringMatching(/chosen in site\.yaml only/),
      },
    ])
  })
})

describe('avatars, the directory badge and the social networks', () => {
  test('socialProof: false, or absent, shows no avatars; bad initials are named', () => {
    const off = check(fixture((doc) => doc.set('socialProof', false)))
    expect(off.problems).toEqual([])
    expect(off.content!.socialProof).toBeNull()
    expect(check(fixture((doc) => doc.delete('socialProof'))).content!.socialProof).toBeNull()
    const bad = fixture((doc) => doc.setIn(['socialProof', 'avatars', 1, 'initials'], 'ABC'))
    expect(check(bad).problems).toEqual([
      { file: 'site.yaml', key: 'socialProof.avatars[1].initials', message: 'one or two letters' },
    ])
  })

  test('the directory badge is optional; when set, every language needs its words', () => {
    const none = check(
      fixture((doc, d) => {
        doc.deleteIn(['links', 'productDirectory'])
        doc.deleteIn(['texts', 'productDirectory'])
        const de = join(d, 'locales/de.yaml')
        const deDoc = parseDocument(readFileSync(de, 'utf8'))
        deDoc.deleteIn(['texts', 'productDirectory'])
        writeFileSync(de, deDoc.toString())
      }),
    )
    expect(none.problems).toEqual([])
    expect(none.content!.links.productDirectory).toBeUndefined()
    const wordless = fixture((doc) => doc.deleteIn(['texts', 'productDirectory']))
    expect(check(wordless).problems).toEqual([
      { file: 'site.yaml', key: 'texts.productDirectory', message: expect.stringMatching(/^missing texts/) },
    ])
  })

  test('every common network has its glyph; an unknown one and a link without its name are problems', () => {
    const networks = [
      'x',
      'linkedin',
      'instagram',
      'tiktok',
      'youtube',
      'github',
      'discord',
      'mastodon',
      'bluesky',
      'threads',
    ]
    const all = fixture((doc, d) => {
      doc.setIn(
        ['links', 'social'],
        networks.map((id) => ({ id, href: `https://example.com/${id}` })),
      )
      const de = join(d, 'locales/de.yaml')
      const deDoc = parseDocument(readFileSync(de, 'utf8'))
      for (const id of networks) {
        doc.setIn(['texts', 'social', id], `{product} on ${id}`)
        deDoc.setIn(['texts', 'social', id], `{product} bei ${id}`)
      }
      writeFileSync(de, deDoc.toString())
    })
    const { problems, content } = check(all)
    expect(problems).toEqual([])
    const glyphs = content!.links.social.map((l) => l.icon.markup)
    expect(new Set(glyphs).size).toBe(networks.length)
    for (const g of glyphs) expect(g).toMatch(/^<path d="M[^"]{20,}"\/>$/)

    const wrong = fixture((doc) => doc.setIn(['links', 'social', 0, 'id'], 'myspace'))
    expect(check(wrong).problems).toEqual([
      { file: 'site.yaml', key: 'links.social[0].id', message: expect.stringMatching(/^must be one of x, linkedin/) },
    ])
    const unnamed = fixture((doc) => doc.setIn(['links', 'social', 0, 'id'], 'tiktok'))
    expect(check(unnamed).problems).toEqual([
      { file: 'site.yaml', key: 'texts.social.tiktok', message: 'missing text' },
      { file: 'locales/de.yaml', key: 'texts.social.tiktok', message: 'missing text' },
    ])
  })
})
