import { useState, type FormEvent } from 'react'
import { Button } from '../../../ui/button.tsx'
import { useCall, useSend } from '../../queries.ts'
import { Card } from '../../components/card.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'

/** Unsubscribed mailboxes are kept only as keyed hashes; the owner can let one sign up again. */
export function SuppressionsCard() {
  const counts = useCall('suppressions').data ?? null
  const [email, setEmail] = useState('')
  const lift = useSend('liftSuppression', {
    input: (email: string) => ({ email }),
    invalidates: ['suppressions'],
    onSuccess: () => setEmail(''),
  })
  const result = lift.data
    ? lift.data.lifted
      ? `${lift.variables} may sign up again.`
      : `${lift.variables} was not on the suppression list.`
    : null

  function submit(event: FormEvent) {
    event.preventDefault()
    lift.mutate(email)
  }

  return (
    <Card className="mt-4">
      <h2 className="mb-1 font-semibold">Suppressed</h2>
      <p className="mb-3 text-sm text-fg-muted">
        {counts === null
          ? 'Loading…'
          : `${counts.count} mailboxes get no more email: ${counts.count - counts.bounced - counts.complained} left the beta, ${counts.bounced} bounced, ${counts.complained} complained. They are kept only as a keyed hash and cannot sign up again.`}
      </p>
      {counts && counts.owners.length > 0 && (
        <p role="status" className="mb-3 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm text-warning">
          {`Your own mailbox is on the suppression list: ${counts.owners.join(', ')}. Owner mail (sign-in links, contact and feedback notices, summaries) still reaches it; mail to the beta list does not. Lift it below if you want beta mail there too.`}
        </p>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor="lift-email" className="text-sm font-medium">
            Let this address sign up again
          </label>
          <input
            id="lift-email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="h-10 w-full max-w-sm rounded-xl border border-border-strong bg-surface px-3 text-fg"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={email.trim() === ''}>
          Lift suppression
        </Button>
      </form>
      <DoneText className="mt-2" message={result} />
      <ErrorText message={lift.error?.message ?? null} />
    </Card>
  )
}
