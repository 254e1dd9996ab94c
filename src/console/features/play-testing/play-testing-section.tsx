import { useApi } from '../../use-api.ts'
import { PlayTestingCard } from './play-testing-card.tsx'
import { playTestingApi } from './play-testing-api.ts'

/** The 12 × 14 card with its own data; the registry places it in the Invitations view. */
export function PlayTestingSection({ onError }: { onError: (err: unknown) => void }) {
  const play = useApi(() => playTestingApi.summary(), [], onError)
  return play.data ? <PlayTestingCard summary={play.data} onError={onError} onNudged={play.reload} /> : null
}
