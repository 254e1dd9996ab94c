import type { EmailQueueState } from '../../../shared/console-api.ts'
import { Card } from '../../components/card.tsx'
import { aboutDuration, perSecond } from './wording.ts'

// The Launch view's email card (issue 52): what waits by kind, the pace, when the queue drains,
// and what to do when the day's quota will not carry it. docs/decisions/email-capacity.md

/** The queue's drain time, or why there is none. */
function drainText(seconds: number | null, total: number): string {
  if (total === 0) return 'Nothing is waiting.'
  if (seconds === null)
    return 'Drain time unknown: no rate is set (EMAIL_RATE_PER_SECOND) and nothing was sent in the last minute.'
  return `Drains in ${aboutDuration(seconds)}.`
}

export function EmailQueueCard({ queue }: { queue: EmailQueueState | undefined }) {
  return (
    <Card labelledBy="launch-email-heading" className="min-w-0">
      <h2 id="launch-email-heading" className="mb-2 font-semibold">
        Email queue
      </h2>
      {!queue ? (
        <p className="text-sm">Loading…</p>
      ) : (
        <>
          <p className="mb-2 text-sm">
            <strong>{queue.total}</strong> waiting. {drainText(queue.drainSeconds, queue.total)}
          </p>
          <dl className="mb-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            <dt className="text-fg-muted">Pace (last minute)</dt>
            <dd>{perSecond(queue.pacePerSecond)}</dd>
            <dt className="text-fg-muted">Rate limit</dt>
            <dd>{queue.ratePerSecond === null ? 'not set' : perSecond(queue.ratePerSecond)}</dd>
            <dt className="text-fg-muted">Sent today (UTC)</dt>
            <dd>
              {queue.sentToday}
              {queue.dailyLimit === null ? ' (no daily limit set)' : ` of ${queue.dailyLimit}`}
            </dd>
          </dl>
          {queue.pausedUntil ? (
            <p className="mb-2 text-sm" role="note">
              The provider asked to slow down: nothing is sent before {queue.pausedUntil.slice(11, 19)} UTC (
              {queue.pauseReason}).
            </p>
          ) : null}
          {!queue.fitsToday ? (
            <div
              className="mb-2 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm text-warning"
              role="note"
            >
              <p className="mb-1">
                The queue will not drain within today&apos;s quota: people who sign up now may wait days for their
                email. What you can do:
              </p>
              <ul className="list-disc pl-5">
                <li>raise your email plan, then EMAIL_DAILY_LIMIT and EMAIL_RATE_PER_SECOND with it;</li>
                <li>turn double opt-in off for the day (SIGNUP_CONFIRMATION=off): one email per person, not two;</li>
                <li>hold the daily digest and messages to groups until the queue has drained.</li>
              </ul>
            </div>
          ) : null}
          {queue.waiting.length > 0 ? (
            <table className="w-full text-sm">
              <caption className="sr-only">Emails waiting, by kind</caption>
              <thead>
                <tr className="text-left text-fg-muted">
                  <th scope="col" className="font-medium">
                    Kind
                  </th>
                  <th scope="col" className="text-right font-medium">
                    Waiting
                  </th>
                </tr>
              </thead>
              <tbody>
                {queue.waiting.map((w) => (
                  <tr key={w.kind}>
                    <td>{w.kind}</td>
                    <td className="text-right tabular-nums">{w.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      )}
    </Card>
  )
}
