import { SITE } from '../../../shared/site.ts'
import type { PlayAnswer } from '../../../shared/play-testing.ts'
import { escape, page } from '../../http/page-shell.ts'

// Issue 19: the server pages of Google Play closed testing. Like the other /beta pages: no script,
// the shared stylesheet and CSP, a button that POSTs (mail scanners fetch links, and a GET changes
// nothing). docs/decisions/play-closed-testing.md

/** The form field's name for the Google account on the Android phone-choice page. */
export const GOOGLE_ACCOUNT_FIELD = 'google_account'

/**
 * The optional Google account on the Android phone-choice page, with the one sentence of why.
 * `error` (already worded for people) shows the address again with what is wrong with it.
 */
export function googleAccountField(value = '', error?: string): string {
  const described = error ? 'google-account-hint google-account-error' : 'google-account-hint'
  return `<label for="google-account">Google account on the Play Store (optional)</label>
<input id="google-account" name="${GOOGLE_ACCOUNT_FIELD}" type="email" autocomplete="email" inputmode="email" maxlength="254" value="${escape(value)}" aria-describedby="${described}"${error ? ' aria-invalid="true"' : ''}>
<p class="hint" id="google-account-hint">Google Play only lets in the accounts on our tester list, so give the address you use on the Play Store if it is not this one.</p>
${error ? `<p class="error" id="google-account-error">${escape(error)}</p>\n` : ''}`
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
export function answerPage(answer: PlayAnswer, token: string, error?: string): string {
  const ask = ASK[answer]
  const action = `/beta/play?answer=${answer}&token=${encodeURIComponent(token)}`
  const details =
    answer === 'trouble'
      ? `<label for="details">What happened? (optional)</label>
<textarea id="details" name="details" rows="4" maxlength="2000"></textarea>
`
      : ''
  return page(
    ask.title,
    `<h1>${escape(ask.title)}</h1>
<p>${escape(ask.lead)}</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>\n` : ''}<form method="post" action="${escape(action)}">
${details}<p><button type="submit">${escape(ask.button)}</button></p>
</form>`,
  )
}

/** After the POST. The "joined" page keeps the way to say "I left" for later. */
export function answerThanksPage(answer: PlayAnswer, token: string): string {
  const left = `/beta/play?answer=left&token=${encodeURIComponent(token)}`
  const text: Record<PlayAnswer, string> = {
    joined: `<h1>Thank you, you are in.</h1>
<p>Google Play needs testers who stay in the test, so please keep the ${escape(SITE.name)} beta on your phone for the next two weeks.</p>
<p>If you leave the test later, <a href="${escape(left)}">tell us here</a>.</p>`,
    trouble: `<h1>Thank you, the team has your message.</h1>
<p>We will reply to you by email.</p>`,
    left: `<h1>Thank you for telling us.</h1>
<p>We noted that you left the test. Thank you for trying ${escape(SITE.name)}.</p>`,
  }
  return page('Thank you', `${text[answer]}\n<p><a href="/">Back to ${escape(SITE.name)}</a></p>`)
}
