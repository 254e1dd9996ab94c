import { expect, test } from 'vitest'
import { PRODUCT, THEME } from '../shared/content.ts'
import { EmailFrame, LOGO_URL, palette, renderParts } from './frame.tsx'

// Every email wears the brand of content/: the logo the build makes from content/brand/, and the
// theme's light colours as literals (docs/decisions/brand.md).

test("an email shows the logo from the published site, named for blocked images, and the theme's colours", async () => {
  const { html, text } = await renderParts(
    's',
    <EmailFrame title="Hello" preview="p" size="visitor">
      <p>Body</p>
    </EmailFrame>,
  )
  expect(LOGO_URL).toBe(`${PRODUCT.url}/icon-192.png`)
  expect(html).toMatch(new RegExp(`<img[^>]*alt="${PRODUCT.name}"[^>]*src="${LOGO_URL}"|<img[^>]*src="${LOGO_URL}"`))
  expect(html).toContain(THEME.light.page)
  expect(html).toContain(THEME.light.text)
  expect(palette).toMatchObject({ brand: THEME.light.brand, link: THEME.light.link, page: THEME.light.page })
  expect(text).not.toContain(LOGO_URL)
})
