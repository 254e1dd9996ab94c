import { useContext, useRef, useState, type FormEvent } from 'react'
import { SUBJECT_VALUES } from '../../shared/subjects.ts'
import { LIMITS } from '../../shared/limits.ts'
import { DEFAULT_LOCALE } from '../../shared/locales.ts'
import { paths } from '../../shared/paths.ts'
import type { PageTexts } from '../../shared/content-types.ts'
import { Button } from '../ui/button.tsx'
import { CONTROL_CLASS, Field } from '../ui/field.tsx'
import { HoneypotField } from '../../ui/honeypot-field.tsx'
import { PageLocale, Prerendering, submitBeforeHydration } from '../islands/page-locale.ts'
import { FORMS_POST_TO_SERVER } from '../lib/env.ts'
import { useHydrated } from '../ui/use-hydrated.ts'
import { usePrehydrationInput } from '../ui/use-prehydration-input.ts'

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string }

const EMPTY = { name: '', email: '', subject: '', message: '', website: '' }

/** The contact form; its owner remounts it (a new key) to reset fields and status. */
export function ContactForm({ texts: CONTACT }: { texts: PageTexts['contact'] }) {
  const [fields, setFields] = useState(EMPTY)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const hydrated = useHydrated()
  const locale = useContext(PageLocale)
  const prerendering = useContext(Prerendering)
  const form = useRef<HTMLFormElement>(null)
  usePrehydrationInput(form, (typed) =>
    setFields((f) => {
      const next = { ...f }
      for (const key of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) if (typed[key]) next[key] = typed[key]
      return next
    }),
  )
  const sending = status.kind === 'sending'
  const set = (key: keyof typeof EMPTY) => (value: string) => setFields((f) => ({ ...f, [key]: value }))

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    setStatus({ kind: 'sending' })
    const { website, ...rest } = fields
    let failure: string | null = null
    try {
      const { sendContactMessage } = await import('../lib/backend.ts')
      const result = await sendContactMessage(website ? fields : rest)
      if (result.ok) {
        setFields(EMPTY)
        return setStatus({ kind: 'sent' })
      }
      failure = result.message
    } catch {
      // The backend chunk failed to load: no server message to show.
    }
    setStatus({ kind: 'failed', message: failure ?? CONTACT.errorFallback })
  }

  return (
    <form
      ref={form}
      onSubmit={handleSubmit}
      // As the sign-up's: posted to the server's page-forms route until the script has the form.
      {...(FORMS_POST_TO_SERVER
        ? { method: 'post', action: paths.contact.href(locale === DEFAULT_LOCALE ? undefined : locale) }
        : {})}
      className="relative grid gap-4"
    >
      <p className="text-fg">{CONTACT.intro}</p>
      {status.kind === 'sent' && (
        <div role="status" className="rounded-xl border border-emerald-300/30 bg-emerald-400/10 px-4 py-3">
          <p className="font-semibold text-success">{CONTACT.successTitle}</p>
          <p className="text-sm text-fg">{CONTACT.successBody}</p>
        </div>
      )}
      {status.kind === 'failed' && (
        <div role="alert" className="rounded-xl border border-rose-400/40 bg-rose-500/10 px-4 py-3">
          <p className="font-semibold text-danger">{CONTACT.errorTitle}</p>
          <p className="text-sm text-fg">{status.message}</p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="contact-name" label={CONTACT.nameLabel}>
          <input
            id="contact-name"
            name="name"
            type="text"
            required
            maxLength={LIMITS.name}
            autoComplete="name"
            value={fields.name}
            onChange={(e) => set('name')(e.target.value)}
            disabled={sending}
            className={CONTROL_CLASS}
          />
        </Field>
        <Field id="contact-email" label={CONTACT.emailLabel}>
          <input
            id="contact-email"
            name="email"
            type="email"
            required
            maxLength={LIMITS.email}
            autoComplete="email"
            spellCheck={false}
            value={fields.email}
            onChange={(e) => set('email')(e.target.value)}
            disabled={sending}
            className={CONTROL_CLASS}
          />
        </Field>
      </div>
      <Field id="contact-subject" label={CONTACT.subjectLabel}>
        <select
          id="contact-subject"
          name="subject"
          required
          value={fields.subject}
          onChange={(e) => set('subject')(e.target.value)}
          disabled={sending}
          className={`${CONTROL_CLASS} select-control`}
        >
          <option value="" disabled>
            {CONTACT.subjectPlaceholder}
          </option>
          {SUBJECT_VALUES.map((value) => (
            <option key={value} value={value}>
              {CONTACT.subjects[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="contact-message" label={CONTACT.messageLabel}>
        <textarea
          id="contact-message"
          name="message"
          required
          rows={4}
          maxLength={LIMITS.message}
          value={fields.message}
          onChange={(e) => set('message')(e.target.value)}
          disabled={sending}
          className={`${CONTROL_CLASS} resize-y`}
        />
      </Field>
      <HoneypotField id="contact-website" value={fields.website} onChange={set('website')} disabled={sending} />
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        {FORMS_POST_TO_SERVER ? null : (
          <noscript>
            <p className="text-sm text-warning">{CONTACT.noScript}</p>
          </noscript>
        )}
        <Button
          type="submit"
          size="lg"
          disabled={hydrated ? sending : submitBeforeHydration(prerendering, FORMS_POST_TO_SERVER)}
          suppressHydrationWarning
        >
          {sending ? CONTACT.sending : CONTACT.submit}
        </Button>
      </div>
    </form>
  )
}
