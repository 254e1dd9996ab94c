import { useState, type ReactNode } from 'react'
import { urlOf } from '../../api.ts'
import { useSend } from '../../queries.ts'
import { Card, Heading } from '../../components/card.tsx'
import { ErasePersonDialog, useErasePerson } from '../../components/erase-person-dialog.tsx'
import { Pager } from '../../components/pager.tsx'
import { SignupFilters } from './signup-filters.tsx'
import { SignupStatsCards } from './signup-stats.tsx'
import { SignupsTable } from './signups-table.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'
import { SuppressionsCard } from './suppressions-card.tsx'
import { useSignupList } from './use-signup-list.ts'

export function SignupsView({
  personData,
  backup,
  importList,
}: {
  /** The data-access feature's card, below the list. */
  personData?: ReactNode
  /** The backups feature's card, above the figures: a missing backup is worth seeing first. */
  backup?: ReactNode
  /** The backups feature's import card, below the list (an import asks the list and figures again). */
  importList?: ReactNode
}) {
  const signups = useSignupList()
  const { list } = signups
  const [erasing, setErasing] = useState<string | null>(null)
  const erase = useErasePerson(() => setErasing(null))
  // A welcome email the hour's budget withheld, sent now (audited on the server).
  const sendWelcome = useSend('sendWelcome', {
    input: (email: string) => ({ email }),
    invalidates: ['signups', 'signupStats'],
  })
  // What the latest of the two writes did.
  const erased = erase.isSuccess && erase.submittedAt >= sendWelcome.submittedAt ? erase : null
  const welcomed = sendWelcome.isSuccess && !erased ? sendWelcome : null
  const done = erased?.data
    ? `Erased ${erased.variables}: ${erased.data.signups} sign-up, ${erased.data.contactMessages} contact messages, ${erased.data.feedback} feedback entries, ${erased.data.emails} queued emails, ${erased.data.outbox} outbox files. The mailbox is on the suppression list.`
    : welcomed?.data
      ? welcomed.data.queued
        ? `Welcome email queued for ${welcomed.variables}.`
        : `${welcomed.variables} already had its email; nothing queued.`
      : null
  const failed = erase.error ?? sendWelcome.error ?? signups.error

  return (
    <>
      <Heading>Sign-ups</Heading>
      {backup}
      <SignupStatsCards />
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
        <ErrorText message={failed?.message ?? null} />
        <SignupsTable
          rows={list?.rows}
          onErase={(email) => {
            erase.reset()
            setErasing(email)
          }}
          onSendWelcome={(email) => sendWelcome.mutate(email)}
          dataUrl={(email) => urlOf('personData', { email })}
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
      {importList}
      {personData}
      <SuppressionsCard />
      <ErasePersonDialog
        email={erasing}
        busy={erase.isPending}
        onConfirm={() => erasing && erase.mutate(erasing)}
        onCancel={() => setErasing(null)}
      />
    </>
  )
}
