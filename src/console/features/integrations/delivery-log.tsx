import { useState, type FormEvent } from 'react'
import { Button } from '../../../ui/button.tsx'
import { useCall, useSend } from '../../queries.ts'
import { FIELD, LabelledField } from '../../components/selection-fields.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'

const time = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'medium' })

/** One endpoint's attempts, newest first, with Replay of one delivery or of everything since a time. */
export function DeliveryLog({ endpointId }: { endpointId: number }) {
  const log = useCall('webhookLog', { id: endpointId })
  const [since, setSince] = useState('')
  const replaying = useSend('replayWebhook', {
    input: (what: { deliveryId: number } | { since: string }) => ({ id: endpointId, ...what }),
    invalidates: ['webhookLog', 'webhooks'],
  })
  const replay = (what: { deliveryId: number } | { since: string }) => replaying.mutate(what)
  const queued = replaying.data?.queued
  const done = queued === undefined ? null : `${queued} ${queued === 1 ? 'delivery' : 'deliveries'} queued again`

  function replaySince(e: FormEvent) {
    e.preventDefault()
    if (since) replay({ since: new Date(since).toISOString() })
  }

  const attempts = log.data?.attempts ?? []
  return (
    <div className="grid gap-3">
      <form className="flex flex-wrap items-end gap-2" onSubmit={replaySince}>
        <LabelledField id={`since-${endpointId}`} label="Replay everything since">
          <input
            id={`since-${endpointId}`}
            type="datetime-local"
            className={FIELD}
            required
            value={since}
            onChange={(e) => setSince(e.target.value)}
          />
        </LabelledField>
        <Button type="submit" variant="secondary">
          Replay
        </Button>
        <Button variant="ghost" onClick={() => void log.refetch()}>
          Refresh log
        </Button>
      </form>
      <ErrorText message={(replaying.error ?? log.error)?.message ?? null} />
      <DoneText message={done} />
      {attempts.length === 0 ? (
        <p className="text-sm text-fg-muted">{log.isFetching ? 'Loading…' : 'No attempts yet.'}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {attempts.map((a) => (
            <li key={a.id} className="grid gap-1 rounded-xl border border-border p-2">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium">{time(a.at)}</span>
                <code>{a.event}</code>
                <span className={a.status !== null && a.status < 300 ? 'text-success' : 'text-danger'}>
                  {a.status ?? 'no answer'}
                </span>
                <span className="text-fg-muted">{a.latencyMs} ms</span>
                <span className="text-fg-muted">{a.deliveryStatus}</span>
                <Button
                  variant="ghost"
                  className="ms-auto h-8"
                  disabled={a.deliveryStatus === 'sending'}
                  onClick={() => replay({ deliveryId: a.deliveryId })}
                  aria-label={`Replay ${a.event} delivery ${a.messageId}`}
                >
                  Replay
                </Button>
              </div>
              <code className="text-xs text-fg-muted [overflow-wrap:anywhere]">{a.messageId}</code>
              {a.response ? (
                <pre className="max-h-24 overflow-auto rounded-lg bg-subtle p-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">
                  {a.response}
                </pre>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
