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
