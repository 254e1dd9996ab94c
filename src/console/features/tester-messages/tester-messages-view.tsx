import { useApi } from '../../use-api.ts'
import { testerMessagesApi } from './tester-messages-api.ts'
import { Card, Heading } from '../../components/card.tsx'
import { MessageComposer } from './message-composer.tsx'
import { SentMessagesTable } from './sent-messages-table.tsx'

// Messages to a group of the beta list. docs/decisions/tester-messages-and-feedback.md

export function TesterMessagesView({ onError }: { onError: (err: unknown) => void }) {
  const { data: overview, reload } = useApi(() => testerMessagesApi.overview(), [], onError)

  return (
    <>
      <Heading>Messages</Heading>
      <MessageComposer
        counts={overview?.audiences ?? null}
        stores={overview?.stores ?? { ios: false, android: false }}
        onError={onError}
        onSent={reload}
      />
      <Card>
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-semibold">Sent messages</h2>
          <button type="button" className="text-sm text-link underline" onClick={reload}>
            Refresh
          </button>
        </div>
        {overview ? <SentMessagesTable rows={overview.messages} /> : <p className="text-sm">Loading…</p>}
      </Card>
    </>
  )
}
