import { useEffect, useRef, type ReactNode } from 'react'
import { Button } from '../../ui/button.tsx'

/**
 * A confirmation in the platform's modal <dialog>: focus moves in and is trapped, Esc cancels,
 * focus returns to the opener on close.
 */
export function ConfirmDialog(props: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (props.open && !d.open) d.showModal()
    if (!props.open && d.open) d.close()
  }, [props.open])
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-title"
      onCancel={(e) => {
        e.preventDefault()
        props.onCancel()
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-border bg-surface p-5 text-fg shadow-xl"
    >
      <h2 id="confirm-title" className="mb-2 text-lg font-semibold">
        {props.title}
      </h2>
      <div className="mb-4 text-sm text-fg">{props.children}</div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={props.onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={props.onConfirm} disabled={props.busy}>
          {props.confirmLabel}
        </Button>
      </div>
    </dialog>
  )
}
