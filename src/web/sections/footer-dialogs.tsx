import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react'
import type { IslandTexts } from '../../shared/content-types.ts'
import { CONTACT_RESET_DELAY_MS } from '../../shared/limits.ts'
import { ContactForm } from '../forms/contact-form.tsx'
import { LinkButton } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { LegalText, type DialogId } from './legal-text.tsx'

const DIALOG_IDS: readonly DialogId[] = ['contact', 'privacy', 'terms']
const ITEMS = ['contact', 'privacy', 'terms'] as const satisfies readonly DialogId[]

/**
 * The footer's island: the three dialog links and their dialogs, which share who opened what.
 * Without scripts each link still reaches its dialog as the URL's target (styles.css, dialog:target).
 */
export function FooterDialogs({ texts }: { texts: IslandTexts }) {
  const FOOTER = texts.footerDialogs
  const { privacy, terms } = texts.legal
  const dialogs = useRef<Partial<Record<DialogId, HTMLDialogElement | null>>>({})
  const opener = useRef<HTMLElement | null>(null)
  const [contactKey, setContactKey] = useState(0)
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const open = useCallback((id: DialogId, from?: HTMLElement) => {
    if (from) opener.current = from
    for (const other of DIALOG_IDS) if (other !== id) dialogs.current[other]?.close()
    const dialog = dialogs.current[id]
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  function handleClosed(id: DialogId) {
    // A link from one dialog to another closes the first: focus goes back only when none is left open.
    if (DIALOG_IDS.every((other) => !dialogs.current[other]?.open)) {
      if (window.location.hash === `#${id}`)
        history.replaceState(null, '', window.location.pathname + window.location.search)
      opener.current?.focus()
    }
    if (id === 'contact') {
      clearTimeout(resetTimer.current)
      resetTimer.current = setTimeout(() => setContactKey((k) => k + 1), CONTACT_RESET_DELAY_MS)
    }
  }

  // A shared link such as /#privacy opens that dialog.
  useEffect(() => {
    const id = window.location.hash.slice(1) as DialogId
    if (DIALOG_IDS.includes(id)) open(id)
    return () => clearTimeout(resetTimer.current)
  }, [open])

  const openFrom = (id: DialogId) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    open(id, event.currentTarget)
  }
  const dialogProps = (id: DialogId) => ({
    id,
    dialogRef: (el: HTMLDialogElement | null) => {
      dialogs.current[id] = el
    },
    onClose: () => handleClosed(id),
    onRequestClose: () => dialogs.current[id]?.close(),
  })

  return (
    <>
      <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {ITEMS.map((id) => (
          <li key={id}>
            <LinkButton
              href={`#${id}`}
              aria-haspopup="dialog"
              onClick={openFrom(id)}
              className="rounded text-fg underline-offset-4 hover:text-fg-strong hover:underline"
            >
              {FOOTER[id]}
            </LinkButton>
          </li>
        ))}
      </ul>
      <Dialog title={texts.contact.title} closeLabel={FOOTER.close} {...dialogProps('contact')}>
        <ContactForm key={contactKey} texts={texts.contact} />
      </Dialog>
      <Dialog title={privacy.title} closeLabel={FOOTER.close} {...dialogProps('privacy')}>
        <LegalText doc={privacy} effectiveDateLabel={FOOTER.effectiveDate} onNavigate={open} />
      </Dialog>
      <Dialog title={terms.title} closeLabel={FOOTER.close} {...dialogProps('terms')}>
        <LegalText doc={terms} effectiveDateLabel={FOOTER.effectiveDate} onNavigate={open} />
      </Dialog>
    </>
  )
}
