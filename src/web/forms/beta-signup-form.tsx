import { useContext, useEffect, useRef, useState, type FormEvent } from 'react'
import { LIMITS } from '../../shared/limits.ts'
import { DEFAULT_LOCALE } from '../../shared/locales.ts'
import { paths } from '../../shared/paths.ts'
import type { IslandTexts } from '../../shared/content-types.ts'
import { Button } from '../ui/button.tsx'
import { CONTROL_CLASS } from '../ui/field.tsx'
import { HoneypotField } from '../../ui/honeypot-field.tsx'
import { betaPlatform } from '../../shared/store-stage.ts'
import { PageLocale, Prerendering, submitBeforeHydration } from '../islands/page-locale.ts'
import { FORMS_POST_TO_SERVER } from '../lib/env.ts'
import { useHydrated } from '../ui/use-hydrated.ts'
import { usePrehydrationInput } from '../ui/use-prehydration-input.ts'

type Status = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'success'; email: string }

export function BetaSignupForm({ texts }: { texts: IslandTexts }) {
  const SIGNUP = texts.signupForm
  const [email, setEmail] = useState('')
  const [website, setWebsite] = useState('')
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [error, setError] = useState<string | null>(null)
  const hydrated = useHydrated()
  const locale = useContext(PageLocale)
  const prerendering = useContext(Prerendering)
  const form = useRef<HTMLFormElement>(null)
  usePrehydrationInput(form, (typed) => {
    if (typed.email) setEmail(typed.email)
    if (typed.website) setWebsite(typed.website)
  })

  // The proof of work starts when the visitor first focuses the field (also before hydration),
  // so it is solved while they type; its code is fetched then, never with the page.
  useEffect(() => {
    if (hydrated && document.activeElement?.id === 'beta-email') startProof()
  }, [hydrated])

  if (status.kind === 'success') return <WelcomePanel email={status.email} texts={SIGNUP} />

  const submitting = status.kind === 'submitting'

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting || email.trim() === '') return
    setError(null)
    setStatus({ kind: 'submitting' })
    let message: string = SIGNUP.errorGeneric
    try {
      const { joinBeta } = await import('../lib/backend.ts')
      const platform = betaPlatform()
      const result = await joinBeta(
        { email, ...(website ? { website } : {}), ...(platform ? { platform } : {}) },
        takeProof,
      )
      if (result.ok) return setStatus({ kind: 'success', email: result.email })
      if (result.reason === 'email') message = SIGNUP.errorEmail
      if (result.reason === 'invalid') message = result.message
    } catch {
      // The backend chunk failed to load: the same "try again" as any other exception.
    }
    setError(message)
    setStatus({ kind: 'idle' })
  }

  return (
    <form
      ref={form}
      onSubmit={handleSubmit}
      // Until the script has the form, and wherever it never arrives, the form posts to the
      // server's page-forms route, which answers a page in this language (docs/decisions/no-script-forms.md).
      {...(FORMS_POST_TO_SERVER
        ? { method: 'post', action: paths.join.href(locale === DEFAULT_LOCALE ? undefined : locale) }
        : {})}
      className="relative grid gap-3"
      aria-describedby={error ? 'beta-error' : undefined}
    >
      <label htmlFor="beta-email" className="sr-only">
        {SIGNUP.emailLabel}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id="beta-email"
          name="email"
          type="email"
          required
          maxLength={LIMITS.email}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          placeholder={SIGNUP.emailPlaceholder}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onFocus={startProof}
          readOnly={submitting}
          className={`${CONTROL_CLASS} h-12 min-w-0 flex-1 py-0`}
        />
        <Button
          type="submit"
          size="lg"
          // The specification's rule once React has the form; before, see submitBeforeHydration.
          disabled={
            hydrated ? submitting || email.trim() === '' : submitBeforeHydration(prerendering, FORMS_POST_TO_SERVER)
          }
          suppressHydrationWarning
          className="sm:px-7"
        >
          {submitting ? SIGNUP.submitting : SIGNUP.submit}
        </Button>
      </div>
      <HoneypotField id="beta-website" value={website} onChange={setWebsite} />
      {/* One store live: the sign-up is for the other phone, already chosen (also without script). */}
      {betaPlatform() ? <input type="hidden" name="platform" value={betaPlatform()!} /> : null}
      {error && (
        <p
          id="beta-error"
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-danger"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" className="mt-px shrink-0 fill-danger">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm0 6.8h1.8v1.8H9.1v-1.8Z" />
          </svg>
          {error}
        </p>
      )}
      {FORMS_POST_TO_SERVER ? null : (
        <noscript>
          <p className="text-sm text-warning">{SIGNUP.noScript}</p>
        </noscript>
      )}
    </form>
  )
}

function startProof() {
  // A failed load is reported when the proof is taken, at submit.
  import('../lib/signup-proof.ts').then((m) => m.startSignupProof()).catch(() => {})
}

function takeProof() {
  return import('../lib/signup-proof.ts').then((m) => m.takeSignupProof())
}

function WelcomePanel({ email, texts: SIGNUP }: { email: string; texts: IslandTexts['signupForm'] }) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The form that had focus is gone; move focus to the news so keyboard and screen reader users get it.
  useEffect(() => heading.current?.focus(), [])
  return (
    <section
      aria-labelledby="beta-welcome"
      className="rounded-2xl border border-emerald-300/30 bg-emerald-400/10 px-5 py-6 text-center sm:px-8"
    >
      <div className="mx-auto mb-3 flex size-11 items-center justify-center rounded-full bg-emerald-400/20">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="24"
          height="24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          className="text-success"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h3 id="beta-welcome" ref={heading} tabIndex={-1} className="text-2xl font-semibold text-fg-strong">
        {SIGNUP.successTitle}
      </h3>
      <p className="mt-2 text-fg">
        {SIGNUP.successLead}{' '}
        <strong dir="auto" className="font-semibold [overflow-wrap:anywhere] text-fg-strong">
          {email}
        </strong>
        .
      </p>
    </section>
  )
}
