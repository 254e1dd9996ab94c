import type { EraseResult } from '../../shared/data-access.ts'
import { useSend } from '../queries.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'

/** "Erase this person?": the same question wherever the console offers erasure. */
export function ErasePersonDialog(props: {
  email: string | null
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <ConfirmDialog
      open={props.email !== null}
      title="Erase this person?"
      confirmLabel="Erase"
      busy={props.busy}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      <p className="break-all">
        <strong>{props.email}</strong>
      </p>
      <p className="mt-2">
        Their sign-up, every email queued to them, the copies in the outbox, their contact messages and their feedback
        are deleted for good. Their mailbox goes on the suppression list, so signing up again sends nothing until you
        lift it. This cannot be undone.
      </p>
    </ConfirmDialog>
  )
}

/**
 * The erasure itself, wherever it is offered: every read that may hold the person is asked again
 * (lists, counters, the suppression list).
 */
export function useErasePerson(onErased: (result: EraseResult, email: string) => void) {
  return useSend('erase', {
    input: (email: string) => ({ email }),
    invalidates: [
      'signups',
      'signupStats',
      'suppressions',
      'inbox',
      'feedback',
      'invitations',
      'invitationPreview',
      'playTesting',
      'testerMessages',
      'launch',
    ],
    onSuccess: onErased,
  })
}
