import type { Context } from 'hono'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { DEFAULT_LOCALE, PRODUCT_NAMES, themeColourMetas, type Locale } from '../../shared/content.ts'
import { scriptDirection } from '../../shared/direction.ts'
import { directionOf, localeRoot } from '../../shared/locales.ts'
import { LogoMark } from '../../ui/logo-mark.tsx'

// The shell of the server's own small pages (unsubscribe and confirmation, the /beta pages, the
// console's sign-in link): React components rendered to static markup, so every text and
// attribute is escaped by construction; one layout, one stylesheet, one way to send them.

/**
 * Strict: no script at all, styles only from our own stylesheet, images (a PNG logo) only ours,
 * forms only to us.
 */
export const PAGE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

/**
 * Built by Vite and Tailwind from server-page.css beside this file (vite.server-page.config.ts)
 * into dist/client, and served there like any other file of the build, static hosts included.
 */
export const SERVER_PAGE_STYLESHEET = '/server-page.css'

/**
 * The icons every page links, as the landing page's index.html does (its SVG one inlined at
 * build): a page that links none makes the browser ask for /favicon.ico, which no build has.
 * Made from content/brand/ at build (src/content/brand-assets.ts).
 */
const ICON_LINKS = [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon-32.png', type: 'image/png', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
] as const

/** A `<link>` naming where a page is: its canonical URL, or its version in another language. */
export type HeadLink = { rel: 'canonical' | 'alternate'; href: string; hreflang?: string }

/**
 * The layout: the logo and the product's name as the link home (the page in `locale`), the page's
 * title, one stylesheet.
 * No script, but for the static hosts' /unsubscribe (`script`, from our origin: scripts/static-host.ts).
 */
export function ServerPage({
  title,
  script,
  indexed = false,
  locale = DEFAULT_LOCALE,
  lang,
  links = [],
  children,
}: {
  title: string
  /**
   * The language of the page's words when they are none of the site's texts (the owner's sign-in
   * pages are written in English, as the console is): its `lang` and its direction.
   */
  lang?: string
  /** The language of the page's words: the person's own on the pages their links open. */
  locale?: Locale
  script?: string
  /** The legal pages are public documents for search and the stores; the rest are not indexed. */
  indexed?: boolean
  /** The indexed pages' canonical URL and alternates (absolute; scripts/seo.ts `headLinks`). */
  links?: readonly HeadLink[]
  children: ReactNode
}) {
  return (
    <html lang={lang ?? locale} dir={lang ? scriptDirection(lang) : directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {themeColourMetas().map((m) => (
          <meta key={`${m.name} ${m.media ?? ''}`} name={m.name} media={m.media} content={m.content} />
        ))}
        {indexed ? null : <meta name="robots" content="noindex" />}
        <title>{`${title} · ${PRODUCT_NAMES[locale]}`}</title>
        {links.map((link) => (
          <link key={`${link.rel} ${link.hreflang ?? ''}`} rel={link.rel} hrefLang={link.hreflang} href={link.href} />
        ))}
        {ICON_LINKS.map((icon) => (
          <link key={icon.href} {...icon} />
        ))}
        <link rel="stylesheet" href={SERVER_PAGE_STYLESHEET} />
        {script ? <script type="module" src={script} /> : null}
      </head>
      <body>
        <header>
          <a href={localeRoot(locale)} className="home">
            <LogoMark id="logo" size={28} />
            <span>{PRODUCT_NAMES[locale]}</span>
          </a>
        </header>
        <main>{children}</main>
      </body>
    </html>
  )
}

/** A page as the HTML document a browser gets. */
export function renderPage(page: ReactNode): string {
  return `<!doctype html>\n${renderToStaticMarkup(page)}\n`
}

type PageOptions = {
  /**
   * `no-referrer` (the default) keeps a token in the address out of Referer headers. The sign-in
   * page needs `same-origin`: with no-referrer its button's POST would carry `Origin: null`.
   */
  referrerPolicy?: 'no-referrer' | 'same-origin'
}

/**
 * Sends a server page with its headers: the strict CSP, never stored, no referrer, not indexed,
 * and its language (the layout's `<html lang>`, region included) as Content-Language.
 */
export function sendPage(
  c: Context,
  page: ReactNode,
  status: 200 | 400 | 404 | 413 | 429 | 500 | 503,
  options: PageOptions = {},
): Response {
  const html = renderPage(page)
  const lang = /^<!doctype html>\n<html lang="([^"]+)"/.exec(html)?.[1]
  if (lang) c.header('Content-Language', lang)
  c.header('Content-Security-Policy', PAGE_CSP)
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', options.referrerPolicy ?? 'no-referrer')
  c.header('X-Robots-Tag', 'noindex')
  return c.html(html, status)
}
