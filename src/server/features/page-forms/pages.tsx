import { CONTACT_TEXTS, SERVER_PAGE_TEXTS, SIGNUP_TEXTS, type Locale } from '../../../shared/content.ts'
import { DEFAULT_LOCALE, localeRoot } from '../../../shared/locales.ts'
import { LIMITS } from '../../../shared/limits.ts'
import { paths } from '../../../shared/paths.ts'
import { SUBJECT_VALUES } from '../../../shared/subjects.ts'
import { HoneypotField } from '../../../ui/honeypot-field.tsx'
import { ServerPage } from '../../http/server-page.tsx'

// The answers to the page's two forms posted without JavaScript (routes.ts): the specification's
// own states, in the page's language, as server pages. The words are the page's (the content's
// texts.signup and texts.contact), so a visitor reads what the scripted form would have said.

/** The form's language rides in its action, and only when it is not the default (a shorter page). */
const langOf = (locale: Locale) => (locale === DEFAULT_LOCALE ? undefined : locale)

const Home = ({ locale }: { locale: Locale }) => (
  <p>
    <a href={localeRoot(locale)}>{SERVER_PAGE_TEXTS[locale].backHome}</a>
  </p>
)

/** The specification's "Welcome to the Beta" panel, with the address repeated. */
export function joinedPage(email: string, locale: Locale) {
  const t = SIGNUP_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.successTitle}>
      <section aria-labelledby="beta-welcome" className="banner banner-success">
        <h1 id="beta-welcome">{t.successTitle}</h1>
        <p>
          {t.successLead} <strong dir="auto">{email}</strong>.
        </p>
      </section>
      <Home locale={locale} />
    </ServerPage>
  )
}

/** The specification's error text for a sign-up, and the form to try again with the address kept. */
export function joinFailedPage(error: string, locale: Locale, email = '') {
  const t = SIGNUP_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.heading}>
      <h1>{t.heading}</h1>
      <p role="alert" className="banner banner-error">
        {error}
      </p>
      <form method="post" action={paths.join.href(langOf(locale))}>
        <div>
          <label htmlFor="beta-email">{t.emailLabel}</label>
          <input
            id="beta-email"
            name="email"
            type="email"
            required
            maxLength={LIMITS.email}
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            placeholder={t.emailPlaceholder}
            defaultValue={email}
          />
        </div>
        <HoneypotField id="beta-website" />
        <button type="submit">{t.submit}</button>
      </form>
      <Home locale={locale} />
    </ServerPage>
  )
}

export type ContactFields = { name: string; email: string; subject: string; message: string }

/** The specification's success banner: the message was stored, the fields are empty again. */
export function contactSentPage(locale: Locale) {
  const t = CONTACT_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.title}>
      <h1>{t.title}</h1>
      <div role="status" className="banner banner-success">
        <p>
          <strong>{t.successTitle}</strong>
        </p>
        <p>{t.successBody}</p>
      </div>
      <Home locale={locale} />
    </ServerPage>
  )
}

/** The specification's error banner (the server's message, or the fallback) and the form as it was sent. */
export function contactFailedPage(message: string, fields: ContactFields, locale: Locale) {
  const t = CONTACT_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.title}>
      <h1>{t.title}</h1>
      <div role="alert" className="banner banner-error">
        <p>
          <strong>{t.errorTitle}</strong>
        </p>
        <p>{message}</p>
      </div>
      <form method="post" action={paths.contact.href(langOf(locale))}>
        <div>
          <label htmlFor="contact-name">{t.nameLabel}</label>
          <input
            id="contact-name"
            name="name"
            type="text"
            required
            maxLength={LIMITS.name}
            autoComplete="name"
            defaultValue={fields.name}
          />
        </div>
        <div>
          <label htmlFor="contact-email">{t.emailLabel}</label>
          <input
            id="contact-email"
            name="email"
            type="email"
            required
            maxLength={LIMITS.email}
            autoComplete="email"
            spellCheck={false}
            defaultValue={fields.email}
          />
        </div>
        <div>
          <label htmlFor="contact-subject">{t.subjectLabel}</label>
          <select id="contact-subject" name="subject" required defaultValue={fields.subject}>
            <option value="" disabled>
              {t.subjectPlaceholder}
            </option>
            {SUBJECT_VALUES.map((value) => (
              <option key={value} value={value}>
                {t.subjects[value]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="contact-message">{t.messageLabel}</label>
          <textarea
            id="contact-message"
            name="message"
            required
            rows={4}
            maxLength={LIMITS.message}
            defaultValue={fields.message}
          />
        </div>
        <HoneypotField id="contact-website" />
        <button type="submit">{t.submit}</button>
      </form>
      <Home locale={locale} />
    </ServerPage>
  )
}
