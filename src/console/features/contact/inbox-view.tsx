import { useState } from 'react'
import { useApi } from '../../use-api.ts'
import { Button } from '../../../ui/button.tsx'
import { contactApi } from './contact-api.ts'
import type { InboxFilter } from '../../../shared/contact.ts'
import { Heading } from '../../components/card.tsx'
import type { PersonActions } from '../../view-props.ts'
import { ErasePersonDialog } from '../../components/erase-person-dialog.tsx'
import { ContactMessageCard } from './contact-message-card.tsx'
import { Pager } from '../../components/pager.tsx'
import { ErrorText } from '../../components/status-text.tsx'

export function InboxView({
  onError,
  erase: erasePerson,
}: {
  onError: (err: unknown) => void
  erase: PersonActions['erase']
}) {
  const [filter, setFilter] = useState<InboxFilter>('new')
  const [page, setPage] = useState(1)
  const loaded = useApi(() => contactApi.inbox(filter, page), [filter, page], onError)
  const inbox = loaded.data
  // A failed action's message; a failed load's comes from useApi.
  const [error, setError] = useState<string | null>(null)
  const [erasing, setErasing] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const act = (fn: () => Promise<unknown>) =>
    fn().then(loaded.reload, (err: unknown) => (setError((err as Error).message), onError(err)))

  async function erase() {
    if (!erasing) return
    setBusy(true)
    await act(() => erasePerson(erasing))
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
      <ErrorText message={error ?? loaded.error} />
      {inbox && inbox.rows.length === 0 ? <p>No messages here.</p> : null}
      <ul className="grid gap-3">
        {inbox?.rows.map((m) => (
          <li key={m.id}>
            <ContactMessageCard
              message={m}
              onReopen={() => void act(() => contactApi.reopen(m.id))}
              onHandled={() => void act(() => contactApi.markHandled(m.id))}
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
