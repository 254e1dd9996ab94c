import type { FeedbackEntry } from '../../../shared/feedback.ts'
import { when } from '../../format.ts'
import { Card } from '../../components/card.tsx'
import { PLATFORM_TEXT } from '../../components/selection-fields.tsx'

/** One tester's feedback: rating, build, phone, when, who, and their two answers. */
export function FeedbackCard({ entry }: { entry: FeedbackEntry }) {
  const phone = [entry.platform === 'unknown' ? '' : PLATFORM_TEXT[entry.platform], entry.osVersion]
    .filter(Boolean)
    .join(', ')
  return (
    <Card>
      <article aria-labelledby={`feedback-${entry.id}`}>
        <h3 id={`feedback-${entry.id}`} className="font-semibold">
          {`Rated ${entry.rating} of 5`}
          <span className="font-normal text-fg-muted">
            {` · build ${entry.build || 'not given'}${phone ? ` · ${phone}` : ''}`}
          </span>
        </h3>
        <p className="mb-2 text-xs text-fg-muted [overflow-wrap:anywhere]">
          <a href={`mailto:${entry.email}`} className="underline">
            {entry.email}
          </a>{' '}
          · {when(entry.createdAt)}
        </p>
        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="font-medium">What works</dt>
            <dd dir="auto" className="whitespace-pre-wrap [overflow-wrap:anywhere]">
              {entry.works || '(nothing written)'}
            </dd>
          </div>
          <div>
            <dt className="font-medium">What does not</dt>
            <dd dir="auto" className="whitespace-pre-wrap [overflow-wrap:anywhere]">
              {entry.broken || '(nothing written)'}
            </dd>
          </div>
        </dl>
      </article>
    </Card>
  )
}
