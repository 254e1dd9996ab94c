import { useEffect, useState } from 'react'
import { Button } from '../../../ui/button.tsx'
import { api, type AuditEntry, type SessionInfo } from '../../api.ts'
import { Card, Heading } from '../../components/card.tsx'
import { PasskeysCard } from './passkeys-card.tsx'
import { ErrorText } from '../../components/status-text.tsx'
import { when } from '../../format.ts'

export function SessionsView({ onError, onSignedOut }: { onError: (err: unknown) => void; onSignedOut: () => void }) {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null)
  const [audit, setAudit] = useState<AuditEntry[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [tick, setTick] = useState(0)

  useEffect(() => {
    api.sessions().then((r) => setSessions(r.sessions), onError)
    api.audit().then((r) => setAudit(r.entries), onError)
  }, [tick, onError])

  async function revoke(s: SessionInfo) {
    try {
      await api.revoke(s.id)
      if (s.current) onSignedOut()
      else setTick((t) => t + 1)
    } catch (err) {
      setError((err as Error).message)
      onError(err)
    }
  }

  return (
    <>
      <Heading>Sessions</Heading>
      <PasskeysCard onError={onError} />
      <ErrorText message={error} />
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
              <Button variant="secondary" onClick={() => void revoke(s)}>
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
