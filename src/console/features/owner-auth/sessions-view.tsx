import { useState } from 'react'
import { useApi } from '../../use-api.ts'
import { Button } from '../../../ui/button.tsx'
import { ownerAuthApi } from './owner-auth-api.ts'
import type { SessionInfo } from '../../../shared/owner-auth.ts'
import { Card, Heading } from '../../components/card.tsx'
import { PasskeysCard } from './passkeys-card.tsx'
import { ErrorText } from '../../components/status-text.tsx'
import { when } from '../../format.ts'

export function SessionsView({ onError, onSignedOut }: { onError: (err: unknown) => void; onSignedOut: () => void }) {
  const loaded = useApi(() => Promise.all([ownerAuthApi.sessions(), ownerAuthApi.audit()]), [], onError)
  const [sessionList, auditLog] = loaded.data ?? []
  const sessions = sessionList?.sessions
  const audit = auditLog?.entries
  const [error, setError] = useState<string | null>(null)

  async function revoke(s: SessionInfo) {
    try {
      await ownerAuthApi.revoke(s.id)
      if (s.current) onSignedOut()
      else loaded.reload()
    } catch (err) {
      setError((err as Error).message)
      onError(err)
    }
  }

  return (
    <>
      <Heading>Sessions</Heading>
      <PasskeysCard onError={onError} />
      <ErrorText message={error ?? loaded.error} />
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
