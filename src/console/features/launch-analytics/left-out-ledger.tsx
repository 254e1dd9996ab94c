import type { LeftOutRow } from '../../../shared/launch-analytics.ts'

/** What each reason means, in the owner's words. */
const REASON_TEXT: Record<LeftOutRow['reason'], string> = {
  prefetch: 'Prefetches and prerenders (the browser guessing, not a visit)',
  'link-preview': 'Link previews (Slack, X, Discord, WhatsApp, Telegram, Facebook, LinkedIn…)',
  crawler: 'Crawlers and scripts on the bot list',
  script: 'Scripts posing as browsers (headers no browser leaves out)',
  'bad-browser-string': 'Missing or malformed browser string',
  'spam-referrer': 'Known spam referrers',
  owner: 'Your own visits (signed in to this console)',
  flood: 'Floods: over 30 page loads a minute from one visitor or 120 from one address, or made-up console cookies',
  'source-cap': 'New sources past the caps (counted as visits, under “(other)”)',
}

/** The ledger: every request that was not counted as a visit, by reason, so nothing is dropped silently. */
export function LeftOutLedger({ rows }: { rows: LeftOutRow[] }) {
  return (
    <table className="w-full text-start text-sm">
      <caption className="sr-only">Requests left out, by reason</caption>
      <thead className="text-xs text-fg-muted">
        <tr>
          <th scope="col" className="py-2 pe-3 font-medium">
            Reason
          </th>
          <th scope="col" className="py-2 text-end font-medium">
            Requests
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {rows.map((r) => (
          <tr key={r.reason}>
            <th scope="row" className="py-2 pe-3 font-normal">
              {REASON_TEXT[r.reason]}
            </th>
            <td className="py-2 text-end tabular-nums">{r.requests.toLocaleString('en-US')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
