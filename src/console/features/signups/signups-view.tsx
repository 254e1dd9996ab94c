import { useState, type ReactNode } from 'react'
import { signupsApi } from './signups-api.ts'
import { Card, Heading } from '../../components/card.tsx'
import type { PersonActions } from '../../view-props.ts'
import { ErasePersonDialog } from '../../components/erase-person-dialog.tsx'
import { Pager } from '../../components/pager.tsx'
import { SignupFilters } from './signup-filters.tsx'
import { SignupStatsCards } from './signup-stats.tsx'
import { SignupsTable } from './signups-table.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'
import { SuppressionsCard } from './suppressions-card.tsx'
import { useSignupList } from './use-signup-list.ts'

export function SignupsView({
  onError,
  people,
  personData,
  backup,
  importList,
}: {
  onError: (err: unknown) => void
  people: PersonActions
  /** The data-access feature's card, below the list. */
  personData?: ReactNode
  /** The backups feature's card, above the figures: a missing backup is worth seeing first. */
  backup?: ReactNode
  /** The backups feature's import card, below the list; the list reads again after an import. */
  importList?: (onImported: () => void) => ReactNode
}) {
  // Bumped after an erasure: the figures and the table read again.
  const [tick, setTick] = useState(0)
  const signups = useSignupList({ refreshKey: tick, onError })
  const { list } = signups
  const [erasing, setErasing] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)

  async function erase() {
    if (!erasing) return
    setBusy(true)
    try {
      const r = await people.erase(erasing)
      setDone(
        `Erased ${erasing}: ${r.signups} sign-up, ${r.contactMessages} contact messages, ${r.feedback} feedback entries, ${r.emails} queued emails, ${r.outbox} outbox files. The mailbox is on the suppression list.`,
      )
      setErasing(null)
      setTick((t) => t + 1)
    } catch (err) {
      signups.setError((err as Error).message)
      onError(err)
    } finally {
      setBusy(false)
    }
  }

  // A welcome email the hour's budget withheld, sent now (audited on the server).
  async function sendWelcome(email: string) {
    try {
      const r = await signupsApi.sendWelcome(email)
      setDone(r.queued ? `Welcome email queued for ${email}.` : `${email} already had its email; nothing queued.`)
      setTick((t) => t + 1)
    } catch (err) {
      signups.setError((err as Error).message)
      onError(err)
    }
  }

  return (
    <>
      <Heading>Sign-ups</Heading>
      {backup}
      <SignupStatsCards refreshKey={tick} onError={onError} />
      <Card>
        <SignupFilters
          q={signups.q}
          onQ={signups.setQ}
          search={signups.search}
          status={signups.status}
          onStatus={signups.setStatus}
          platform={signups.platform}
          onPlatform={signups.setPlatform}
        />
        <p role="status" className="mb-2 text-sm text-fg-muted">
          {list ? `${list.total.toLocaleString('en-US')} ${signups.filtered ? 'matching' : 'in all'}` : 'Loading…'}
        </p>
        <DoneText className="mb-2" message={done} />
        <ErrorText message={signups.error} />
        <SignupsTable
          rows={list?.rows}
          onErase={setErasing}
          onSendWelcome={(email) => void sendWelcome(email)}
          dataUrl={people.dataUrl}
        />
        {list ? (
          <Pager
            page={signups.page}
            pages={Math.ceil(list.total / list.size)}
            onPage={signups.setPage}
            label="Sign-up pages"
          />
        ) : null}
      </Card>
      {importList?.(() => setTick((t) => t + 1))}
      {personData}
      <SuppressionsCard onError={onError} />
      <ErasePersonDialog email={erasing} busy={busy} onConfirm={() => void erase()} onCancel={() => setErasing(null)} />
    </>
  )
}
