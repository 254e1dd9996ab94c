/**
 * The site's languages, the first being the default (served at `/`, every other one at
 * `/<lang>/`). docs/decisions/languages.md
 */
export const LOCALES = ['en', 'de'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = LOCALES[0]

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/**
 * The language to speak to a person in: their stored one when the site serves it, else the
 * default (a sign-up from before languages, or a tag only the database's shape check let in).
 */
export function localeOr(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE
}
