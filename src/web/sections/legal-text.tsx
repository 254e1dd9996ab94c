import type { MouseEvent } from 'react'
import type { LegalDocument, LegalLink, LegalParagraph } from '../../shared/legal.ts'

export type DialogId = 'contact' | 'privacy' | 'terms'

type Props = { doc: LegalDocument; onNavigate: (target: DialogId) => void }

/** A policy's text; links to the other dialogs are in-page anchors that open them. */
export function LegalText({ doc, onNavigate }: Props) {
  function follow(event: MouseEvent<HTMLAnchorElement>, link: LegalLink) {
    event.preventDefault()
    onNavigate(link.href.slice(1) as DialogId)
  }
  const render = (p: LegalParagraph) =>
    typeof p === 'string'
      ? p
      : p.map((part, i) =>
          typeof part === 'string' ? (
            part
          ) : (
            <a key={i} href={part.href} onClick={(e) => follow(e, part)} className="text-link">
              {part.text}
            </a>
          ),
        )
  return (
    <div className="grid gap-6 text-slate-300">
      <div className="grid gap-2">
        <p className="text-sm text-slate-400">
          Effective date: <time dateTime={doc.effectiveDate}>{doc.effectiveDateLabel}</time>
        </p>
        <p className="text-slate-200">{doc.summary}</p>
      </div>
      {doc.sections.map((section) => (
        <section key={section.heading} className="grid gap-2">
          <h3 className="font-semibold text-white">{section.heading}</h3>
          {section.paragraphs.map((p, i) => (
            <p key={i} className="leading-relaxed">
              {render(p)}
            </p>
          ))}
        </section>
      ))}
    </div>
  )
}
