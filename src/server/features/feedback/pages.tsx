import { FEEDBACK_LIMITS } from '../../../shared/feedback.ts'
import { HONEYPOT_FIELD } from '../../../shared/honeypot-field.ts'
import { LIMITS } from '../../../shared/limits.ts'
import { PRODUCT } from '../../../shared/content.ts'
import { ErrorSummary, FieldError } from '../../../ui/error-summary.tsx'
import { HoneypotField } from '../../../ui/honeypot-field.tsx'
import { ServerPage } from '../../http/server-page.tsx'

// The tester's feedback page, /beta/feedback (?token=… from their emails, or none: the
// URL for Play's closed test). The server pages' shell: no script, strict CSP, one stylesheet.

export type FeedbackValues = {
  email?: string
  rating?: string
  works?: string
  broken?: string
  platform?: string
  os_version?: string
  build?: string
}

type FeedbackFormInput = {
  /** The person's token; absent on the page that asks for the address. */
  token?: string
  values: FeedbackValues
  /** Messages by field name, from a refused POST. */
  errors?: Record<string, string>
}

const RATINGS = [
  ['1', '1, not good'],
  ['2', '2'],
  ['3', '3, fine'],
  ['4', '4'],
  ['5', '5, great'],
] as const

/** The form; with `errors`, the same form again with what the tester typed and what to fix. */
export function feedbackFormPage({ token, values, errors = {} }: FeedbackFormInput) {
  const action = token ? `/beta/feedback?token=${encodeURIComponent(token)}` : '/beta/feedback'
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
    <ServerPage title="Beta feedback">
      <h1>How is the {PRODUCT.name} beta going?</h1>
      <p>Tell us what works and what does not. We read every answer.</p>
      <ErrorSummary title="Please check the form" messages={Object.values(errors)} />
      <form method="post" action={action}>
        {token ? null : (
          <div>
            <label htmlFor="email">Your email address</label>
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
            How is it going? <span className="hint">1 is not good, 5 is great</span>
          </legend>
          <div className="choices">{RATINGS.map(([value, label]) => radio('rating', value, label, true))}</div>
          <FieldError id="rating-error" message={errors.rating} />
        </fieldset>
        {textArea('works', 'What works?')}
        {textArea('broken', 'What does not work?')}
        <fieldset>
          <legend>
            Your phone <span className="hint">(optional)</span>
          </legend>
          <div className="choices">
            {radio('platform', 'ios', 'iPhone')}
            {radio('platform', 'android', 'Android')}
          </div>
        </fieldset>
        <div>
          <label htmlFor="os_version">
            Phone model and OS version <span className="hint">(optional)</span>
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
            For example: iPhone 15, iOS 18.1
          </p>
          <FieldError id="os_version-error" message={errors.os_version} />
        </div>
        <div>
          <label htmlFor="build">Build</label>
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
          <button type="submit">Send feedback</button>
        </div>
      </form>
    </ServerPage>
  )
}

export function feedbackThanksPage() {
  return (
    <ServerPage title="Thank you">
      <h1>Thank you for your feedback.</h1>
      <p>It has reached the {PRODUCT.name} team. If you wrote about a problem, we may reply by email.</p>
      <p>
        <a href="/">Back to {PRODUCT.name}</a>
      </p>
    </ServerPage>
  )
}

/** The same words for a token that never existed and one whose person has left the list. */
export function feedbackLinkNotValidPage() {
  return (
    <ServerPage title="Link not valid">
      <h1>This feedback link is not valid.</h1>
      <p>It may have been copied incompletely, or the address has left the beta list.</p>
      <p>
        <a href="/beta/feedback">Send feedback with your email address instead</a>
      </p>
      <p>
        <a href="/">Back to {PRODUCT.name}</a>
      </p>
    </ServerPage>
  )
}
