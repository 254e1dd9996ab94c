import { useState } from 'react'
import { useApi } from '../../use-api.ts'
import { buttonClass } from '../../../ui/button.tsx'
import { feedbackApi } from './feedback-api.ts'
import type { FeedbackFilters } from './feedback-api.ts'
import { BuildLabelForm } from './build-label-form.tsx'
import { Card, Heading } from '../../components/card.tsx'
import { FeedbackCard } from './feedback-card.tsx'
import { FeedbackSummary } from './feedback-summary.tsx'
import { Pager } from '../../components/pager.tsx'
import { FIELD, LabelledField, PLATFORM_TEXT } from '../../components/selection-fields.tsx'
import { ErrorText } from '../../components/status-text.tsx'
import { paths } from '../../../shared/paths.ts'

// What the testers think. docs/decisions/tester-messages-and-feedback.md

const ANY_BUILD = '\u0000any'

export function FeedbackView({ onError }: { onError: (err: unknown) => void }) {
  const [filters, setFilters] = useState<FeedbackFilters>({ build: null, rating: '', platform: 'all' })
  const [page, setPage] = useState(1)
  const { data, error, reload } = useApi(() => feedbackApi.page(filters, page), [filters, page], onError)

  const filter = (change: Partial<FeedbackFilters>) => (setFilters((f) => ({ ...f, ...change })), setPage(1))

  return (
    <>
      <Heading>Feedback</Heading>
      <div className="mb-4 grid gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="mb-2 font-semibold">Summary per build</h2>
          {data ? <FeedbackSummary rows={data.summary} /> : <p className="text-sm">Loading…</p>}
        </Card>
        <Card>
          <h2 className="mb-2 font-semibold">The feedback page</h2>
          <p className="mb-3 text-sm">
            Testers reach it from the link in their invitation and in every message. For a Play closed test, give Play
            this feedback URL:{' '}
            <code className="[overflow-wrap:anywhere]">{`${location.origin}${paths.feedback.href()}`}</code>
          </p>
          {data ? <BuildLabelForm label={data.buildLabel} onError={onError} onSaved={reload} /> : null}
        </Card>
      </div>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <LabelledField id="feedback-build" label="Build">
          <select
            id="feedback-build"
            className={FIELD}
            value={filters.build ?? ANY_BUILD}
            onChange={(e) => filter({ build: e.target.value === ANY_BUILD ? null : e.target.value })}
          >
            <option value={ANY_BUILD}>All builds</option>
            {data?.summary.map((s) => (
              <option key={s.build} value={s.build}>
                {s.build || 'No build given'}
              </option>
            ))}
          </select>
        </LabelledField>
        <LabelledField id="feedback-rating" label="Rating">
          <select
            id="feedback-rating"
            className={FIELD}
            value={filters.rating}
            onChange={(e) => filter({ rating: e.target.value })}
          >
            <option value="">All ratings</option>
            {[5, 4, 3, 2, 1].map((r) => (
              <option key={r} value={String(r)}>{`${r} of 5`}</option>
            ))}
          </select>
        </LabelledField>
        <LabelledField id="feedback-platform" label="Phone">
          <select
            id="feedback-platform"
            className={FIELD}
            value={filters.platform}
            onChange={(e) => filter({ platform: e.target.value as FeedbackFilters['platform'] })}
          >
            <option value="all">All phones</option>
            <option value="ios">{PLATFORM_TEXT.ios}</option>
            <option value="android">{PLATFORM_TEXT.android}</option>
            <option value="unknown">Not given</option>
          </select>
        </LabelledField>
        <a href={feedbackApi.exportUrl(filters)} download className={buttonClass('secondary')}>
          Export CSV
        </a>
      </div>
      <ErrorText message={error} />
      {data ? (
        <p className="mb-2 text-sm" role="status">
          {data.total === 1 ? '1 entry' : `${data.total.toLocaleString('en-US')} entries`}, newest first.
        </p>
      ) : null}
      <ul className="grid gap-3">
        {data?.rows.map((f) => (
          <li key={f.id}>
            <FeedbackCard entry={f} />
          </li>
        ))}
      </ul>
      {data ? (
        <Pager page={page} pages={Math.ceil(data.total / data.size)} onPage={setPage} label="Feedback pages" />
      ) : null}
    </>
  )
}
