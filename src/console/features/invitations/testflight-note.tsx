import type { TestflightHealth } from '../../../shared/invitations.ts'

// What each state of the public TestFlight link means for the owner, and what usually fixes it.
// docs/decisions/testflight-link-health.md
const MEANING = {
  full: {
    title: 'TestFlight says: "This beta is full."',
    body: "Raise the public link's tester limit in App Store Connect, or remove inactive testers.",
  },
  closed: {
    title: 'TestFlight says: "This beta isn\'t accepting any new testers right now."',
    body: 'Usually no build is live (builds expire after 90 days), or the public link was switched off.',
  },
  unknown: {
    title: 'The TestFlight join page could not be read.',
    body: 'Invitations go out as usual; the server log says why the check failed.',
  },
} as const

/** The iPhone link's last check; nothing while it is open. */
export function TestflightNote({ health }: { health: TestflightHealth }) {
  if (health === null || health.state === 'open' || health.checkedAt === null) return null
  const meaning = MEANING[health.state]
  const held =
    health.held === 0
      ? null
      : `${health.held} iPhone ${health.held === 1 ? 'invitation waits' : 'invitations wait'} in the queue and will go out by themselves once the link is open again.`
  return (
    <div role="note" className="mb-4 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm text-warning">
      <p className="font-semibold">{meaning.title}</p>
      <p>{meaning.body}</p>
      {held && health.state !== 'unknown' ? <p>{held}</p> : null}
      <p>Checked {new Date(health.checkedAt).toLocaleString()}.</p>
    </div>
  )
}
