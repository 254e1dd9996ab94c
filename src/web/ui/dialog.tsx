import type { MouseEvent, ReactNode, Ref } from 'react'
import { LinkButton } from './button.tsx'

type DialogProps = {
  id: string
  title: string
  /** The close button's accessible name. */
  closeLabel: string
  dialogRef: Ref<HTMLDialogElement>
  onClose: () => void
  /** Asks the owner to close this dialog (the owner restores focus). */
  onRequestClose: () => void
  children: ReactNode
}

/**
 * A native modal dialog: showModal() gives the focus trap, Esc and the backdrop. Without
 * scripts, the footer links still reach it through its id (see `dialog:target` in styles.css).
 */
export function Dialog({ id, title, closeLabel, dialogRef, onClose, onRequestClose, children }: DialogProps) {
  const titleId = `${id}-title`
  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onRequestClose()
  }
  return (
    <dialog
      id={id}
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={closeOnBackdrop}
      className="site-dialog"
    >
      <div className="flex max-h-[inherit] flex-col">
        <div className="flex items-center justify-between gap-4 border-b border-border px-5 py-4 sm:px-7">
          <h2 id={titleId} className="text-lg font-semibold text-fg-strong sm:text-xl">
            {title}
          </h2>
          <LinkButton
            href="#site-footer"
            aria-label={closeLabel}
            onClick={(event) => {
              event.preventDefault()
              onRequestClose()
            }}
            className="-me-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-fg hover:bg-subtle hover:text-fg-strong"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              width="20"
              height="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            >
              <path d="M5 5l10 10M15 5L5 15" />
            </svg>
          </LinkButton>
        </div>
        <div className="overflow-y-auto overscroll-contain px-5 py-5 sm:px-7 sm:py-6">{children}</div>
      </div>
    </dialog>
  )
}
