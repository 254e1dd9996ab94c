import { LINKS, PRODUCT_DIRECTORY_TEXTS, type Locale } from '../../shared/content.ts'

/**
 * The product-directory badge, drawn inline (it was an SVG file behind an <img>): the header
 * paints from the document alone, with no request before the first paint. Replace it
 * with the directory's own badge on launch day. Its text takes the page's font (`--font-sans`);
 * `text-rendering` is reset from the body's optimizeLegibility, which the SVG file never had.
 */
export function ProductDirectoryBadge({ locale, className }: { locale: Locale; className?: string }) {
  const texts = PRODUCT_DIRECTORY_TEXTS[locale]
  // The header draws the badge only when links.productDirectory is set; the check holds its texts then.
  if (!LINKS.productDirectory || !texts) return null
  const { width, height } = LINKS.productDirectory
  return (
    <svg
      role="img"
      aria-label={texts.alt}
      className={className}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      textRendering="auto"
    >
      <defs>
        <linearGradient id="product-directory-badge" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f97316" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <rect x="0.5" y="0.5" width="249" height="53" rx="10" fill="#ffffff" stroke="#e2e8f0" />
      <circle cx="29" cy="27" r="17" fill="url(#product-directory-badge)" />
      <path d="M29 17.5l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L29 32.3l-5.8 3.1 1.1-6.5-4.7-4.6 6.5-.9z" fill="#fff" />
      <text x="56" y="22" fontSize="9.5" fontWeight="700" letterSpacing="1.2" fill="#475569">
        {texts.eyebrow}
      </text>
      <text x="56" y="41" fontSize="16" fontWeight="700" fill="#0f172a">
        {texts.name}
      </text>
      <path
        d="M229 21l6 6-6 6"
        fill="none"
        stroke="#94a3b8"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
