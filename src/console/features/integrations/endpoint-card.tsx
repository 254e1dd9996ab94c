import { useState } from 'react'
import type { EndpointRequestInput } from '../../../shared/outbound-events.ts'
import { call, type Answer } from '../../api.ts'
import { useActions, useSend } from '../../queries.ts'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../components/card.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'
import { DeliveryLog } from './delivery-log.tsx'
import { EndpointForm } from './endpoint-form.tsx'
import { SecretNotice } from './secret-notice.tsx'

type WebhookEndpoint = Answer<'EndpointView'>

/** The endpoint's fields as the save call takes them, with some changed. */
function fieldsOf(e: WebhookEndpoint, change: Partial<EndpointRequestInput> = {}): EndpointRequestInput {
  return {
    kind: e.kind,
    url: e.url,
    description: e.description,
    events: e.events as EndpointRequestInput['events'],
    enabled: e.enabled,
    fullAddresses: e.fullAddresses,
    ...change,
  }
}

/** One webhook endpoint: its state and counts, and what the owner can do with it. */
export function EndpointCard({ endpoint: e, events }: { endpoint: WebhookEndpoint; events: string[] }) {
  const [editing, setEditing] = useState(false)
  const [showLog, setShowLog] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  // The card's writes: the last one's outcome shows; each reads the list again.
  const action = useActions(['webhooks'])
  const act = (run: () => Promise<unknown>, done: string) => action.mutate(async () => (await run(), done))
  // The new secret, shown once until the owner says it is saved.
  const rotate = useSend('rotateWebhookSecret', { invalidates: ['webhooks'] })
  const secret = rotate.data?.secret ?? null
  // The latest write's outcome or failure.
  const rotatedLast = rotate.submittedAt > action.submittedAt
  const done = rotatedLast ? (rotate.isSuccess ? 'New secret made' : null) : (action.data ?? null)
  const error = (rotatedLast ? rotate.error : action.error)?.message ?? null

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
          <code key={x} className="me-2 inline-block">
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
      {secret ? <SecretNotice secret={secret} rotated onDone={() => rotate.reset()} /> : null}
      {editing ? (
        <EndpointForm
          events={events}
          initial={fieldsOf(e)}
          submitLabel="Save"
          onCancel={() => (setEditing(false), action.reset())}
          onSubmit={(fields) =>
            action.mutate(async () => (await call('updateWebhook', { id: e.id, ...fields }), 'Saved'), {
              onSuccess: () => setEditing(false),
            })
          }
          busy={action.isPending}
          error={error}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => act(() => call('testWebhook', { id: e.id }), 'Test event queued')}>
            {e.kind === 'webhook' ? 'Send test event' : 'Send test message'}
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              act(
                () => call('updateWebhook', { id: e.id, ...fieldsOf(e, { enabled: !e.enabled }) }),
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
            <Button variant="secondary" onClick={() => rotate.mutate({ id: e.id })}>
              Rotate secret
            </Button>
          ) : null}
          <Button variant="ghost" aria-expanded={showLog} onClick={() => setShowLog((s) => !s)}>
            {showLog ? 'Hide log' : 'Delivery log'}
          </Button>
          {confirmDelete ? (
            <Button variant="danger" onClick={() => act(() => call('deleteWebhook', { id: e.id }), 'Deleted')}>
              Delete for good
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
        </div>
      )}
      <ErrorText message={editing ? null : error} />
      <DoneText message={done} />
      {showLog ? <DeliveryLog endpointId={e.id} /> : null}
    </Card>
  )
}
