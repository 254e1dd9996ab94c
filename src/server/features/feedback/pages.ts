import { FEEDBACK_LIMITS } from '../../../shared/feedback.ts'
import { HONEYPOT_FIELD } from '../../../shared/honeypot-field.ts'
import { LIMITS } from '../../../shared/limits.ts'
import { SITE } from '../../../shared/site.ts'
import { escape, page, PAGE_CSS } from '../../http/page-shell.ts'

// Issue 18: the tester's feedback page, /beta/feedback (?token=… from their emails, or none: the
// URL for Play's closed test). The server pages' shell: no script, strict CSP, one stylesheet.

/** The shell's stylesheet and what a form needs: fields, radio rows, the bot trap, error text. */
export const FEEDBACK_CSS = `${PAGE_CSS}form{display:grid;gap:1.25rem}
label,legend{font-weight:600;display:block;margin-bottom:.35rem}
.hint{font-weight:400;color:#4b5563}
input[type=text],input[type=email],textarea{box-sizing:border-box;width:100%;font:inherit;padding:.55rem .7rem;border:1px solid #6b7280;border-radius:.4rem;background:#fff;color:#1f2937}
textarea{min-height:7rem;resize:vertical}
input:focus-visible,textarea:focus-visible{outline:3px solid #2563eb;outline-offset:1px}
fieldset{border:0;margin:0;padding:0;min-width:0}
.choices{display:flex;flex-wrap:wrap;gap:.5rem}
.choices label{font-weight:400;display:inline-flex;align-items:center;gap:.4rem;margin:0;padding:.45rem .75rem;border:1px solid #6b7280;border-radius:.4rem;cursor:pointer}
.choices input{margin:0;accent-color:#1f2937}
.trap{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}
.errors{border:2px solid #b91c1c;border-radius:.5rem;padding:.75rem 1rem;color:#7f1d1d}
.errors h2{font-size:1.1rem;margin:0 0 .25rem}.errors ul{margin:0;padding-left:1.2rem}
.field-error{color:#b91c1c;font-weight:600;margin:.25rem 0 0}
`

export type FeedbackValues = {
  email?: string
  rating?: string
  works?: string
  broken?: string
  platform?: string
  os_version?: string
  build?: string
}

export type FeedbackFormInput = {
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

function fieldError(errors: Record<string, string>, name: string): string {
  const message = errors[name]
  return message ? `<p class="field-error" id="${name}-error">${escape(message)}</p>` : ''
}
const described = (errors: Record<string, string>, name: string, hint?: string) => {
  const ids = [hint, errors[name] ? `${name}-error` : undefined].filter(Boolean).join(' ')
  return ids ? ` aria-describedby="${ids}"` : ''
}
const invalid = (errors: Record<string, string>, name: string) => (errors[name] ? ' aria-invalid="true"' : '')

/** The form; with `errors`, the same form again with what the tester typed and what to fix. */
export function feedbackFormPage({ token, values, errors = {} }: FeedbackFormInput): string {
  const action = token ? `/beta/feedback?token=${encodeURIComponent(token)}` : '/beta/feedback'
  const v = (k: keyof FeedbackValues) => escape(values[k] ?? '')
  const list = Object.values(errors)
  const summary = list.length
    ? `<div class="errors" role="alert"><h2>Please check the form</h2><ul>${list.map((m) => `<li>${escape(m)}</li>`).join('')}</ul></div>`
    : ''
  const email = token
    ? ''
    : `<div>
<label for="email">Your email address</label>
<input type="email" id="email" name="email" autocomplete="email" required maxlength="${LIMITS.email}" value="${v('email')}"${invalid(errors, 'email')}${described(errors, 'email')}>
${fieldError(errors, 'email')}
</div>`
  const radio = (name: string, value: string, label: string, required = false) =>
    `<label><input type="radio" name="${name}" value="${value}"${values[name as keyof FeedbackValues] === value ? ' checked' : ''}${required ? ' required' : ''}> ${escape(label)}</label>`
  return page(
    'Beta feedback',
    `<h1>How is the ${escape(SITE.name)} beta going?</h1>
<p>Tell us what works and what does not. We read every answer.</p>
${summary}
<form method="post" action="${escape(action)}">
${email}
<fieldset${described(errors, 'rating')}>
<legend>How is it going? <span class="hint">1 is not good, 5 is great</span></legend>
<div class="choices">${RATINGS.map(([value, label]) => radio('rating', value, label, true)).join('')}</div>
${fieldError(errors, 'rating')}
</fieldset>
<div>
<label for="works">What works?</label>
<textarea id="works" name="works" maxlength="${FEEDBACK_LIMITS.text}"${invalid(errors, 'works')}${described(errors, 'works')}>${v('works')}</textarea>
${fieldError(errors, 'works')}
</div>
<div>
<label for="broken">What does not work?</label>
<textarea id="broken" name="broken" maxlength="${FEEDBACK_LIMITS.text}"${invalid(errors, 'broken')}${described(errors, 'broken')}>${v('broken')}</textarea>
${fieldError(errors, 'broken')}
</div>
<fieldset>
<legend>Your phone <span class="hint">(optional)</span></legend>
<div class="choices">${radio('platform', 'ios', 'iPhone')}${radio('platform', 'android', 'Android')}</div>
</fieldset>
<div>
<label for="os_version">Phone model and OS version <span class="hint">(optional)</span></label>
<input type="text" id="os_version" name="os_version" maxlength="${FEEDBACK_LIMITS.osVersion}" value="${v('os_version')}" aria-describedby="os_version-hint"${invalid(errors, 'os_version')}>
<p class="hint" id="os_version-hint">For example: iPhone 15, iOS 18.1</p>
${fieldError(errors, 'os_version')}
</div>
<div>
<label for="build">Build</label>
<input type="text" id="build" name="build" maxlength="${FEEDBACK_LIMITS.build}" value="${v('build')}"${invalid(errors, 'build')}${described(errors, 'build')}>
${fieldError(errors, 'build')}
</div>
<div class="trap" aria-hidden="true">
<label for="${HONEYPOT_FIELD}">Leave this field empty</label>
<input type="text" id="${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off">
</div>
<div><button type="submit">Send feedback</button></div>
</form>`,
    '/beta/feedback.css',
  )
}

export function feedbackThanksPage(): string {
  return page(
    'Thank you',
    `<h1>Thank you for your feedback.</h1>
<p>It has reached the ${escape(SITE.name)} team. If you wrote about a problem, we may reply by email.</p>
<p><a href="/">Back to ${escape(SITE.name)}</a></p>`,
    '/beta/feedback.css',
  )
}

/** The same words for a token that never existed and one whose person has left the list. */
export function feedbackLinkNotValidPage(): string {
  return page(
    'Link not valid',
    `<h1>This feedback link is not valid.</h1>
<p>It may have been copied incompletely, or the address has left the beta list.</p>
<p><a href="/beta/feedback">Send feedback with your email address instead</a></p>
<p><a href="/">Back to ${escape(SITE.name)}</a></p>`,
    '/beta/feedback.css',
  )
}
