import type { ReactNode } from 'react'
import { DEFAULT_LOCALE, SERVER_PAGE_TEXTS, type Locale } from '../../../shared/content.ts'
import { localeRoot } from '../../../shared/locales.ts'
import { ServerPage } from '../../http/server-page.tsx'
import { paths } from '../../../shared/paths.ts'

// The pages behind every email's "Leave the beta" link and the double opt-in's link: each one
// returns the page as a React element, which sendPage() renders (escaping by construction). Their
// words are the founder's content (content/site.yaml, texts.pages), in the sign-up's language.

const Home = ({ locale }: { locale: Locale }) => (
  <p>
    <a href={localeRoot(locale)}>{SERVER_PAGE_TEXTS[locale].backHome}</a>
  </p>
)

function Leave({ script, locale, children }: { script?: string; locale: Locale; children: ReactNode }) {
  const t = SERVER_PAGE_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.leaveTitle} {...(script ? { script } : {})}>
      <h1>{t.leaveHeading}</h1>
      <p>{t.leaveBody}</p>
      {children}
    </ServerPage>
  )
}

export function confirmPage(token: string, locale: Locale = DEFAULT_LOCALE) {
  return (
    <Leave locale={locale}>
      <form method="post" action={paths.unsubscribe.href(token)}>
        <button type="submit">{SERVER_PAGE_TEXTS[locale].leaveButton}</button>
      </form>
    </Leave>
  )
}

/**
 * The same page for a static host (scripts/static-host.ts, the Supabase deployment): its script
 * reads the token from the address and POSTs it to the edge function, then shows the answer's
 * content (DoneContent, UnknownTokenContent) in place of `<main>`'s.
 */
export function staticConfirmPage(script: string, locale: Locale = DEFAULT_LOCALE) {
  const t = SERVER_PAGE_TEXTS[locale]
  return (
    <Leave script={script} locale={locale}>
      <form id="leave">
        <button type="submit">{t.leaveButton}</button>
      </form>
      <p id="status" role="alert"></p>
      <noscript>
        <p>{t.leaveNoScript}</p>
      </noscript>
    </Leave>
  )
}

export function donePage(locale: Locale = DEFAULT_LOCALE) {
  return (
    <ServerPage locale={locale} title={SERVER_PAGE_TEXTS[locale].leftTitle}>
      <DoneContent locale={locale} />
    </ServerPage>
  )
}

export function DoneContent({ locale = DEFAULT_LOCALE }: { locale?: Locale }) {
  const t = SERVER_PAGE_TEXTS[locale]
  return (
    <>
      <h1>{t.leftHeading}</h1>
      <p>{t.leftBody}</p>
      <p>
        {t.leftChangedMind} <a href={`${localeRoot(locale)}#contact`}>{t.leftContactLink}</a> {t.leftRejoin}
      </p>
    </>
  )
}

/** Same wording for a token that never existed and one already used: the page reveals nothing. */
export function unknownTokenPage(locale: Locale = DEFAULT_LOCALE) {
  return (
    <ServerPage locale={locale} title={SERVER_PAGE_TEXTS[locale].linkNotValidTitle}>
      <UnknownTokenContent locale={locale} />
    </ServerPage>
  )
}

export function UnknownTokenContent({ locale = DEFAULT_LOCALE }: { locale?: Locale }) {
  const t = SERVER_PAGE_TEXTS[locale]
  return (
    <>
      <h1>{t.linkNotValidHeading}</h1>
      <p>{t.unsubscribeNotValid}</p>
      <Home locale={locale} />
    </>
  )
}

/** Double opt-in: the link in the first email opens this; only its button (a POST) confirms. */
export function confirmSignupPage(token: string, locale: Locale = DEFAULT_LOCALE) {
  const t = SERVER_PAGE_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.confirmTitle}>
      <h1>{t.confirmHeading}</h1>
      <p>{t.confirmBody}</p>
      <form method="post" action={paths.confirm.href(token)}>
        <button type="submit">{t.confirmButton}</button>
      </form>
    </ServerPage>
  )
}

export function signupConfirmedPage(locale: Locale = DEFAULT_LOCALE) {
  const t = SERVER_PAGE_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.confirmedTitle}>
      <h1>{t.confirmedHeading}</h1>
      <p>{t.confirmedBody}</p>
      <Home locale={locale} />
    </ServerPage>
  )
}
