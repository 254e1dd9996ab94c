import { Button } from '../../../ui/button.tsx'
import type { ImportResult } from '../../../shared/backups.ts'
import { plural, when } from '../../format.ts'

/** The preview of an import: what it would add and leave out, the first rows, then "Import". */
export function ImportSummary(props: {
  result: ImportResult
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const { counts, preview, invalidRows, unreadDates, columns } = props.result
  const figures: [string, number][] = [
    ['New', counts.added],
    ['Repeated in the file', counts.duplicatesInFile],
    ['Already on the list', counts.alreadyListed],
    ['Suppressed (left or erased)', counts.suppressed],
    ['Invalid', counts.invalid],
  ]
  const read = [
    `email: “${columns.email}”`,
    columns.created ? `date: “${columns.created}”` : null,
    columns.language ? `language: “${columns.language}”` : null,
  ].filter(Boolean)
  return (
    <div className="mt-4">
      <p role="status" className="mb-2 text-sm text-fg">
        {`${plural(counts.rows, 'row')} read (${read.join(', ')}). ${plural(counts.added, 'person', 'people')} would be added with source “${props.result.source}”.`}
      </p>
      <dl className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {figures.map(([label, n]) => (
          <div key={label} className="rounded-xl border border-border p-2">
            <dt className="text-xs text-fg-muted">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{n.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {preview.length ? (
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-start text-sm">
            <caption className="mb-1 text-start text-xs text-fg-muted">The first new rows</caption>
            <thead className="text-xs text-fg-muted">
              <tr>
                <th scope="col" className="py-2 pe-3 font-medium">
                  Row
                </th>
                <th scope="col" className="py-2 pe-3 font-medium">
                  Email
                </th>
                <th scope="col" className="hidden py-2 pe-3 font-medium sm:table-cell">
                  Signed up
                </th>
                <th scope="col" className="hidden py-2 font-medium sm:table-cell">
                  Language
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {preview.map((p) => (
                <tr key={p.row}>
                  <td className="py-2 pe-3 tabular-nums">{p.row}</td>
                  <td className="py-2 pe-3 [overflow-wrap:anywhere]">{p.email}</td>
                  <td className="hidden py-2 pe-3 whitespace-nowrap sm:table-cell">
                    {p.createdAt ? when(p.createdAt) : 'at import'}
                  </td>
                  <td className="hidden py-2 sm:table-cell">{p.language ?? 'default'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {invalidRows.length ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-fg">{`Invalid rows (${counts.invalid.toLocaleString('en-US')}), not imported`}</summary>
          <ul className="mt-1 list-inside list-disc text-fg-muted">
            {invalidRows.map((r) => (
              <li key={r.row}>{`Row ${r.row}: ${r.reason}`}</li>
            ))}
            {counts.invalid > invalidRows.length ? (
              <li>{`… and ${counts.invalid - invalidRows.length} more`}</li>
            ) : null}
          </ul>
        </details>
      ) : null}
      {unreadDates.length ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-fg">{`Dates not read (${counts.datesUnread.toLocaleString('en-US')}): these rows get the import's time`}</summary>
          <p className="mt-1 text-fg-muted">A date is read as YYYY-MM-DD, with a time if there is one.</p>
          <ul className="mt-1 list-inside list-disc text-fg-muted">
            {unreadDates.map((d) => (
              <li key={d.row}>{`Row ${d.row}: “${d.value}”`}</li>
            ))}
            {counts.datesUnread > unreadDates.length ? (
              <li>{`… and ${counts.datesUnread - unreadDates.length} more`}</li>
            ) : null}
          </ul>
        </details>
      ) : null}
      <p className="mt-3 text-sm text-fg-muted">
        {props.result.send === 'none'
          ? 'No email will be sent.'
          : `Each new person gets ${props.result.send === 'welcome' ? 'the welcome email' : 'a request to confirm'}, queued and sent one at a time.`}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button type="button" onClick={props.onConfirm} disabled={props.busy || counts.added === 0}>
          {props.busy ? 'Importing…' : `Import ${plural(counts.added, 'person', 'people')}`}
        </Button>
        <Button type="button" variant="secondary" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
