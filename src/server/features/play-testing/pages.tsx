import type { ReactNode } from 'react'
import { DEFAULT_LOCALE, SERVER_PAGE_TEXTS, type Locale } from '../../../shared/content.ts'
import { PLAY_LIMITS } from '../../../shared/limits.ts'
import type { PlayAnswer } from '../../../shared/play-testing.ts'
import { ServerPage } from '../../http/server-page.tsx'
import { paths } from '../../../shared/paths.ts'

// The server pages of Google Play closed testing. Like the other /beta pages: no script,
// the shared stylesheet and CSP, a button that POSTs (mail scanners fetch links, and a GET changes
// nothing). Their words are the founder's content (content/site.yaml, texts.pages).
// docs/decisions/play-closed-testing.md

function ask(answer: PlayAnswer, locale: Locale): { title: string; lead: string; button: string } {
  const t = SERVER_PAGE_TEXTS[locale]
  if (answer === 'joined') return { title: t.playJoinedTitle, lead: t.playJoinedLead, button: t.playJoinedButton }
  if (answer === 'trouble') return { title: t.playJoinedTitle, lead: t.playTroubleLead, button: t.playTroubleButton }
  return { title: t.playLeftTitle, lead: t.playLeftLead, button: t.playLeftButton }
}

/** The page behind a "Did you join the test?" button: one button that records the answer by POST. */
export function answerPage(answer: PlayAnswer, token: string, error?: string, locale: Locale = DEFAULT_LOCALE) {
  const words = ask(answer, locale)
  return (
    <ServerPage locale={locale} title={words.title}>
      <h1>{words.title}</h1>
      <p>{words.lead}</p>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <form method="post" action={paths.playAnswer.href(answer, token)}>
        {answer === 'trouble' ? (
          <div>
            <label htmlFor="details">{SERVER_PAGE_TEXTS[locale].playTroubleDetails}</label>
            <textarea id="details" name="details" rows={4} maxLength={PLAY_LIMITS.troubleDetails} />
          </div>
        ) : null}
        <p>
          <button type="submit">{words.button}</button>
        </p>
      </form>
    </ServerPage>
  )
}

/** After the POST. The "joined" page keeps the way to say "I left" for later. */
export function answerThanksPage(answer: PlayAnswer, token: string, locale: Locale = DEFAULT_LOCALE) {
  const t = SERVER_PAGE_TEXTS[locale]
  const left = paths.playAnswer.href('left', token)
  const text: Record<PlayAnswer, ReactNode> = {
    joined: (
      <>
        <h1>{t.playJoinedThanksHeading}</h1>
        <p>{t.playJoinedThanksBody}</p>
        <p>
          {t.playJoinedThanksLeaveLater} <a href={left}>{t.playJoinedThanksLeaveLink}</a>.
        </p>
      </>
    ),
    trouble: (
      <>
        <h1>{t.playTroubleThanksHeading}</h1>
        <p>{t.playTroubleThanksBody}</p>
      </>
    ),
    left: (
      <>
        <h1>{t.playLeftThanksHeading}</h1>
        <p>{t.playLeftThanksBody}</p>
      </>
    ),
  }
  return (
    <ServerPage locale={locale} title={t.feedbackThanksTitle}>
      {text[answer]}
      <p>
        <a href="/">{t.backHome}</a>
      </p>
    </ServerPage>
  )
}
