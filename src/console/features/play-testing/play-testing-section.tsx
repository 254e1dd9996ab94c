import { useCall } from '../../queries.ts'
import { PlayTestingCard } from './play-testing-card.tsx'

/** The 12 × 14 card with its own data; the registry places it in the Invitations view. */
export function PlayTestingSection() {
  const play = useCall('playTesting')
  return play.data ? <PlayTestingCard summary={play.data} /> : null
}
