import { useState } from 'react'
import { useCall, useSend } from '../../queries.ts'
import { Button } from '../../../ui/button.tsx'
import type { InboxFilter } from '../../../shared/contact.ts'
import { Heading } from '../../components/card.tsx'
import { ErasePersonDialog, useErasePerson } from '../../components/erase-person-dialog.tsx'
import { ContactMessageCard } from './contact-message-card.tsx'
import { Pager } from '../../components/pager.tsx'
import { ErrorText } from '../../components/status-text.tsx'

export function InboxView() {
  const [filter, setFilter] = useState<InboxFilter>('new')
  const [page, setPage] = useState(1)
  const loaded = useCall('inbox', { filter, page, size: 20 })
  const inbox = loaded.data
  const [erasing, setErasing] = useState<string | null>(null)
  const reopen = useSend('reopen', { input: (id: number) => ({ id }), invalidates: ['inbox'] })
  const handled = useSend('markHandled', { input: (id: number) => ({ id }), invalidates: ['inbox'] })
  const erase = useErasePerson(() => {})
  const error = reopen.error ?? handled.error ?? erase.error ?? loaded.error

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
      <ErrorText message={error?.message ?? null} />
      {inbox && inbox.rows.length === 0 ? <p>No messages here.</p> : null}
      <ul className="grid gap-3">
        {inbox?.rows.map((m) => (
          <li key={m.id}>
            <ContactMessageCard
              message={m}
              onReopen={() => reopen.mutate(m.id)}
              onHandled={() => handled.mutate(m.id)}
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
      <ErasePersonDialog
        email={erasing}
        busy={erase.isPending}
        onConfirm={() => erasing && erase.mutate(erasing, { onSettled: () => setErasing(null) })}
        onCancel={() => setErasing(null)}
      />
    </>
  )
}
