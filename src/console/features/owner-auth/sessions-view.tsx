import { Button } from '../../../ui/button.tsx'
import { useCall, useSend } from '../../queries.ts'
import type { SessionInfo } from '../../../shared/owner-auth.ts'
import { Card, Heading } from '../../components/card.tsx'
import { PasskeysCard } from './passkeys-card.tsx'
import { ErrorText } from '../../components/status-text.tsx'
import { when } from '../../format.ts'

export function SessionsView({ onSignedOut }: { onSignedOut: () => void }) {
  const sessionList = useCall('sessions')
  const auditLog = useCall('audit')
  const sessions = sessionList.data?.sessions
  const audit = auditLog.data?.entries
  // A revocation is audited too: both lists read again.
  const revoke = useSend('revokeSession', {
    input: (s: SessionInfo) => ({ id: s.id }),
    invalidates: ['sessions', 'audit'],
    onSuccess: (_, s) => {
      if (s.current) onSignedOut()
    },
  })
  const error = revoke.error ?? sessionList.error ?? auditLog.error

  return (
    <>
      <Heading>Sessions</Heading>
      <PasskeysCard />
      <ErrorText message={error?.message ?? null} />
      <ul className="mb-6 grid gap-3">
        {sessions?.map((s) => (
          <li key={s.id}>
            <Card className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium [overflow-wrap:anywhere]">
                  {s.email} {s.current ? <span className="text-success">(this browser)</span> : null}
                </p>
                <p className="text-fg-muted">
                  Signed in {when(s.createdAt)} by {s.method}; last active {when(s.lastSeenAt)}
                </p>
                <p className="text-xs [overflow-wrap:anywhere] text-fg-muted">{s.userAgent ?? 'unknown browser'}</p>
              </div>
              <Button variant="secondary" onClick={() => revoke.mutate(s)}>
                {s.current ? 'Sign out' : 'Revoke'}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      <h2 className="mb-3 text-lg font-semibold">Audit log</h2>
      <Card>
        <ol className="divide-y divide-border text-sm">
          {audit?.map((e, i) => (
            <li key={i} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <strong>{e.action}</strong> by {e.actor}
              </span>
              <span className="text-fg-muted">{when(e.at)}</span>
            </li>
          ))}
        </ol>
      </Card>
    </>
  )
}
