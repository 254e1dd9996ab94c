import { useEffect, useState } from 'react'
import { Button } from '../../../ui/button.tsx'
import { api, type InboxFilter, type InboxPage } from '../../api.ts'
import { Heading } from '../../components/card.tsx'
import { ErasePersonDialog } from '../../components/erase-person-dialog.tsx'
import { MessageCard } from './contact-message-card.tsx'
import { Pager } from '../../components/pager.tsx'
import { ErrorText } from '../../components/status-text.tsx'

export function InboxView({ onError }: { onError: (err: unknown) => void }) {
  const [filter, setFilter] = useState<InboxFilter>('new')
  const [page, setPage] = useState(1)
  const [inbox, setInbox] = useState<InboxPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [tick, setTick] = useState(0)
  const [erasing, setErasing] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    api.messages(filter, page).then(setInbox, (err: unknown) => (setError((err as Error).message), onError(err)))
  }, [filter, page, tick, onError])

  const act = (fn: () => Promise<unknown>) =>
    fn().then(
      () => setTick((t) => t + 1),
      (err: unknown) => (setError((err as Error).message), onError(err)),
    )

  async function erase() {
    if (!erasing) return
    setBusy(true)
    await act(() => api.erase(erasing))
    setBusy(false)
    setErasing(null)
  }

  const counts = inbox?.counts
  return (
    <>
      <Heading>Inbox</Heading>
      <div role="group" aria-label="Show" className="mb-4 flex flex-wrap gap-1">
        {(['new', 'handled', 'all'] as const).map((f) => (
          <Button
            key={f}
            variant={filter === f ? 'primary' : 'secondary'}
            aria-pressed={filter === f}
            onClick={() => (setFilter(f), setPage(1))}
          >
            {f === 'new' ? 'New' : f === 'handled' ? 'Handled' : 'All'}
            {counts ? ` (${counts[f]})` : ''}
          </Button>
        ))}
      </div>
      <ErrorText message={error} />
      {inbox && inbox.rows.length === 0 ? <p>No messages here.</p> : null}
      <ul className="grid gap-3">
        {inbox?.rows.map((m) => (
          <li key={m.id}>
            <MessageCard
              message={m}
              onReopen={() => void act(() => api.reopen(m.id))}
              onHandled={() => void act(() => api.markHandled(m.id))}
              onErase={() => setErasing(m.email)}
            />
          </li>
        ))}
      </ul>
      {inbox ? (
        <Pager
          page={page}
          pages={Math.ceil((counts?.[filter] ?? 0) / inbox.size)}
          onPage={setPage}
          label="Inbox pages"
        />
      ) : null}
      <ErasePersonDialog email={erasing} busy={busy} onConfirm={() => void erase()} onCancel={() => setErasing(null)} />
    </>
  )
}
