import { Fragment } from 'react'
import { parseBody } from '../../../shared/plain-text-body.ts'
import { EMAIL_TEXTS, type Locale } from '../../../shared/content.ts'

// The email as each person will get it, from the same parser as the email itself
// (src/shared/plain-text-body.ts): the owner's paragraphs and links, their own store link when the
// message carries one, their feedback link, and the way off the list, in the email's own words
// of the language it goes out in (`locale`).

export function MessagePreview(props: {
  subject: string
  body: string
  storeLinks: boolean
  /** Each person's own /app link (the store for their phone). */
  appLink?: boolean
  locale: Locale
  /** What the figure is called: which version of the message it shows. */
  caption: string
}) {
  const { common, testerMessage } = EMAIL_TEXTS[props.locale]
  const paragraphs = parseBody(props.body)
  const captionId = `message-preview-caption-${props.locale}`
  return (
    <figure aria-labelledby={captionId} className="rounded-2xl border border-border bg-subtle p-3 text-fg">
      <figcaption id={captionId} className="mb-2 text-xs font-medium text-fg-muted">
        {props.caption}
      </figcaption>
      <div data-scheme="light" className="rounded-xl bg-surface p-4 text-[15px] leading-6 text-fg sm:p-6">
        <p className="mb-3 text-xs text-fg-muted">
          Subject:{' '}
          {props.subject ? (
            <span lang={props.locale} className="font-semibold text-fg">
              {props.subject}
            </span>
          ) : (
            <span className="font-semibold text-fg">(no subject yet)</span>
          )}
        </p>
        {/* The email's words are the language's; the console's own notes in it stay the console's. */}
        <div lang={props.locale}>
          <p className="mb-4 text-xl font-bold text-fg [overflow-wrap:anywhere]">{props.subject || ' '}</p>
          {paragraphs.length === 0 ? (
            <p lang="en" className="mb-4 text-fg-muted">
              (Your message appears here.)
            </p>
          ) : null}
          {paragraphs.map((lines, i) => (
            <p key={i} className="mb-4 [overflow-wrap:anywhere]">
              {lines.map((runs, j) => (
                <Fragment key={j}>
                  {j > 0 ? <br /> : null}
                  {runs.map((run, k) =>
                    'href' in run ? (
                      <a
                        key={k}
                        href={run.href}
                        className="text-link underline"
                        target="_blank"
                        rel="noreferrer noopener"
                      >
                        {run.text}
                      </a>
                    ) : (
                      <Fragment key={k}>{run.text}</Fragment>
                    ),
                  )}
                </Fragment>
              ))}
            </p>
          ))}
          {props.appLink ? (
            <p className="mb-4">
              <span className="inline-block rounded-md bg-brand px-4 py-2 font-bold text-on-brand">
                {testerMessage.getApp}
              </span>{' '}
              <span lang="en" className="text-sm text-fg-muted">
                (each person’s own /app link: the store for their phone)
              </span>
            </p>
          ) : null}
          {props.storeLinks ? (
            <p className="mb-4">
              <span className="inline-block rounded-md bg-brand px-4 py-2 font-bold text-on-brand">
                {common.joinIos}
              </span>{' '}
              <span lang="en" className="text-sm text-fg-muted">
                (each person’s own link for their phone)
              </span>
            </p>
          ) : null}
          <p className="mb-4">
            {common.feedbackIntro} <span className="text-link underline">{common.feedbackLink}</span>
          </p>
          <p className="mb-1">{common.leaveIntro}</p>
          <p className="mb-4 text-link underline">{common.leaveLink}</p>
          <hr className="mb-3 border-border" />
          <p className="text-sm text-fg-muted">{testerMessage.footer}</p>
        </div>
      </div>
    </figure>
  )
}
