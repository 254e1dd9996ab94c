import { useEffect, useState } from 'react'
import { api, type MessagesOverview } from '../../api.ts'
import { Card, Heading } from '../../components/card.tsx'
import { MessageComposer } from './message-composer.tsx'
import { SentMessagesTable } from './sent-messages-table.tsx'

// Messages to a group of the beta list. docs/decisions/tester-messages-and-feedback.md

export function MessagesView({ onError }: { onError: (err: unknown) => void }) {
  const [overview, setOverview] = useState<MessagesOverview | null>(null)
  const [tick, setTick] = useState(0)

  useEffect(() => {
    api.testerMessages().then(setOverview, onError)
  }, [tick, onError])

  return (
    <>
      <Heading>Messages</Heading>
      <MessageComposer
        counts={overview?.audiences ?? null}
        stores={overview?.stores ?? { ios: false, android: false }}
        onError={onError}
        onSent={() => setTick((t) => t + 1)}
      />
      <Card>
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-semibold">Sent messages</h2>
          <button type="button" className="text-sm text-link underline" onClick={() => setTick((t) => t + 1)}>
            Refresh
          </button>
        </div>
        {overview ? <SentMessagesTable rows={overview.messages} /> : <p className="text-sm">Loading…</p>}
      </Card>
    </>
  )
}
