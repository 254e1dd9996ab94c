import { useState, type ReactNode } from 'react'
import { Button } from '../../../ui/button.tsx'
import { Card, Heading } from '../../components/card.tsx'
import { ErrorText } from '../../components/status-text.tsx'
import { useCall, useSend } from '../../queries.ts'
import type { ViewProps } from '../../view-props.ts'
import { EndpointCard } from './endpoint-card.tsx'
import { EndpointForm } from './endpoint-form.tsx'
import { SecretNotice } from './secret-notice.tsx'

/**
 * Integrations: signed webhooks (Standard Webhooks 1.0) to the owner's own tools. Events leave
 * through the server's durable queue; the reference of every event is docs/outbound-events.md.
 * `apiTokens` is the api-tokens feature's section, handed over by the registry.
 */
export function IntegrationsView({ apiTokens }: ViewProps & { apiTokens?: ReactNode }) {
  const list = useCall('webhooks')
  const [adding, setAdding] = useState(false)
  const create = useSend('createWebhook', { invalidates: ['webhooks'], onSuccess: () => setAdding(false) })
  // The new endpoint's secret, shown once; Slack and Discord verify nothing: theirs would only confuse.
  const secret = create.data?.endpoint.kind === 'webhook' ? create.data.secret : null
  const endpoints = list.data?.endpoints ?? []
  const events = list.data?.events ?? []

  return (
    <div className="grid gap-4">
      <Heading>Integrations</Heading>
      <Card labelledBy="webhooks-heading" className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="webhooks-heading" className="font-semibold">
            Webhooks
          </h2>
          {adding ? null : <Button onClick={() => setAdding(true)}>Add endpoint</Button>}
        </div>
        <p className="text-sm">
          Each event is signed (webhook-id, webhook-timestamp, webhook-signature) and retried for about three days until
          your endpoint answers 2xx; the webhook-id stays the same on every retry. Make, Zapier and n8n accept them.
        </p>
        {secret ? <SecretNotice secret={secret} rotated={false} onDone={() => create.reset()} /> : null}
        {adding ? (
          <EndpointForm
            events={events}
            submitLabel="Add endpoint"
            onCancel={() => (setAdding(false), create.reset())}
            onSubmit={(fields) => create.mutate(fields)}
            busy={create.isPending}
            error={create.error?.message ?? null}
          />
        ) : null}
        <ErrorText message={list.error?.message ?? null} />
        {!list.isPending && endpoints.length === 0 && !adding ? (
          <p className="text-sm text-fg-muted">No endpoint yet.</p>
        ) : null}
      </Card>
      {endpoints.map((e) => (
        <EndpointCard key={e.id} endpoint={e} events={events} />
      ))}
      {apiTokens}
    </div>
  )
}
