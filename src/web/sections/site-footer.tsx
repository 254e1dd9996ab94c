import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react'
import { PRIVACY, TERMS } from '../../shared/legal.ts'
import { CONTACT, CONTACT_RESET_DELAY_MS, FOOTER, SITE, SOCIAL } from '../../shared/site.ts'
import { ContactForm } from '../forms/contact-form.tsx'
import { Badge } from '../ui/badge.tsx'
import { LinkButton } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { LogoMark } from '../ui/logo.tsx'
import { LegalText, type DialogId } from './legal-text.tsx'
import { SocialIcon } from './social-icon.tsx'

const DIALOG_IDS: readonly DialogId[] = ['contact', 'privacy', 'terms']
const ITEMS: readonly { id: DialogId; label: string }[] = [
  { id: 'contact', label: FOOTER.contact },
  { id: 'privacy', label: FOOTER.privacy },
  { id: 'terms', label: FOOTER.terms },
]

export function SiteFooter() {
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
      if (window.location.hash === `#${id}`) history.replaceState(null, '', window.location.pathname + window.location.search)
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
    <footer id="site-footer" className="border-t border-white/[0.06] bg-[#080a12]">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1fr_auto] md:items-start">
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2.5">
            <LogoMark id="logo-footer" size={28} />
            <span className="font-semibold text-white">{SITE.name}</span>
            <Badge>{FOOTER.betaBadge}</Badge>
            <span className="rounded-full border border-white/10 px-2 py-0.5 text-xs text-slate-300">{FOOTER.betaYear}</span>
          </div>
          <p className="max-w-sm text-sm text-slate-400">{FOOTER.tagline}</p>
        </div>
        <div className="grid gap-5 md:justify-items-end">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {ITEMS.map((item) => (
              <li key={item.id}>
                <LinkButton
                  href={`#${item.id}`}
                  aria-haspopup="dialog"
                  onClick={openFrom(item.id)}
                  className="rounded text-slate-300 underline-offset-4 hover:text-white hover:underline"
                >
                  {item.label}
                </LinkButton>
              </li>
            ))}
          </ul>
          <ul className="flex gap-2">
            {SOCIAL.map((s) => (
              <li key={s.id}>
                <a
                  href={s.href}
                  aria-label={s.label}
                  className="flex size-10 items-center justify-center rounded-full border border-white/10 text-slate-300 hover:border-white/25 hover:text-white"
                >
                  <SocialIcon id={s.id} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <p className="border-t border-white/[0.06] pt-6 text-sm text-slate-400 md:col-span-2">{FOOTER.copyright}</p>
      </div>
      <Dialog title={CONTACT.title} {...dialogProps('contact')}>
        <ContactForm key={contactKey} />
      </Dialog>
      <Dialog title={PRIVACY.title} {...dialogProps('privacy')}>
        <LegalText doc={PRIVACY} onNavigate={open} />
      </Dialog>
      <Dialog title={TERMS.title} {...dialogProps('terms')}>
        <LegalText doc={TERMS} onNavigate={open} />
      </Dialog>
    </footer>
  )
}
