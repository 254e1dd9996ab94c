import { SOURCE_ROWS } from '../../../shared/limits.ts'
import type { LaunchSourceRow } from '../../../shared/launch-analytics.ts'

const n = (v: number) => v.toLocaleString('en-US')
const pct = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}%`)
const TH = 'py-2 pe-3 font-medium whitespace-nowrap'
const TD = 'py-2 pe-3 tabular-nums whitespace-nowrap'

/**
 * Visitors, sign-ups and conversion per source, then what became of the sign-ups (after launch:
 * who opened their own /app link), and the openings of /app per platform (clicks, not people).
 */
export function SourceTable({ rows, measured }: { rows: LaunchSourceRow[]; measured: boolean }) {
  if (!rows.length) return <p className="text-sm">No visits or sign-ups in this range yet.</p>
  return (
    // Wider than a phone (and, with the app's columns, than some laptops): the table scrolls in its
    // own region, which keyboard users can focus and scroll too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Per source, scrollable">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">Visitors, sign-ups and what became of them, per source</caption>
        <thead className="text-xs text-fg-muted">
          <tr>
            <th scope="col" className={TH}>
              Source
            </th>
            <th scope="col" className={TH}>
              Visitors
            </th>
            <th scope="col" className={TH}>
              Sign-ups
            </th>
            <th scope="col" className={TH}>
              Conversion
            </th>
            <th scope="col" className={TH}>
              Confirmed
            </th>
            <th scope="col" className={TH}>
              Invited
            </th>
            <th scope="col" className={TH}>
              Opened store link
            </th>
            <th scope="col" className={TH}>
              Feedback
            </th>
            <th scope="col" className={TH}>
              iPhone / Android / other
            </th>
            <th scope="col" className={TH}>
              Got the app (own link)
            </th>
            <th scope="col" className={TH}>
              /app opens: iPhone / Android / other
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((r) => (
            <tr key={r.source}>
              {r.source === SOURCE_ROWS.other ? (
                <th scope="row" className="py-2 pe-3 font-medium italic">
                  Other sources
                  <span className="block text-xs font-normal not-italic text-fg-muted">
                    past the first {SOURCE_ROWS.max}, or new past the caps
                  </span>
                </th>
              ) : (
                <th scope="row" className="max-w-48 truncate py-2 pe-3 font-medium" title={r.source}>
                  {r.source}
                </th>
              )}
              <td className={TD}>{measured ? n(r.visitors) : '–'}</td>
              <td className={TD}>{n(r.signups)}</td>
              <td className={TD}>{pct(r.conversion)}</td>
              <td className={TD}>{n(r.confirmed)}</td>
              <td className={TD}>{n(r.invited)}</td>
              <td className={TD}>{n(r.opened)}</td>
              <td className={TD}>{n(r.feedback)}</td>
              <td className={TD}>{measured ? `${n(r.ios)} / ${n(r.android)} / ${n(r.other)}` : '–'}</td>
              <td className={TD}>{n(r.openedAfterLaunch)}</td>
              <td className={TD}>{`${n(r.appOpensIos)} / ${n(r.appOpensAndroid)} / ${n(r.appOpensOther)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
