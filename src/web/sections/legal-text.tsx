import type { MouseEvent } from 'react'
import type { LegalBlock, LegalDocument, LegalLink, LegalParagraph } from '../../shared/content-types.ts'

export type DialogId = 'contact' | 'privacy' | 'terms'

type Props = { doc: LegalDocument; effectiveDateLabel: string; onNavigate: (target: DialogId) => void }

const DIALOG_LINK = /^#(contact|privacy|terms)$/

/**
 * A policy's text, from content/legal/ (already parsed at build: no Markdown here). Links to the
 * other dialogs are in-page anchors that open them.
 */
export function LegalText({ doc, effectiveDateLabel, onNavigate }: Props) {
  function follow(event: MouseEvent<HTMLAnchorElement>, href: string) {
    if (!DIALOG_LINK.test(href)) return
    event.preventDefault()
    onNavigate(href.slice(1) as DialogId)
  }
  const render = (p: LegalParagraph) =>
    typeof p === 'string'
      ? p
      : p.map((run, i) =>
          typeof run === 'string' ? (
            run
          ) : 'href' in run ? (
            <a key={i} href={run.href} onClick={(e) => follow(e, run.href)} className="text-link">
              {run.text}
            </a>
          ) : run.emphasis === 'strong' ? (
            <strong key={i}>{run.text}</strong>
          ) : (
            <em key={i}>{run.text}</em>
          ),
        )
  const block = (b: LegalBlock, i: number) =>
    typeof b === 'object' && 'list' in b ? (
      <ul key={i} className="grid list-disc gap-1 ps-5 leading-relaxed">
        {b.list.map((item, j) => (
          <li key={j}>{render(item)}</li>
        ))}
      </ul>
    ) : (
      <p key={i} className="leading-relaxed">
        {render(b)}
      </p>
    )
  return (
    <div className="grid gap-6 text-fg">
      <div className="grid gap-2">
        <p className="text-sm text-fg-muted">
          {effectiveDateLabel} <time dateTime={doc.effectiveDate}>{doc.effectiveDateLabel}</time>
        </p>
        <p className="text-fg">{render(doc.summary)}</p>
      </div>
      {doc.sections.map((section) => (
        <section key={section.heading} className="grid gap-2">
          <h3 className="font-semibold text-fg-strong">{section.heading}</h3>
          {section.paragraphs.map(block)}
        </section>
      ))}
    </div>
  )
}

/**
 * A legal dialog before its text is here: in the prerendered page (where the dialog shows only
 * as a shared link's target, without scripts) and when the text could not be fetched, a link to
 * the page that holds it; while it is fetched, a few placeholder lines too, and the region is
 * busy, so assistive technology waits for the text.
 */
export function LegalPending({ link, loading }: { link: LegalLink; loading: boolean }) {
  return (
    <div aria-busy={loading} className="grid gap-4 text-slate-300">
      {loading ? (
        <div aria-hidden="true" className="grid gap-2 motion-safe:animate-pulse">
          <div className="h-3 w-1/3 rounded bg-white/10" />
          <div className="h-3 rounded bg-white/10" />
          <div className="h-3 w-5/6 rounded bg-white/10" />
        </div>
      ) : null}
      <p>
        <a href={link.href} className="text-link">
          {link.title}
        </a>
      </p>
    </div>
  )
}
