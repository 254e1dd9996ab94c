import type { BackupStatus } from '../../../shared/backups.ts'
import { Card } from '../../components/card.tsx'
import { useCall } from '../../queries.ts'

// The list is the one thing that cannot be rebuilt: when its last backup was taken, and a
// warning when there is none or it is older than two days (issue 42, docs/decisions/backups.md).

const COMMAND = 'npm run owner -- backup'
/** Older than this, the card warns. */
const BACKUP_STALE_MS = 2 * 24 * 60 * 60 * 1000

export function BackupCard({ now = Date.now() }: { now?: number }) {
  const { data } = useCall('backups')
  return (
    <Card className="mb-4" labelledBy="backup-heading">
      <h2 id="backup-heading" className="mb-1 font-semibold">
        Backups
      </h2>
      {data === undefined ? <p className="text-sm text-fg-muted">Loading…</p> : <BackupText status={data} now={now} />}
    </Card>
  )
}

export function BackupText({ status, now }: { status: BackupStatus; now: number }) {
  const { last, schedule } = status
  const plan = schedule
    ? `Taken every day at ${schedule.time} UTC into ${schedule.dir}, the newest ${schedule.keep} kept.`
    : `No daily backups (BACKUP_KEEP=0): take one with ${COMMAND}.`
  if (!last)
    return (
      <>
        <p role="status" className="mb-2 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm text-warning">
          No backup of the list yet. Take one now with <code className="font-mono">{COMMAND}</code>.
        </p>
        <p className="text-sm text-fg-muted">{plan}</p>
      </>
    )
  const age = now - Date.parse(last.takenAt)
  const when = `${new Date(last.takenAt).toISOString().slice(0, 16).replace('T', ' ')} UTC (${ago(age)})`
  return (
    <>
      {age > BACKUP_STALE_MS ? (
        <p role="status" className="mb-2 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm text-warning">
          {`The last backup was taken ${ago(age)}. Take one now with `}
          <code className="font-mono">{COMMAND}</code>, and check the server&rsquo;s log for failed daily backups.
        </p>
      ) : null}
      <p className="text-sm text-fg-muted">{`Last backup: ${when}. ${plan}`}</p>
    </>
  )
}

function ago(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000))
  if (minutes === 0) return 'just now'
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`
  const hours = Math.round(minutes / 60)
  if (hours < 48) return hours === 1 ? '1 hour ago' : `${hours} hours ago`
  return `${Math.round(hours / 24)} days ago`
}
