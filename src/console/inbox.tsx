import { useEffect, useState } from 'react'
import { SUBJECTS } from '../shared/subjects.ts'
import { Button, buttonClass } from '../ui/button.tsx'
import { api, type Inbox } from './api.ts'
import { when } from './format.ts'
import { Card, ConfirmDialog, ErrorText, Heading, Pager } from './parts.tsx'

type Filter = 'new' | 'handled' | 'all'
const label = (value: string) => SUBJECTS.find((s) => s.value === value)?.label ?? value

/** A mailto: link that opens the owner's mail client with the answer's subject filled in. */
export function replyHref(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`Re: ${label(subject)}`)}`
}

export function InboxView({ onError }: { onError: (err: unknown) => void }) {
  const [filter, setFilter] = useState<Filter>('new')
  const [page, setPage] = useState(1)
  const [inbox, setInbox] = useState<Inbox | null>(null)
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
            <Card>
              <article aria-labelledby={`message-${m.id}`}>
                <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`message-${m.id}`} className="font-semibold text-slate-950 dark:text-white">
                    {label(m.subject)} <span className="font-normal">from {m.name}</span>
                  </h2>
                  <span className="text-xs text-slate-600 dark:text-slate-400">{when(m.createdAt)}</span>
                </div>
                <p className="mb-2 text-sm break-all text-slate-700 dark:text-slate-300">{m.email}</p>
                <p className="mb-3 text-sm whitespace-pre-wrap">{m.message}</p>
                <p className="mb-3 text-xs text-slate-600 dark:text-slate-400">
                  {m.handledAt ? `Handled by ${m.handledBy} on ${when(m.handledAt)}` : 'New'}
                </p>
                <div className="flex flex-wrap gap-2">
                  <a className={buttonClass('primary')} href={replyHref(m.email, m.subject)}>
                    Reply
                  </a>
                  {m.handledAt ? (
                    <Button variant="secondary" onClick={() => void act(() => api.reopen(m.id))}>
                      Reopen
                    </Button>
                  ) : (
                    <Button variant="secondary" onClick={() => void act(() => api.markHandled(m.id))}>
                      Mark handled
                    </Button>
                  )}
                  <Button variant="ghost" onClick={() => setErasing(m.email)} aria-label={`Erase ${m.email}`}>
                    Erase sender
                  </Button>
                </div>
              </article>
            </Card>
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
      <ConfirmDialog
        open={erasing !== null}
        title="Erase this person?"
        confirmLabel="Erase"
        busy={busy}
        onConfirm={() => void erase()}
        onCancel={() => setErasing(null)}
      >
        <p className="break-all">
          <strong>{erasing}</strong>
        </p>
        <p className="mt-2">
          Their sign-up, every email queued to them and their contact messages are deleted for good. This cannot be
          undone.
        </p>
      </ConfirmDialog>
    </>
  )
}
