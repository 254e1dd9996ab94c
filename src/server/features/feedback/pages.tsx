import { FEEDBACK_LIMITS, type OpenFeedbackForm } from '../../../shared/feedback.ts'
import { HONEYPOT_FIELD } from '../../../shared/honeypot-field.ts'
import { LIMITS } from '../../../shared/limits.ts'
import { DEFAULT_LOCALE, SERVER_PAGE_TEXTS, type Locale } from '../../../shared/content.ts'
import { ErrorSummary, FieldError } from '../../../ui/error-summary.tsx'
import { HoneypotField } from '../../../ui/honeypot-field.tsx'
import { localeRoot } from '../../../shared/locales.ts'
import type { FormValues } from '../../http/page-form.ts'
import { ServerPage } from '../../http/server-page.tsx'
import { paths } from '../../../shared/paths.ts'

// The tester's feedback page, /beta/feedback (?token=… from their emails, or none: the
// URL for Play's closed test). The server pages' shell: no script, strict CSP, one stylesheet.
// Its words are the founder's content (content/site.yaml, texts.pages).

/** What the tester typed, by the form's field names (the schema's, src/shared/feedback.ts). */
export type FeedbackValues = FormValues<OpenFeedbackForm>

type FeedbackFormInput = {
  /** The person's token; absent on the page that asks for the address. */
  token?: string
  values: FeedbackValues
  /** Messages by field name, from a refused POST. */
  errors?: Record<string, string>
  locale?: Locale
}

/** The form; with `errors`, the same form again with what the tester typed and what to fix. */
export function feedbackFormPage({ token, values, errors = {}, locale = DEFAULT_LOCALE }: FeedbackFormInput) {
  const t = SERVER_PAGE_TEXTS[locale]
  const ratings = [
    ['1', t.feedbackRating1],
    ['2', '2'],
    ['3', t.feedbackRating3],
    ['4', '4'],
    ['5', t.feedbackRating5],
  ] as const
  const action = token ? paths.feedback.href(token) : paths.feedback.href()
  // The hint and the field's error, as aria-describedby names them; none gives no attribute.
  const described = (name: string, hint?: string) =>
    [hint, errors[name] ? `${name}-error` : undefined].filter(Boolean).join(' ') || undefined
  const invalid = (name: string) => (errors[name] ? true : undefined)
  const textArea = (name: 'works' | 'broken', label: string) => (
    <div>
      <label htmlFor={name}>{label}</label>
      <textarea
        id={name}
        name={name}
        maxLength={FEEDBACK_LIMITS.text}
        defaultValue={values[name] ?? ''}
        aria-invalid={invalid(name)}
        aria-describedby={described(name)}
      />
      <FieldError id={`${name}-error`} message={errors[name]} />
    </div>
  )
  const radio = (name: keyof FeedbackValues, value: string, label: string, required = false) => (
    <label key={value}>
      <input type="radio" name={name} value={value} defaultChecked={values[name] === value} required={required} />{' '}
      {label}
    </label>
  )
  return (
    <ServerPage locale={locale} title={t.feedbackTitle}>
      <h1>{t.feedbackHeading}</h1>
      <p>{t.feedbackIntro}</p>
      <ErrorSummary title={t.feedbackErrorsTitle} messages={Object.values(errors)} />
      <form method="post" action={action}>
        {token ? null : (
          <div>
            <label htmlFor="email">{t.feedbackEmail}</label>
            <input
              type="email"
              id="email"
              name="email"
              autoComplete="email"
              required
              maxLength={LIMITS.email}
              defaultValue={values.email ?? ''}
              aria-invalid={invalid('email')}
              aria-describedby={described('email')}
            />
            <FieldError id="email-error" message={errors.email} />
          </div>
        )}
        <fieldset aria-describedby={described('rating')}>
          <legend>
            {t.feedbackRating} <span className="hint">{t.feedbackRatingHint}</span>
          </legend>
          <div className="choices">{ratings.map(([value, label]) => radio('rating', value, label, true))}</div>
          <FieldError id="rating-error" message={errors.rating} />
        </fieldset>
        {textArea('works', t.feedbackWorks)}
        {textArea('broken', t.feedbackBroken)}
        <fieldset>
          <legend>
            {t.feedbackPhone} <span className="hint">{t.optional}</span>
          </legend>
          <div className="choices">
            {radio('platform', 'ios', t.phoneNameIos)}
            {radio('platform', 'android', t.phoneNameAndroid)}
          </div>
        </fieldset>
        <div>
          <label htmlFor="os_version">
            {t.feedbackOsVersion} <span className="hint">{t.optional}</span>
          </label>
          <input
            type="text"
            id="os_version"
            name="os_version"
            maxLength={FEEDBACK_LIMITS.osVersion}
            defaultValue={values.os_version ?? ''}
            aria-describedby="os_version-hint"
            aria-invalid={invalid('os_version')}
          />
          <p className="hint" id="os_version-hint">
            {t.feedbackOsVersionHint}
          </p>
          <FieldError id="os_version-error" message={errors.os_version} />
        </div>
        <div>
          <label htmlFor="build">{t.feedbackBuild}</label>
          <input
            type="text"
            id="build"
            name="build"
            maxLength={FEEDBACK_LIMITS.build}
            defaultValue={values.build ?? ''}
            aria-invalid={invalid('build')}
            aria-describedby={described('build')}
          />
          <FieldError id="build-error" message={errors.build} />
        </div>
        <HoneypotField id={HONEYPOT_FIELD} />
        <div>
          <button type="submit">{t.feedbackSend}</button>
        </div>
      </form>
    </ServerPage>
  )
}

export function feedbackThanksPage(locale: Locale = DEFAULT_LOCALE) {
  const t = SERVER_PAGE_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.feedbackThanksTitle}>
      <h1>{t.feedbackThanksHeading}</h1>
      <p>{t.feedbackThanksBody}</p>
      <p>
        <a href={localeRoot(locale)}>{t.backHome}</a>
      </p>
    </ServerPage>
  )
}

/** The same words for a token that never existed and one whose person has left the list. */
export function feedbackLinkNotValidPage(locale: Locale = DEFAULT_LOCALE) {
  const t = SERVER_PAGE_TEXTS[locale]
  return (
    <ServerPage locale={locale} title={t.linkNotValidTitle}>
      <h1>{t.feedbackNotValidHeading}</h1>
      <p>{t.feedbackNotValidBody}</p>
      <p>
        <a href={paths.feedback.href()}>{t.feedbackWithEmail}</a>
      </p>
      <p>
        <a href={localeRoot(locale)}>{t.backHome}</a>
      </p>
    </ServerPage>
  )
}
