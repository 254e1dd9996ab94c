/**
 * One of the hero's phone screenshots as the page shows it: the build (src/content/screen-images.ts)
 * makes the variants and hands the page this through `virtual:screen-images`. Its texts (alt,
 * caption) are texts of the content module, per language (`HERO_TEXTS[locale].screens`), in the same order.
 */
export type ScreenImage = {
  /** Its file in content/screens/. */
  file: string
  /** The screenshot's own size in pixels: the <img>'s width and height, so its box is kept before it loads. */
  width: number
  height: number
  /** For a browser that reads neither <source>: the WebP at 480 px. */
  src: string
  /** AVIF first, then WebP, each at every width (`srcset` with `w` descriptors). */
  sources: { type: 'image/avif' | 'image/webp'; srcset: string }[]
}
