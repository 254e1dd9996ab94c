import { LOCALES, type Locale } from '../../shared/content.ts'
import { localeRoot } from '../../shared/locales.ts'

/** A language's name in itself ("Deutsch", "English"), as a visitor looks for it. */
function ownName(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
}

/**
 * Links to the page in each other language, each named in its own language; plain links in the
 * server HTML, so switching costs the page no script. Nothing when the site has one language.
 */
export function LanguageSwitch({ locale, label }: { locale: Locale; label: string }) {
  const others = LOCALES.filter((l) => l !== locale)
  if (!others.length) return null
  return (
    <nav aria-label={label}>
      {others.map((l) => (
        <a key={l} href={localeRoot(l)} lang={l} className="ms-4 hover:text-fg-strong">
          {ownName(l)}
        </a>
      ))}
    </nav>
  )
}
