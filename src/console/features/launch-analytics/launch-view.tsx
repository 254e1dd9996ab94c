import { useMemo, useState } from 'react'
import { buttonClass } from '../../../ui/button.tsx'
import { Card, Figure, Heading } from '../../components/card.tsx'
import { FIELD, LabelledField } from '../../components/selection-fields.tsx'
import { ErrorText } from '../../components/status-text.tsx'
import { urlOf } from '../../api.ts'
import { EmailQueueCard } from './email-queue-card.tsx'
import { LaunchChart } from './launch-chart.tsx'
import { LeftOutLedger } from './left-out-ledger.tsx'
import { ReadinessCard } from './readiness-card.tsx'
import { ShareLinksCard } from './share-links-card.tsx'
import { SourceTable } from './source-table.tsx'
import {
  REFRESH_MS,
  useEmailQueue,
  useLaunchReadiness,
  useLaunchReport,
  type LaunchRange,
} from './use-launch-report.ts'

// Launch day, measured. docs/decisions/launch-analytics.md

const RANGES = [
  { id: '1-hour', label: 'Last 24 hours, per hour', range: { days: 1, bucket: 'hour' } },
  { id: '2-hour', label: 'Last 48 hours, per hour', range: { days: 2, bucket: 'hour' } },
  { id: '7-day', label: 'Last 7 days, per day', range: { days: 7, bucket: 'day' } },
  { id: '30-day', label: 'Last 30 days, per day', range: { days: 30, bucket: 'day' } },
] as const satisfies readonly { id: string; label: string; range: LaunchRange }[]

export function LaunchView() {
  const [rangeId, setRangeId] = useState<(typeof RANGES)[number]['id']>('2-hour')
  const range = useMemo(() => (RANGES.find((r) => r.id === rangeId) ?? RANGES[1]).range, [rangeId])
  const { report, error } = useLaunchReport(range)
  const emailQueue = useEmailQueue()
  const readiness = useLaunchReadiness()
  const served = report?.visitsMeasured ?? true
  // A server with the page that has never seen one of its requests: a proxy or a CDN in front
  // serves the documents itself. Zeros would read as "nobody came"; say what is going on instead.
  const unseen = served && report ? !report.documentsSeen : false
  const measured = served && !unseen
  const conversion =
    report && report.totals.visitors > 0
      ? `${((report.totals.signups / report.totals.visitors) * 100).toFixed(1)}%`
      : '–'

  return (
    <>
      <Heading>Launch</Heading>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <LabelledField id="launch-range" label="Range">
          <select
            id="launch-range"
            className={FIELD}
            value={rangeId}
            onChange={(e) => setRangeId(e.target.value as typeof rangeId)}
          >
            {RANGES.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </LabelledField>
        <a href={urlOf('launchExport', range)} download className={buttonClass('secondary')}>
          Export CSV
        </a>
        <p className="text-xs text-fg-muted">Updates every {REFRESH_MS / 1000} seconds while this tab is open.</p>
      </div>
      <ErrorText message={error} />
      {!served ? (
        <p className="mb-3 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm text-warning" role="note">
          Visits are not measured here: this server does not serve the page (a static host or Supabase does). Sign-ups
          carry the source the page read from its address and the previous page; visitors and conversion are unknown.
        </p>
      ) : null}
      {unseen ? (
        <p className="mb-3 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm text-warning" role="note">
          Visits are not measured yet: no request for the page has reached this server. If nginx, Caddy or a CDN serves
          the page itself, let it pass the page (<code>/</code>, the language and legal pages) to this server, as the
          recipes in docs/deploy.md do. Until then, sign-ups carry the source the page read; visitors and conversion are
          unknown.
        </p>
      ) : null}
      {report && !report.joinSignups ? (
        <p className="mb-3 text-sm" role="note">
          Sign-ups are not joined to visits (ANALYTICS_JOIN_SIGNUPS=false): counts only.
        </p>
      ) : null}
      <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure label="Visitors (unique per day)" value={!measured ? '–' : report?.totals.visitors} />
        <Figure label="Sign-ups" value={report?.totals.signups} />
        <Figure label="Conversion" value={report ? conversion : undefined} />
        <Figure label="Left out" value={report?.totals.leftOut} />
        <Figure label="/app opens" value={report?.totals.appOpens} />
      </div>
      <div className="mb-4 grid gap-4">
        <Card labelledBy="launch-sources-heading" className="min-w-0">
          <h2 id="launch-sources-heading" className="mb-2 font-semibold">
            Per source
          </h2>
          <p className="mb-2 text-xs text-fg-muted">
            Visitors are counted once per day without a cookie, so a person who comes on two days counts twice: they are
            visits, not people. Sign-ups are people.
          </p>
          {report ? <SourceTable rows={report.sources} measured={measured} /> : <p className="text-sm">Loading…</p>}
        </Card>
        <Card labelledBy="launch-time-heading" className="min-w-0">
          <h2 id="launch-time-heading" className="mb-2 font-semibold">
            {range.bucket === 'hour' ? 'Per hour' : 'Per day'}
          </h2>
          {report ? (
            <LaunchChart buckets={report.buckets} bucket={report.bucket} />
          ) : (
            <p className="text-sm">Loading…</p>
          )}
        </Card>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card labelledBy="launch-ledger-heading" className="min-w-0">
          <h2 id="launch-ledger-heading" className="mb-2 font-semibold">
            Left out
          </h2>
          <p className="mb-2 text-xs text-fg-muted">
            Page requests that were not counted as visits, and why; and visits counted without their new source.
          </p>
          {report ? <LeftOutLedger rows={report.leftOut} /> : <p className="text-sm">Loading…</p>}
        </Card>
        <ShareLinksCard channels={report?.channels ?? []} />
        <ReadinessCard readiness={readiness} />
        <EmailQueueCard queue={emailQueue} />
      </div>
    </>
  )
}
