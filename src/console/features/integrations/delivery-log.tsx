import { useState, type FormEvent } from 'react'
import { Button } from '../../../ui/button.tsx'
import { useApi } from '../../use-api.ts'
import { FIELD, LabelledField } from '../../components/selection-fields.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'
import { integrationsApi } from './integrations-api.ts'

const time = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'medium' })

/** One endpoint's attempts, newest first, with Replay of one delivery or of everything since a time. */
export function DeliveryLog({ endpointId, onError }: { endpointId: number; onError: (err: unknown) => void }) {
  const log = useApi(() => integrationsApi.log(endpointId), [endpointId], onError)
  const [since, setSince] = useState('')
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function replay(what: { deliveryId: number } | { since: string }) {
    setError(null)
    setDone(null)
    try {
      const { queued } = await integrationsApi.replay(endpointId, what)
      setDone(`${queued} ${queued === 1 ? 'delivery' : 'deliveries'} queued again`)
      log.reload()
    } catch (err) {
      setError((err as Error).message)
      onError(err)
    }
  }

  function replaySince(e: FormEvent) {
    e.preventDefault()
    if (since) void replay({ since: new Date(since).toISOString() })
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
        <Button variant="ghost" onClick={log.reload}>
          Refresh log
        </Button>
      </form>
      <ErrorText message={error ?? log.error} />
      <DoneText message={done} />
      {attempts.length === 0 ? (
        <p className="text-sm text-fg-muted">{log.loading ? 'Loading…' : 'No attempts yet.'}</p>
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
                  className="ml-auto h-8"
                  disabled={a.deliveryStatus === 'sending'}
                  onClick={() => void replay({ deliveryId: a.deliveryId })}
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
