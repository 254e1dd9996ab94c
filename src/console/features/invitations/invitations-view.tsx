import type { ReactNode } from 'react'
import { useCall } from '../../queries.ts'
import { Figure, Heading } from '../../components/card.tsx'
import { InviteNextCard } from './invite-next-card.tsx'
import { StoreExportsCard } from './store-exports-card.tsx'
import { StoreNotes } from './store-notes.tsx'
import { TestflightNote } from './testflight-note.tsx'

// From the beta list to the testers' phones. docs/decisions/beta-invitations.md

const figure = (n: number | undefined) => n?.toLocaleString('en-US')

export function InvitationsView({
  playTesting,
}: {
  /** Play testing's 12 × 14 card, above "invite next N" (the registry passes it). */
  playTesting?: ReactNode
}) {
  const { data: summary } = useCall('invitations')

  return (
    <>
      <Heading>Invitations</Heading>
      {summary ? <StoreNotes stores={summary.stores} /> : null}
      {summary ? <TestflightNote health={summary.testflight} /> : null}
      <h2 className="mb-2 text-sm font-semibold text-fg">By status</h2>
      <div className="mb-4 grid grid-cols-3 gap-3">
        <Figure label="Waiting" value={figure(summary?.byStatus.waiting)} />
        <Figure label="Invited" value={figure(summary?.byStatus.invited)} />
        <Figure label="Opened" value={figure(summary?.byStatus.opened)} />
      </div>
      <h2 className="mb-2 text-sm font-semibold text-fg">By platform</h2>
      <div className="mb-4 grid grid-cols-3 gap-3">
        <Figure label="iPhone" value={figure(summary?.byPlatform.ios)} />
        <Figure label="Android" value={figure(summary?.byPlatform.android)} />
        <Figure label="Not chosen" value={figure(summary?.byPlatform.unknown)} />
      </div>
      {playTesting}
      {summary ? <InviteNextCard maxBatch={summary.maxBatch} /> : null}
      <StoreExportsCard />
    </>
  )
}
