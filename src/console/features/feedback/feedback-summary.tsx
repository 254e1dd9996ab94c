import type { FeedbackSummaryRow } from '../../../shared/feedback.ts'

/** Entries and average rating per build, what Play's production application asks for. */
export function FeedbackSummary({ rows }: { rows: FeedbackSummaryRow[] }) {
  const total = rows.reduce((n, r) => n + r.count, 0)
  const average = total ? rows.reduce((s, r) => s + r.average * r.count, 0) / total : null
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-start text-sm">
        <caption className="mb-2 text-start text-sm">
          {total === 0
            ? 'No feedback yet.'
            : `${total.toLocaleString('en-US')} ${total === 1 ? 'entry' : 'entries'}, average rating ${average!.toFixed(1)} of 5.`}
        </caption>
        <thead className="text-xs text-fg-muted">
          <tr>
            <th scope="col" className="py-2 pe-3 font-medium">
              Build
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              Entries
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              Average rating
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((r) => (
            <tr key={r.build}>
              <td className="py-2 pe-3 [overflow-wrap:anywhere]">{r.build || 'No build given'}</td>
              <td className="py-2 pe-3 text-end tabular-nums">{r.count.toLocaleString('en-US')}</td>
              <td className="py-2 pe-3 text-end tabular-nums">{r.average.toFixed(1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
