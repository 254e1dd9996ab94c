import sharp from 'sharp'
import { expect, test } from 'vitest'
import { TOKENS, PAGE_SCHEME } from '../shared/design-tokens.ts'
import { brandFiles, SHARE_SIZE, wrap } from './brand-assets.ts'
import { parseColour } from './contrast.ts'

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

test("the share image's headline wraps by words", () => {
  expect(wrap('Your freelance work, finally under control', 26)).toEqual([
    'Your freelance work,',
    'finally under control',
  ])
})
