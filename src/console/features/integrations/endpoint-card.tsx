import { useState } from 'react'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../components/card.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'
import { DeliveryLog } from './delivery-log.tsx'
import { EndpointForm } from './endpoint-form.tsx'
import { fieldsOf, integrationsApi, type WebhookEndpoint } from './integrations-api.ts'
import { SecretNotice } from './secret-notice.tsx'

/** One webhook endpoint: its state and counts, and what the owner can do with it. */
export function EndpointCard({
  endpoint: e,
  events,
  onChanged,
  onError,
}: {
  endpoint: WebhookEndpoint
  events: string[]
  onChanged: () => void
  onError: (err: unknown) => void
}) {
  const [editing, setEditing] = useState(false)
  const [showLog, setShowLog] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)

  async function act(what: () => Promise<unknown>, message: string) {
    setError(null)
    setDone(null)
    try {
      await what()
      setDone(message)
      onChanged()
    } catch (err) {
      setError((err as Error).message)
      onError(err)
    }
  }

  const headingId = `endpoint-${e.id}`
  return (
    <Card labelledBy={headingId} className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold [overflow-wrap:anywhere]">
            {e.url}
          </h3>
          {e.description ? <p className="text-sm text-fg-muted">{e.description}</p> : null}
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${e.enabled ? 'bg-success/15 text-success' : 'bg-danger/15 text-danger'}`}
        >
          {e.enabled ? 'Enabled' : 'Paused'}
        </span>
      </div>
      {e.pausedReason ? <p className="text-sm text-danger">Paused by the sender: {e.pausedReason}.</p> : null}
      {e.failingSince && e.enabled ? (
        <p className="text-sm text-danger">Failing since {new Date(e.failingSince).toLocaleString('en-GB')}.</p>
      ) : null}
      <p className="text-sm">
        {e.events.map((x) => (
          <code key={x} className="mr-2 inline-block">
            {x}
          </code>
        ))}
      </p>
      <p className="text-sm text-fg-muted">
        {e.kind === 'webhook' ? 'Signed webhook' : e.kind === 'slack' ? 'Slack' : 'Discord'} · {e.delivered} delivered ·{' '}
        {e.pending} waiting · {e.failed} failed
        {e.kind === 'webhook' ? ` · secret ${e.secretHint}${e.rotating ? ' (old secret still signs)' : ''}` : ''} ·{' '}
        {e.fullAddresses ? 'full addresses' : 'masked addresses'}
      </p>
      {secret ? <SecretNotice secret={secret} rotated onDone={() => setSecret(null)} /> : null}
      {editing ? (
        <EndpointForm
          events={events}
          initial={fieldsOf(e)}
          submitLabel="Save"
          onCancel={() => setEditing(false)}
          onSubmit={async (fields) => {
            await integrationsApi.update(e.id, fields)
            setEditing(false)
            setDone('Saved')
            onChanged()
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void act(() => integrationsApi.test(e.id), 'Test event queued')}>
            {e.kind === 'webhook' ? 'Send test event' : 'Send test message'}
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              void act(
                () => integrationsApi.update(e.id, fieldsOf(e, { enabled: !e.enabled })),
                e.enabled ? 'Paused' : 'Enabled',
              )
            }
          >
            {e.enabled ? 'Pause' : 'Enable'}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
          {e.kind === 'webhook' ? (
            <Button
              variant="secondary"
              onClick={() =>
                void act(async () => setSecret((await integrationsApi.rotate(e.id)).secret), 'New secret made')
              }
            >
              Rotate secret
            </Button>
          ) : null}
          <Button variant="ghost" aria-expanded={showLog} onClick={() => setShowLog((s) => !s)}>
            {showLog ? 'Hide log' : 'Delivery log'}
          </Button>
          {confirmDelete ? (
            <Button variant="danger" onClick={() => void act(() => integrationsApi.remove(e.id), 'Deleted')}>
              Delete for good
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
        </div>
      )}
      <ErrorText message={error} />
      <DoneText message={done} />
      {showLog ? <DeliveryLog endpointId={e.id} onError={onError} /> : null}
    </Card>
  )
}
