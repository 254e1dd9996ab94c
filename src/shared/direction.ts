/**
 * Which way a language is written, and how text of one direction is kept whole inside the other.
 * Imports nothing: the content build (src/content/) and every runtime use the same rules.
 * docs/decisions/direction.md
 */
export type Direction = 'ltr' | 'rtl'

/**
 * Right-to-left languages, for an engine whose Intl.Locale cannot say (no textInfo), and where its
 * data is wrong (Node 20's ICU gives Dhivehi, written in Thaana, as left to right).
 */
const RTL_LANGUAGES = ['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ckb', 'yi', 'dv'] as const

type TextInfo = { direction?: string }
type LocaleWithTextInfo = Intl.Locale & { textInfo?: TextInfo; getTextInfo?: () => TextInfo }

/**
 * The direction of a language tag's script (`ar-JO`: rtl): the list above, else as Intl knows it
 * (newer engines call it `getTextInfo()`, Node 20 `textInfo`), else left to right.
 */
export function scriptDirection(tag: string): Direction {
  try {
    const locale = new Intl.Locale(tag) as LocaleWithTextInfo
    if ((RTL_LANGUAGES as readonly string[]).includes(locale.language)) return 'rtl'
    return (locale.getTextInfo?.() ?? locale.textInfo)?.direction === 'rtl' ? 'rtl' : 'ltr'
  } catch {
    return 'ltr'
  }
}

// Strong right-to-left letters: Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms
// (and the supplementary planes' right-to-left blocks).
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]|[\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u
const LETTER = /\p{L}/u

/** The direction of the first strong (letter) character of `text`, or null when it has none. */
export function firstStrongDirection(text: string): Direction | null {
  for (const ch of text) {
    if (RTL_LETTER.test(ch)) return 'rtl'
    if (LETTER.test(ch)) return 'ltr'
  }
  return null
}

/** Whether `text` holds a letter written in `direction`. */
function hasLetterOf(text: string, direction: Direction): boolean {
  for (const ch of text) {
    const rtl = RTL_LETTER.test(ch)
    if (direction === 'rtl' ? rtl : !rtl && LETTER.test(ch)) return true
  }
  return false
}

/** U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, the plain-text form of `<bdi>`. */
export const FSI = '\u2068'
export const PDI = '\u2069'

/**
 * `value` as it is inserted into text running in `around`: isolated (FSI…PDI) when it holds letters
 * of the other direction (a Latin company name or address in an Arabic sentence, an Arabic name in
 * an English one), so it neither scrambles the sentence nor takes its punctuation; as it is
 * otherwise, so left-to-right text with left-to-right values is unchanged byte for byte.
 */
export function isolate(value: string, around: Direction | null): string {
  if (!value || value.startsWith(FSI)) return value
  const other: Direction = around === 'rtl' ? 'ltr' : 'rtl'
  return hasLetterOf(value, other) ? `${FSI}${value}${PDI}` : value
}

/**
 * `text` with each `{name}` replaced by `value(name)`, isolated against the text's own direction
 * (its first strong letter outside the placeholders); a name without a value stays as written.
 */
export function fillIsolated(
  text: string,
  value: (name: string) => string | undefined,
  placeholder: RegExp = PLACEHOLDER,
): string {
  const around = firstStrongDirection(text.replace(placeholder, ''))
  return text.replace(placeholder, (whole, name: string, at: number) => {
    const v = value(name)
    if (v === undefined) return whole
    // A link's target (Markdown's `](…)`, `mailto:`, a URL's path) takes the value bare.
    return IN_LINK_TARGET.test(text.slice(0, at)) ? v : isolate(v, around)
  })
}

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g
const IN_LINK_TARGET = /(\]\(|mailto:|https?:\/\/\S*)$/
