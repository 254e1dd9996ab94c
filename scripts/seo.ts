// Search and sharing metadata, all derived from the founder's content (src/shared/content.ts),
// so a copy change or a new domain never leaves a stale tag, sitemap or manifest behind.
import { shareImageFile } from '../src/content/brand-assets.ts'
import { SHARE_SIZE } from '../src/content/share-layout.ts'
import {
  DEFAULT_LOCALE,
  HERO_TEXTS,
  LOCALES,
  PRODUCT,
  PRODUCT_NAMES,
  SITE_TEXTS,
  STORES,
  themeColour,
  themeColourMetas,
  type Locale,
} from '../src/shared/content.ts'
import { legalPath, localeRoot, type LegalPageName } from '../src/shared/locales.ts'
import type { HeadLink } from '../src/server/http/server-page.tsx'

/** The Open Graph / Twitter card picture (made from content/ at build: src/content/brand-assets.ts), the default language's. */
export const SHARE_IMAGE = { path: `/${shareImageFile(DEFAULT_LOCALE)}`, ...SHARE_SIZE } as const

/** Each language's page shows its own card, in its own words. */
export const shareImagePath = (locale: Locale): string => `/${shareImageFile(locale)}`

/**
 * The build's public origin: VITE_SITE_URL, else content's product.url. Static hosts serve it as
 * built; the Node server names PUBLIC_URL's instead when that is set (scripts/public-origin.ts).
 */
export function siteUrl(env: Record<string, string | undefined> = process.env): string {
  const raw = env.VITE_SITE_URL || PRODUCT.url
  const url = new URL(raw)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`VITE_SITE_URL must be http(s): ${raw}`)
  return url.origin
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** JSON inside <script> must not be able to close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** A language's page as an absolute URL: `https://…/` for the default, `https://…/de/` for the others. */
export const pageUrl = (origin: string, locale: Locale): string => `${origin}${localeRoot(locale)}`

/** Open Graph's locale form (`de_DE`); a tag with its own region keeps it (`de-AT` → `de_AT`). */
function ogLocale(locale: string): string {
  const full = new Intl.Locale(locale).maximize()
  return `${full.language}_${full.region ?? full.language.toUpperCase()}`
}

/** Where one page is in each language, as an absolute URL (`pageUrl`, or a legal page's). */
export type PageUrls = (locale: Locale) => string

/**
 * Every language's version of a page named to search engines from each of them, with `x-default`
 * for visitors whose language the site does not have: the default language's version. One language
 * has no alternates to name.
 */
export function alternates(url: PageUrls): { hreflang: string; href: string }[] {
  if (LOCALES.length < 2) return []
  return [...LOCALES.map((l) => ({ hreflang: l, href: url(l) })), { hreflang: 'x-default', href: url(DEFAULT_LOCALE) }]
}

/** A page's canonical URL (itself, in its language) and its alternates, for its `<head>`. */
export function headLinks(url: PageUrls, locale: Locale): HeadLink[] {
  return [{ rel: 'canonical', href: url(locale) }, ...alternates(url).map((a) => ({ rel: 'alternate' as const, ...a }))]
}

export function jsonLd(origin: string, locale: Locale = DEFAULT_LOCALE): Record<string, unknown> {
  const site = SITE_TEXTS[locale]
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: PRODUCT_NAMES[locale],
    description: site.description,
    url: pageUrl(origin, locale),
    image: `${origin}${shareImagePath(locale)}`,
    applicationCategory: PRODUCT.category,
    operatingSystem: 'iOS, Android',
    // "Free during beta": a zero-price offer, no other pricing (spec §1).
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD', availability: 'https://schema.org/PreOrder' },
  }
}

/**
 * Safari's Smart App Banner once the App Store is live (content:check makes `appId` exist then):
 * iOS shows "Open" when the app is installed, "Get" otherwise. Nothing while the app is in beta.
 */
export function smartAppBanner(): string[] {
  const appStore = STORES.appStore
  return appStore?.live && appStore.appId ? [`app-id=${appStore.appId}`] : []
}

/** Tags for <head>: canonical, the Smart App Banner, manifest, Open Graph, Twitter card and JSON-LD. */
export function headTags(origin: string, locale: Locale = DEFAULT_LOCALE): string {
  const site = SITE_TEXTS[locale]
  const image = `${origin}${shareImagePath(locale)}`
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${attr(content)}" />`
  const url = pageUrl(origin, locale)
  return [
    ...themeColourMetas().map(
      (m) => `<meta name="${m.name}"${m.media ? ` media="${m.media}"` : ''} content="${attr(m.content)}" />`,
    ),
    ...headLinks((l) => pageUrl(origin, l), locale).map(
      (link) =>
        `<link rel="${link.rel}"${link.hreflang ? ` hreflang="${link.hreflang}"` : ''} href="${attr(link.href)}" />`,
    ),
    `<link rel="manifest" href="/site.webmanifest" />`,
    ...smartAppBanner().map((content) => meta('name', 'apple-itunes-app', content)),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', PRODUCT_NAMES[locale]),
    meta('property', 'og:title', site.title),
    meta('property', 'og:description', site.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', ogLocale(locale)),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    meta('property', 'og:image:alt', site.shareImageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', site.title),
    meta('name', 'twitter:description', site.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', site.shareImageAlt),
    `<script type="application/ld+json">${jsonForScript(jsonLd(origin, locale))}</script>`,
  ].join('\n    ')
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /rest/\nDisallow: /functions/\nDisallow: /unsubscribe\nDisallow: /admin\n\nSitemap: ${origin}/sitemap.xml\n`
}

/**
 * Each language's page, each listing every language's page as its alternate (Google's sitemap
 * form of hreflang), then each legal page (`legal`: their names) in every language with the same
 * alternates; lastmod is the build date, so a redeploy tells crawlers to look again.
 */
export function sitemapXml(origin: string, built: Date, legal: readonly LegalPageName[] = []): string {
  const day = built.toISOString().slice(0, 10)
  const links = (url: PageUrls) =>
    alternates(url).map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${attr(a.href)}"/>`)
  const entries = (url: PageUrls) =>
    LOCALES.flatMap((l) => [
      '  <url>',
      `    <loc>${attr(url(l))}</loc>`,
      `    <lastmod>${day}</lastmod>`,
      ...links(url),
      '  </url>',
    ])
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries((l) => pageUrl(origin, l)),
    ...legal.flatMap((name) => entries((l) => `${origin}${legalPath(name, l)}`)),
    '</urlset>',
    '',
  ].join('\n')
}

export function webManifest(locale: Locale = DEFAULT_LOCALE): string {
  return `${JSON.stringify(
    {
      name: SITE_TEXTS[locale].title,
      short_name: PRODUCT.shortName,
      description: HERO_TEXTS[locale].subline,
      lang: locale,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: themeColour(),
      theme_color: themeColour(),
      icons: [
        { src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' },
        { src: '/icon-192.png', type: 'image/png', sizes: '192x192' },
        { src: '/icon-512.png', type: 'image/png', sizes: '512x512' },
        { src: '/icon-maskable-512.png', type: 'image/png', sizes: '512x512', purpose: 'maskable' },
      ],
    },
    null,
    2,
  )}\n`
}
