import { CONTACT_TEXTS, DEFAULT_LOCALE } from '../../../shared/content.ts'
import type { SubjectValue } from '../../../shared/subjects.ts'
import { Button, buttonClass } from '../../../ui/button.tsx'
import type { ContactMessage } from '../../../shared/contact.ts'
import { when } from '../../format.ts'
import { Card } from '../../components/card.tsx'

// The console speaks the default language: the subject's label in it, or the value as stored.
const label = (value: string) => CONTACT_TEXTS[DEFAULT_LOCALE].subjects[value as SubjectValue] ?? value

/** A mailto: link that opens the owner's mail client with the answer's subject filled in. */
function replyHref(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`Re: ${label(subject)}`)}`
}

/** One contact message: who wrote about what, the text, and what the owner can do with it. */
export function ContactMessageCard(props: {
  message: ContactMessage
  onReopen: () => void
  onHandled: () => void
  onErase: () => void
}) {
  const m = props.message
  return (
    <Card>
      <article aria-labelledby={`message-${m.id}`}>
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`message-${m.id}`} className="font-semibold text-fg-strong">
            {label(m.subject)}{' '}
            <span className="font-normal">
              from <bdi>{m.name}</bdi>
            </span>
          </h2>
          <span className="text-xs text-fg-muted">{when(m.createdAt)}</span>
        </div>
        <p dir="auto" className="mb-2 text-sm break-all text-fg">
          {m.email}
        </p>
        <p dir="auto" className="mb-3 text-sm whitespace-pre-wrap">
          {m.message}
        </p>
        <p className="mb-3 text-xs text-fg-muted">
          {m.handledAt ? `Handled by ${m.handledBy} on ${when(m.handledAt)}` : 'New'}
        </p>
        <div className="flex flex-wrap gap-2">
          <a className={buttonClass('primary')} href={replyHref(m.email, m.subject)}>
            Reply
          </a>
          {m.handledAt ? (
            <Button variant="secondary" onClick={props.onReopen}>
              Reopen
            </Button>
          ) : (
            <Button variant="secondary" onClick={props.onHandled}>
              Mark handled
            </Button>
          )}
          <Button variant="ghost" onClick={props.onErase} aria-label={`Erase ${m.email}`}>
            Erase sender
          </Button>
        </div>
      </article>
    </Card>
  )
}
