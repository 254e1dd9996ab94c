import type { ReactNode } from 'react'
import { PRODUCT } from '../../../shared/content.ts'
import type { PlayAnswer } from '../../../shared/play-testing.ts'
import { FieldError } from '../../../ui/error-summary.tsx'
import { ServerPage } from '../../http/server-page.tsx'

// The server pages of Google Play closed testing. Like the other /beta pages: no script,
// the shared stylesheet and CSP, a button that POSTs (mail scanners fetch links, and a GET changes
// nothing). docs/decisions/play-closed-testing.md

/** The form field's name for the Google account on the Android phone-choice page. */
export const GOOGLE_ACCOUNT_FIELD = 'google_account'

/**
 * The optional Google account on the Android phone-choice page, with the one sentence of why.
 * `error` (already worded for people) shows the address again with what is wrong with it.
 */
export function GoogleAccountField({ value = '', error }: { value?: string; error?: string | undefined }) {
  return (
    <div>
      <label htmlFor="google-account">Google account on the Play Store (optional)</label>
      <input
        id="google-account"
        name={GOOGLE_ACCOUNT_FIELD}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        defaultValue={value}
        aria-describedby={error ? 'google-account-hint google-account-error' : 'google-account-hint'}
        aria-invalid={error ? true : undefined}
      />
      <p className="hint" id="google-account-hint">
        Google Play only lets in the accounts on our tester list, so give the address you use on the Play Store if it is
        not this one.
      </p>
      <FieldError id="google-account-error" message={error} />
    </div>
  )
}

const ASK: Record<PlayAnswer, { title: string; lead: string; button: string }> = {
  joined: {
    title: 'Did you join the test?',
    lead: 'Press the button to tell us you joined the beta on Google Play.',
    button: "Yes, I'm in",
  },
  trouble: {
    title: 'Did you join the test?',
    lead: 'Tell us what got in the way, if you like, and press the button: it reaches the team, and we reply by email.',
    button: 'I had trouble',
  },
  left: {
    title: 'Leaving the test?',
    lead: 'Press the button to tell us you left the beta on Google Play. You stay on the beta list; to leave it too, use the link at the end of our emails.',
    button: 'I left the test',
  },
}

/** The page behind a "Did you join the test?" button: one button that records the answer by POST. */
export function answerPage(answer: PlayAnswer, token: string, error?: string) {
  const ask = ASK[answer]
  return (
    <ServerPage title={ask.title}>
      <h1>{ask.title}</h1>
      <p>{ask.lead}</p>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <form method="post" action={`/beta/play?answer=${answer}&token=${encodeURIComponent(token)}`}>
        {answer === 'trouble' ? (
          <div>
            <label htmlFor="details">What happened? (optional)</label>
            <textarea id="details" name="details" rows={4} maxLength={2000} />
          </div>
        ) : null}
        <p>
          <button type="submit">{ask.button}</button>
        </p>
      </form>
    </ServerPage>
  )
}

/** After the POST. The "joined" page keeps the way to say "I left" for later. */
export function answerThanksPage(answer: PlayAnswer, token: string) {
  const left = `/beta/play?answer=left&token=${encodeURIComponent(token)}`
  const text: Record<PlayAnswer, ReactNode> = {
    joined: (
      <>
        <h1>Thank you, you are in.</h1>
        <p>
          Google Play needs testers who stay in the test, so please keep the {PRODUCT.name} beta on your phone for the
          next two weeks.
        </p>
        <p>
          If you leave the test later, <a href={left}>tell us here</a>.
        </p>
      </>
    ),
    trouble: (
      <>
        <h1>Thank you, the team has your message.</h1>
        <p>We will reply to you by email.</p>
      </>
    ),
    left: (
      <>
        <h1>Thank you for telling us.</h1>
        <p>We noted that you left the test. Thank you for trying {PRODUCT.name}.</p>
      </>
    ),
  }
  return (
    <ServerPage title="Thank you">
      {text[answer]}
      <p>
        <a href="/">Back to {PRODUCT.name}</a>
      </p>
    </ServerPage>
  )
}
