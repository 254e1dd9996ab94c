import { DEFAULT_LOCALE, DIRECTIONS, isLocale, LOCALES, NUMBERING, type Locale } from './content.ts'
import { scriptDirection, type Direction } from './direction.ts'
import { intlTag, localeSegment } from './locale-tags.ts'

// The site's languages come from content/site.yaml (`locales`, the first the default).
// docs/decisions/languages.md
export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './content.ts'
export { localeSegment } from './locale-tags.ts'

/**
 * The language to speak to a person in: their stored one when the site serves it, else the
 * default (a sign-up from before languages, or a tag only the database's shape check let in).
 */
export function localeOr(value: string | null | undefined): Locale {
  return typeof value === 'string' && isLocale(value) ? value : DEFAULT_LOCALE
}

/**
 * Which way `locale` is written (`dir` on every page, dialog and email in it): its script's, or
 * site.yaml's `directions`, decided once by the content build (docs/decisions/direction.md).
 */
export function directionOf(locale: Locale): Direction {
  // A tag the site does not list (a region of one of its languages) still has its script's.
  return DIRECTIONS[locale] ?? scriptDirection(locale)
}

/** The tag Intl writes a language's dates and numbers with: its region's, in the digits content names. */
export function intlLocale(locale: Locale): string {
  return intlTag(locale, NUMBERING[locale])
}

/** The path of a language's page: `/` for the default, `/<lang>/` for the others (lower case). */
export function localeRoot(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '/' : `/${localeSegment(locale)}/`
}

/** The site's language a URL segment or a tag names, whatever its case (`pt-br`, `PT_BR`); else null. */
export function siteLocale(tag: string, order: readonly Locale[] = LOCALES): Locale | null {
  const wanted = tag.trim().toLowerCase().replace('_', '-')
  return order.find((l) => l.toLowerCase() === wanted) ?? null
}

/**
 * The language of the page at `path` (its Content-Language): its first segment's (`/de/`,
 * `/pt-br/privacy`), else the default's (`/`, `/privacy`). The inverse of localeRoot and legalPath.
 */
export function localeOfPath(path: string): Locale {
  return siteLocale(path.split('/')[1] ?? '') ?? DEFAULT_LOCALE
}

/**
 * The site's language closest to a tag a browser or a list states: the same tag, else the same
 * language (`ar` or `ar-EG` for a site in `ar-JO`, `de-AT` for one in `de`); else null.
 */
export function closestLocale(tag: string, order: readonly Locale[] = LOCALES): Locale | null {
  const language = (t: string) => t.toLowerCase().split(/[-_]/)[0]
  return siteLocale(tag, order) ?? order.find((l) => language(l) === language(tag.trim())) ?? null
}

/** The legal pages at stable URLs, by the folder each is prerendered to. */
export type LegalPageName = 'privacy' | 'terms' | 'imprint'

/** A legal page in a language: `/privacy` for the default, `/de/privacy` for the others. */
export function legalPath(name: LegalPageName, locale: Locale): string {
  return `${localeRoot(locale)}${name}`
}

/**
 * Languages in the site's order (`locales` in site.yaml, as the language switch shows them), never
 * by name or code: a French site's list reads "French, English, German". A tag the site no longer
 * serves keeps its place after them. `order` is the site's; tests pass another site's.
 */
export function inSiteOrder<T extends string>(locales: readonly T[], order: readonly string[] = LOCALES): T[] {
  const rank = (l: string) => {
    const i = order.indexOf(l)
    return i === -1 ? order.length : i
  }
  return [...locales].sort((a, b) => rank(a) - rank(b))
}
