import { expect, test } from 'vitest'
import { eagerImages } from '../bench/bundle.ts'

// A browser that reads AVIF fetches a <picture>'s AVIF, never its <img> WebP fallback: the
// first view's bytes count the one and report the other apart.
test("a picture counts its AVIF of the fallback's width; the WebP fallback is listed apart", () => {
  const html =
    '<picture><source type="image/avif" srcSet="/a-240.avif 240w, /a-480.avif 480w"/>' +
    '<source type="image/webp" srcSet="/a-240.webp 240w, /a-480.webp 480w"/><img src="/a-480.webp" alt=""/></picture>' +
    '<img src="/logo.png" alt=""/><img src="/below.png" loading="lazy" alt=""/>' +
    '<picture><source type="image/avif" srcSet="/b-480.avif 480w"/><img src="/b.webp" loading="lazy" alt=""/></picture>'
  expect(eagerImages(html)).toEqual({ fetched: ['a-480.avif', 'logo.png'], fallbacks: ['a-480.webp'] })
})
