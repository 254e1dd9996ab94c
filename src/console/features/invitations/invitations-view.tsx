import { useEffect, useState } from 'react'
import { api, type InvitationSummary, type PlayTestingSummary } from '../../api.ts'
import { Figure, Heading } from '../../components/card.tsx'
import { InviteNextCard } from './invite-next-card.tsx'
import { PlayTestingCard } from '../play-testing/play-testing-card.tsx'
import { StoreExportsCard } from './store-exports-card.tsx'
import { StoreNotes } from './store-notes.tsx'

// From the beta list to the testers' phones. docs/decisions/beta-invitations.md

const figure = (n: number | undefined) => n?.toLocaleString('en-US')

export function InvitationsView({ onError }: { onError: (err: unknown) => void }) {
  const [summary, setSummary] = useState<InvitationSummary | null>(null)
  const [play, setPlay] = useState<PlayTestingSummary | null>(null)
  const [tick, setTick] = useState(0)

  useEffect(() => {
    api.invitations().then(setSummary, onError)
    api.playTesting().then(setPlay, onError)
  }, [tick, onError])

  return (
    <>
      <Heading>Invitations</Heading>
      {summary ? <StoreNotes stores={summary.stores} /> : null}
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
      {play ? <PlayTestingCard summary={play} onError={onError} onNudged={() => setTick((t) => t + 1)} /> : null}
      <InviteNextCard maxBatch={summary?.maxBatch ?? 1000} onError={onError} onInvited={() => setTick((t) => t + 1)} />
      <StoreExportsCard />
    </>
  )
}
