import { BRAND_LOGO } from '../shared/content.ts'

/**
 * The founder's logo (content/brand/), on the page, the console and the server pages. An SVG is
 * inlined (no request, and the server pages' CSP allows no images), its ids made unique by `id`
 * since a page may show it twice; a PNG is the small copy the build makes (docs/decisions/brand.md).
 */
export function LogoMark({ id, size = 32 }: { id: string; size?: number }) {
  if (BRAND_LOGO.kind === 'png')
    return <img src={BRAND_LOGO.src} alt="" width={size} height={size} className="shrink-0" />
  return (
    <svg
      aria-hidden="true"
      viewBox={BRAND_LOGO.viewBox}
      width={size}
      height={size}
      className="shrink-0"
      dangerouslySetInnerHTML={{ __html: BRAND_LOGO.markup.replaceAll('__ID__', id) }}
    />
  )
}
