import sharp from 'sharp'
import { expect, test } from 'vitest'
import { TOKENS, PAGE_SCHEME } from '../shared/design-tokens.ts'
import { brandFiles, defaultShareTexts, shareSvg } from './brand-assets.ts'
import { SHARE_SIZE, shareLayout, shareTextsOf, type ShareTexts } from './share-layout.ts'
import { DEFAULT_LOCALE, PRODUCT, texts as textsOf } from '../shared/content.ts'
import { ShareTextError, textWidth } from './share-text.ts'
import { parseColour } from '../shared/contrast.ts'

// Every icon and the share image come from content/brand/ at build (docs/decisions/brand.md).

test('the build makes every icon at its size and the share image from the logo', { timeout: 30_000 }, async () => {
  const files = await brandFiles()
  const sizes: Record<string, number> = {
    'favicon-32.png': 32,
    'apple-touch-icon.png': 180,
    'icon-192.png': 192,
    'icon-512.png': 512,
    'icon-maskable-512.png': 512,
  }
  for (const [name, size] of Object.entries(sizes)) {
    const meta = await sharp(files[name] as Buffer).metadata()
    expect([meta.format, meta.width, meta.height], name).toEqual(['png', size, size])
  }
  const share = await sharp(files['og-image.png'] as Buffer).metadata()
  expect([share.width, share.height]).toEqual([SHARE_SIZE.width, SHARE_SIZE.height])
  expect(String(files['favicon.svg'])).toMatch(/^<svg[\s\S]*<\/svg>$/)

  // Home screens fill transparency black: the touch and maskable icons stand on the page's colour.
  const corner = await sharp(files['icon-maskable-512.png'] as Buffer)
    .extract({ left: 0, top: 0, width: 1, height: 1 })
    .raw()
    .toBuffer()
  const { r, g, b } = parseColour(TOKENS[PAGE_SCHEME].page)
  expect([...corner.subarray(0, 3)]).toEqual([r, g, b])
})

// The card is 1200 px wide with 80 px margins: every line of text must end by x = 1120.
const TEXT_WIDTH = SHARE_SIZE.width - 160

/** Fixture texts, not the content's: a founder's longer words, as in issue 38. */
const LONG: Pick<ShareTexts, 'headline' | 'headlineAccent'> = {
  headline: 'Every lesson, every new word and every streak of your language learning, finally in one calm place',
  headlineAccent: 'finally in one calm place',
}

test("the content's share texts fit, whole, each line within the card", { timeout: 30_000 }, async () => {
  const texts = defaultShareTexts()
  const layout = await shareLayout(texts)
  expect(layout.headline.lines.join(' ')).toBe(texts.headline.trim().split(/\s+/).join(' '))
  expect(layout.promises.lines.join(' ')).toBe(texts.promises.trim().split(/\s+/).join(' '))
  for (const line of layout.headline.lines)
    expect(await textWidth(line, layout.headline.size, { weight: 700, letterSpacing: -1 })).toBeLessThanOrEqual(
      TEXT_WIDTH,
    )
})

test(
  'a long headline wraps to three lines and shrinks, losing no word; a long promise line wraps',
  {
    timeout: 30_000,
  },
  async () => {
    const texts = {
      ...defaultShareTexts(),
      ...LONG,
      promises:
        'Free during the beta · No spam, ever · One email when your invitation is ready · Leave whenever you like',
    }
    const layout = await shareLayout(texts)
    expect(layout.headline.lines.length).toBe(3)
    expect(layout.headline.size).toBeLessThan(64)
    expect(layout.headline.lines.join(' ')).toBe(LONG.headline)
    for (const line of layout.headline.lines)
      expect(await textWidth(line, layout.headline.size, { weight: 700, letterSpacing: -1 })).toBeLessThanOrEqual(
        TEXT_WIDTH,
      )
    expect(layout.promises.lines.length).toBe(2)
    expect(layout.promises.lines.join(' ')).toBe(texts.promises)
    for (const line of layout.promises.lines)
      expect(await textWidth(line, layout.promises.size, { weight: 400 })).toBeLessThanOrEqual(TEXT_WIDTH)
    // The accent's words keep their tint on whichever line they land.
    const svg = await shareSvg(texts, 'data:,')
    for (const word of LONG.headlineAccent.split(' ')) expect(svg).toContain(`>${word}</tspan>`)
    const png = await sharp(Buffer.from(svg)).png().toBuffer()
    expect(await sharp(png).metadata()).toMatchObject({ width: SHARE_SIZE.width, height: SHARE_SIZE.height })
  },
)

test('a long name shrinks beside the badge, never under it', { timeout: 30_000 }, async () => {
  const texts = { ...defaultShareTexts(), name: 'Lingualeap Language Companion' }
  const { name, badge } = await shareLayout(texts)
  const nameEnd = 172 + (await textWidth(name.lines[0]!, name.size, { weight: 700 }))
  const badgeStart = 1120 - (await textWidth(badge.lines[0]!, badge.size, { weight: 700, letterSpacing: 2 }))
  expect(nameEnd).toBeLessThan(badgeStart)
})

test(
  'a headline that cannot fit even at the smallest size fails the build, naming the text',
  {
    timeout: 30_000,
  },
  async () => {
    const headline = `${LONG.headline}, ${LONG.headline}`
    const failed = await shareLayout({ ...defaultShareTexts(), headline, headlineAccent: LONG.headlineAccent }).then(
      () => null,
      (err: unknown) => err,
    )
    expect(failed).toBeInstanceOf(ShareTextError)
    expect((failed as Error).message).toContain('content/site.yaml: texts.hero.headline: too long for the share image')
  },
)

test('once both stores are live the card drops the beta badge and promises for the live intro', async () => {
  const texts = textsOf(DEFAULT_LOCALE)
  const beta = shareTextsOf(PRODUCT.name, texts, false)
  const live = shareTextsOf(PRODUCT.name, texts, true)
  expect(beta.badge).toBe(texts.header.betaBadge)
  expect(live.badge).toBe('')
  expect(live.promises).toBe(texts.stores.liveIntro ?? texts.signup.intro)
  expect(live.promises).not.toContain(texts.signup.reassurance[0]!)
  const svg = await shareSvg(live, 'data:,')
  expect(svg).not.toContain(`>${texts.header.betaBadge}<`)
  const layout = await shareLayout(live)
  expect(layout.badge.lines).toEqual([])
  expect(layout.promises.lines.join(' ')).toBe(live.promises.trim().split(/\s+/).join(' '))
})
