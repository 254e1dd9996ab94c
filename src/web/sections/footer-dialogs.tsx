import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react'
import type { IslandTexts, LegalDocumentId, LegalTexts } from '../../shared/content-types.ts'
import { loadLegalTexts } from '../../shared/content.ts'
import { CONTACT_RESET_DELAY_MS } from '../../shared/limits.ts'
import { ContactForm } from '../forms/contact-form.tsx'
import { LinkButton } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { LegalPending, LegalText, type DialogId } from './legal-text.tsx'

const DIALOG_IDS: readonly DialogId[] = ['contact', 'privacy', 'terms']
const ITEMS = ['contact', 'privacy', 'terms'] as const satisfies readonly DialogId[]
const LEGAL_IDS: readonly LegalDocumentId[] = ['privacy', 'terms']

/** Where the legal texts are: not yet asked for (the prerendered page), on the way, here, or unreachable. */
type LegalState = { phase: 'static' | 'loading' | 'failed' } | { phase: 'loaded'; docs: LegalTexts }

/**
 * The footer's island: the three dialog links and their dialogs, which share who opened what.
 * The legal texts are not in the page: the island fetches its language's chunk once it is
 * hydrated (as the footer comes near, or on the first tap), and the dialogs show them from there
 * (docs/decisions/document-budget.md). Without scripts the contact link reaches its dialog as the
 * URL's target (styles.css, dialog:target) and the privacy and terms links are links to their pages.
 */
export function FooterDialogs({ texts }: { texts: IslandTexts }) {
  const FOOTER = texts.footerDialogs
  const [legal, setLegal] = useState<LegalState>({ phase: 'static' })
  const legalRequest = useRef<Promise<void> | null>(null)
  const loadLegal = useCallback(() => {
    setLegal((s) => (s.phase === 'loaded' ? s : { phase: 'loading' }))
    // A failed fetch (a network blip) is tried again when a dialog next opens.
    legalRequest.current ??= loadLegalTexts(texts.locale).then(
      (docs) => setLegal({ phase: 'loaded', docs }),
      () => {
        legalRequest.current = null
        setLegal({ phase: 'failed' })
      },
    )
  }, [texts.locale])
  useEffect(loadLegal, [loadLegal])
  const dialogs = useRef<Partial<Record<DialogId, HTMLDialogElement | null>>>({})
  const opener = useRef<HTMLElement | null>(null)
  const [contactKey, setContactKey] = useState(0)
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const open = useCallback(
    (id: DialogId, from?: HTMLElement) => {
      if (from) opener.current = from
      if (id !== 'contact' && !legalRequest.current) loadLegal()
      for (const other of DIALOG_IDS) if (other !== id) dialogs.current[other]?.close()
      const dialog = dialogs.current[id]
      if (dialog && !dialog.open) dialog.showModal()
    },
    [loadLegal],
  )

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
    // A link to a legal page opened in a new tab or window stays a link.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
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
              href={id === 'contact' ? '#contact' : texts.legal[id].href}
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
      {LEGAL_IDS.map((id) => (
        <Dialog key={id} title={texts.legal[id].title} closeLabel={FOOTER.close} {...dialogProps(id)}>
          {legal.phase === 'loaded' ? (
            <LegalText doc={legal.docs[id]} effectiveDateLabel={FOOTER.effectiveDate} onNavigate={open} />
          ) : (
            <LegalPending link={texts.legal[id]} loading={legal.phase === 'loading'} />
          )}
        </Dialog>
      ))}
    </>
  )
}
