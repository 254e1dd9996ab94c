import { fill } from '../../../shared/content-types.ts'
import { DEFAULT_LOCALE, SERVER_PAGE_TEXTS, type Locale } from '../../../shared/content.ts'
import type { Platform } from '../../../shared/beta-testers.ts'
import { localeRoot } from '../../../shared/locales.ts'
import { ServerPage } from '../../http/server-page.tsx'
import { GOOGLE_ACCOUNT_FIELD } from '../../../shared/play-testing.ts'
import { EmailField } from '../../http/email-field.tsx'
import { paths } from '../../../shared/paths.ts'

// The pages behind the welcome email's "iPhone" and "Android" links. They share the
// server pages' stylesheet and CSP: no script at all. Their words are content (texts.pages).

/** The phone as the texts name it: `phone` in a sentence ("an iPhone"), `phoneName` alone ("iPhone"). */
function phoneWords(platform: Platform, locale: Locale) {
  const t = SERVER_PAGE_TEXTS[locale]
  return platform === 'ios'
    ? { phone: t.phoneIos, phoneName: t.phoneNameIos }
    : { phone: t.phoneAndroid, phoneName: t.phoneNameAndroid }
}

/** On Android it also asks, optionally, for the Google account the person uses on Play. */
export function phoneConfirmPage(
  platform: Platform,
  token: string,
  account: { value: string; error?: string } = { value: '' },
  locale: Locale = DEFAULT_LOCALE,
) {
  const t = SERVER_PAGE_TEXTS[locale]
  const words = phoneWords(platform, locale)
  return (
    <ServerPage locale={locale} title={fill(t.phoneTitle, words)}>
      <h1>{fill(t.phoneHeading, words)}</h1>
      <p>{fill(t.phoneBody, words)}</p>
      <form method="post" action={paths.phoneChoice.href(platform, token)}>
        {platform === 'android' ? (
          // Play testing's question, in the page's language; play testing reads the field. A refused
          // account is named in the page's language, whatever the check's own words.
          <EmailField
            id="google-account"
            name={GOOGLE_ACCOUNT_FIELD}
            label={t.playGoogleAccount}
            hint={t.playGoogleAccountHint}
            value={account.value}
            error={account.error === undefined ? undefined : t.playGoogleAccountInvalid}
          />
        ) : null}
        <button type="submit">{fill(t.phoneButton, words)}</button>
      </form>
    </ServerPage>
  )
}

export function phoneThanksPage(platform: Platform, locale: Locale = DEFAULT_LOCALE) {
  const t = SERVER_PAGE_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.phoneThanksTitle}>
      <h1>{t.phoneThanksHeading}</h1>
      <p>{fill(t.phoneThanksBody, phoneWords(platform, locale))}</p>
      <p>
        <a href={localeRoot(locale)}>{t.backHome}</a>
      </p>
    </ServerPage>
  )
}

/** Same wording for a token that never existed and one already used: the page reveals nothing. */
export function betaLinkNotValidPage(locale: Locale = DEFAULT_LOCALE) {
  const t = SERVER_PAGE_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.linkNotValidTitle}>
      <h1>{t.linkNotValidHeading}</h1>
      <p>{t.betaLinkNotValid}</p>
      <p>
        <a href={localeRoot(locale)}>{t.backHome}</a>
      </p>
    </ServerPage>
  )
}
