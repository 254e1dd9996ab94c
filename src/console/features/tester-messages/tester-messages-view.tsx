import { useCall } from '../../queries.ts'
import { Card, Heading } from '../../components/card.tsx'
import { MessageComposer } from './message-composer.tsx'
import { SentMessagesTable } from './sent-messages-table.tsx'

// Messages to a group of the beta list. docs/decisions/tester-messages-and-feedback.md

export function TesterMessagesView() {
  // A sent message reads the overview again (useMessageComposer's invalidation).
  const { data: overview, refetch } = useCall('testerMessages')

  return (
    <>
      <Heading>Messages</Heading>
      <MessageComposer
        counts={overview?.audiences ?? null}
        stores={overview?.stores ?? { ios: false, android: false }}
      />
      <Card>
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-semibold">Sent messages</h2>
          <button type="button" className="text-sm text-link underline" onClick={() => void refetch()}>
            Refresh
          </button>
        </div>
        {overview ? <SentMessagesTable rows={overview.messages} /> : <p className="text-sm">Loading…</p>}
      </Card>
    </>
  )
}
