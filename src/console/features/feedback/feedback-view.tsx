import { useState } from 'react'
import { buttonClass } from '../../../ui/button.tsx'
import type { FeedbackQuery } from '../../../shared/feedback.ts'
import { urlOf } from '../../api.ts'
import { useCall } from '../../queries.ts'
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

/** The view's filters; null and '' are "any". */
type FeedbackFilters = { build: string | null; rating: string; platform: FeedbackQuery['platform'] }

/** The filters as the query (and the export's link) takes them. */
const feedbackQuery = (f: FeedbackFilters) => ({
  ...(f.build !== null ? { build: f.build } : {}),
  ...(f.rating ? { rating: Number(f.rating) } : {}),
  platform: f.platform,
})

export function FeedbackView() {
  const [filters, setFilters] = useState<FeedbackFilters>({ build: null, rating: '', platform: 'all' })
  const [page, setPage] = useState(1)
  const { data, error } = useCall('feedback', { ...feedbackQuery(filters), page, size: 20 })

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
          {data ? <BuildLabelForm label={data.buildLabel} /> : null}
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
        <a href={urlOf('feedbackExport', feedbackQuery(filters))} download className={buttonClass('secondary')}>
          Export CSV
        </a>
      </div>
      <ErrorText message={error?.message ?? null} />
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
