// What a language tag means without the site's content (the content generator reads it before
// generated/content.ts exists): docs/decisions/languages.md.

/**
 * A language's segment in a URL path: its tag in lower case (`/pt-br/`, `/ar-jo/`), as paths
 * are by convention; `<html lang>`, hreflang and Content-Language keep the tag as written (`pt-BR`).
 */
export const localeSegment = (locale: string): string => locale.toLowerCase()

/**
 * The tag Intl formats a language's dates and numbers with: the locale itself (`ar-JO`: Levantine
 * month names, Arabic-Indic digits), or with the digits the content names (`numbers: latn`).
 */
export const intlTag = (locale: string, numbers?: string): string => (numbers ? `${locale}-u-nu-${numbers}` : locale)

/** A day (`YYYY-MM-DD` or a Date) as a language writes it in full: `14 شباط ٢٠٢٦`, `14 de fevereiro de 2026`. */
export function longDate(tag: string, day: string | Date): string {
  const date = typeof day === 'string' ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : day
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(date)
}
