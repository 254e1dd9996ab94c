import { useState, type FormEvent } from 'react'
import { Button } from '../../../ui/button.tsx'
import { FIELD, LabelledField } from '../../components/selection-fields.tsx'
import { ErrorText } from '../../components/status-text.tsx'
import type { DestinationKind, EndpointRequestInput } from '../../../shared/outbound-events.ts'

type Events = EndpointRequestInput['events']

const KIND_TEXT: Record<DestinationKind, { label: string; placeholder: string }> = {
  webhook: { label: 'Signed webhook (Standard Webhooks)', placeholder: 'https://hooks.example.com/launch' },
  slack: { label: 'Slack incoming webhook', placeholder: 'https://hooks.slack.com/services/T000/B000/XXXX' },
  discord: { label: 'Discord webhook', placeholder: 'https://discord.com/api/webhooks/123/abc' },
}

/** A new endpoint, or an existing one's settings: URL, description, events, full addresses. */
export function EndpointForm({
  events,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  busy,
  error,
}: {
  events: string[]
  initial?: EndpointRequestInput
  submitLabel: string
  onSubmit: (fields: EndpointRequestInput) => void
  onCancel?: () => void
  /** The save on its way, and its failure (the parent's write). */
  busy: boolean
  error: string | null
}) {
  const [kind, setKind] = useState<DestinationKind>(initial?.kind ?? 'webhook')
  const [url, setUrl] = useState(initial?.url ?? '')
  const [description, setDescription] = useState(initial?.description ?? '')
  const [chosen, setChosen] = useState<Set<string>>(new Set(initial?.events ?? ['signup.created']))
  const [fullAddresses, setFullAddresses] = useState(initial?.fullAddresses ?? false)
  const idPrefix = initial ? `edit-${initial.url.length}` : 'new'

  function submit(e: FormEvent) {
    e.preventDefault()
    onSubmit({
      kind,
      url,
      description,
      events: events.filter((x) => chosen.has(x)) as Events,
      enabled: initial?.enabled ?? true,
      fullAddresses,
    })
  }

  const toggle = (event: string, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s)
      if (on) next.add(event)
      else next.delete(event)
      return next
    })

  return (
    <form className="grid gap-3" onSubmit={submit}>
      <LabelledField id={`${idPrefix}-kind`} label="Destination">
        <select
          id={`${idPrefix}-kind`}
          className={FIELD}
          value={kind}
          onChange={(e) => setKind(e.target.value as DestinationKind)}
        >
          {(Object.keys(KIND_TEXT) as DestinationKind[]).map((k) => (
            <option key={k} value={k}>
              {KIND_TEXT[k].label}
            </option>
          ))}
        </select>
      </LabelledField>
      <LabelledField id={`${idPrefix}-url`} label="Endpoint URL">
        <input
          id={`${idPrefix}-url`}
          className={`${FIELD} w-full`}
          type="url"
          required
          maxLength={2000}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={KIND_TEXT[kind].placeholder}
        />
      </LabelledField>
      <LabelledField id={`${idPrefix}-description`} label="Description (optional)">
        <input
          id={`${idPrefix}-description`}
          className={`${FIELD} w-full`}
          maxLength={200}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="CRM sync"
        />
      </LabelledField>
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {events.map((event) => (
            <label key={event} className="flex min-h-8 items-center gap-2 text-sm">
              <input type="checkbox" checked={chosen.has(event)} onChange={(e) => toggle(event, e.target.checked)} />
              <code>{event}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1"
          checked={fullAddresses}
          onChange={(e) => setFullAddresses(e.target.checked)}
        />
        <span>
          Send full email addresses. Off, payloads carry a masked address (j…e@example.com). Turning it on sends
          personal data to this URL and is written to the audit log.
        </span>
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || chosen.size === 0}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      <ErrorText message={error} />
    </form>
  )
}
