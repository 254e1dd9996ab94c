import { AUDIENCE_LABELS, languageName } from '../../../shared/tester-messages.ts'
import type { SentTesterMessage } from '../../../shared/tester-messages-contract.ts'
import { when } from '../../format.ts'

/** The messages sent, newest first: group, time, and where their emails stand. */
export function SentMessagesTable({ rows }: { rows: SentTesterMessage[] }) {
  if (rows.length === 0) return <p className="text-sm">No message sent yet.</p>
  const num = 'py-2 pe-3 text-end tabular-nums'
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">Messages sent, newest first</caption>
        <thead className="text-xs text-fg-muted">
          <tr>
            <th scope="col" className="py-2 pe-3 font-medium">
              Message
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              Queued
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              Sent
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              Failed
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((m) => (
            <tr key={m.id}>
              <td className="py-2 pe-3">
                <p className="font-medium [overflow-wrap:anywhere]">{m.subject}</p>
                <p className="text-xs text-fg-muted">
                  {AUDIENCE_LABELS[m.audience]} · {when(m.createdAt)} · {m.recipients.toLocaleString('en-US')}{' '}
                  recipients
                  {m.languages.length > 0 ? ` · in ${m.languages.map(languageName).join(', ')}` : ''}
                  {m.cancelled > 0 ? ` · ${m.cancelled.toLocaleString('en-US')} left the list` : ''}
                </p>
              </td>
              <td className={num}>{m.queued.toLocaleString('en-US')}</td>
              <td className={num}>{m.sent.toLocaleString('en-US')}</td>
              <td className={num}>{m.failed.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
