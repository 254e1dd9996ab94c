import { Fragment } from 'react'
import { parseBody } from '../../../shared/plain-text-body.ts'
import { PRODUCT } from '../../../shared/content.ts'

// The email as each person will get it, from the same parser as the email itself
// (src/shared/plain-text-body.ts): the owner's paragraphs and links, their own store link when the
// message carries one, their feedback link, and the way off the list.

export function MessagePreview(props: { subject: string; body: string; storeLinks: boolean }) {
  const paragraphs = parseBody(props.body)
  return (
    <figure
      aria-labelledby="message-preview-caption"
      className="rounded-2xl border border-border bg-subtle p-3 text-fg"
    >
      <figcaption id="message-preview-caption" className="mb-2 text-xs font-medium text-fg-muted">
        Preview of the email
      </figcaption>
      <div data-scheme="light" className="rounded-xl bg-surface p-4 text-[15px] leading-6 text-fg sm:p-6">
        <p className="mb-3 text-xs text-fg-muted">
          Subject: <span className="font-semibold text-fg">{props.subject || '(no subject yet)'}</span>
        </p>
        <p className="mb-4 text-xl font-bold text-fg [overflow-wrap:anywhere]">{props.subject || ' '}</p>
        {paragraphs.length === 0 ? <p className="mb-4 text-fg-muted">(Your message appears here.)</p> : null}
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
        {props.storeLinks ? (
          <p className="mb-4">
            <span className="inline-block rounded-md bg-brand px-4 py-2 font-bold text-on-brand">
              Join the beta on iPhone
            </span>{' '}
            <span className="text-sm text-fg-muted">(each person’s own link for their phone)</span>
          </p>
        ) : null}
        <p className="mb-4">
          Tell us how it is going, what works and what does not:{' '}
          <span className="text-link underline">send your feedback</span>. It takes a minute.
        </p>
        <p className="mb-1">Changed your mind? You can cancel anytime, with one click:</p>
        <p className="mb-4 text-link underline">Leave the beta</p>
        <hr className="mb-3 border-border" />
        <p className="text-sm text-fg-muted">
          Sent by the {PRODUCT.name} team because this address is on the {PRODUCT.name} beta list.
        </p>
      </div>
    </figure>
  )
}
