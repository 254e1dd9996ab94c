import type { LegalBlock, LegalDocument, LegalParagraph } from '../../../shared/content-types.ts'
import { FOOTER_TEXTS, LEGAL_ENTITY, LEGAL_TEXTS, type Locale } from '../../../shared/content.ts'
import { paths } from '../../../shared/paths.ts'
import { ServerPage } from '../../http/server-page.tsx'

// The legal texts at stable URLs (/privacy, /terms, /imprint): the documents the page's dialogs
// show, prerendered at build into dist/client/<name>/index.html (scripts/legal-pages.ts) inside
// the server pages' shell, so they wear the brand and need no script (docs/decisions/brand.md).

/** The dialogs' in-page anchors, as links between the pages. */
const PAGE_OF: Record<string, string> = {
  '#privacy': paths.privacy.href(),
  '#terms': paths.terms.href(),
  '#contact': '/#contact',
}

function Paragraph({ p }: { p: LegalParagraph }) {
  if (typeof p === 'string') return p
  return p.map((run, i) =>
    typeof run === 'string' ? (
      run
    ) : 'href' in run ? (
      <a key={i} href={PAGE_OF[run.href] ?? run.href}>
        {run.text}
      </a>
    ) : run.emphasis === 'strong' ? (
      <strong key={i}>{run.text}</strong>
    ) : (
      <em key={i}>{run.text}</em>
    ),
  )
}

function Block({ b }: { b: LegalBlock }) {
  if (typeof b === 'object' && 'list' in b)
    return (
      <ul>
        {b.list.map((item, j) => (
          <li key={j}>
            <Paragraph p={item} />
          </li>
        ))}
      </ul>
    )
  return (
    <p>
      <Paragraph p={b} />
    </p>
  )
}

export function legalPage(doc: LegalDocument, locale: Locale) {
  return (
    <ServerPage title={doc.title} indexed>
      <h1>{doc.title}</h1>
      <p className="muted">
        {FOOTER_TEXTS[locale].effectiveDate} <time dateTime={doc.effectiveDate}>{doc.effectiveDateLabel}</time>
      </p>
      <p>
        <Paragraph p={doc.summary} />
      </p>
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((b, i) => (
            <Block key={i} b={b} />
          ))}
        </section>
      ))}
    </ServerPage>
  )
}

/** The imprint: the company, its address and contact, then the founder's own text, line by line. */
export function imprintPage(locale: Locale) {
  const title = FOOTER_TEXTS[locale].imprint ?? ''
  return (
    <ServerPage title={title} indexed>
      <h1>{title}</h1>
      <p className="imprint">
        {[LEGAL_ENTITY.company, LEGAL_ENTITY.address].join('\n')}
        {'\n'}
        <a href={`mailto:${LEGAL_ENTITY.contact}`}>{LEGAL_ENTITY.contact}</a>
      </p>
      {(LEGAL_ENTITY.imprint ?? '')
        .split(/\n\s*\n/)
        .filter((part) => part.trim())
        .map((part, i) => (
          <p key={i} className="imprint">
            {part.trim()}
          </p>
        ))}
    </ServerPage>
  )
}

/** The legal pages of the default language, by the folder each is written to. */
export function legalPages(locale: Locale) {
  const { privacy, terms } = LEGAL_TEXTS[locale]
  return {
    privacy: legalPage(privacy, locale),
    terms: legalPage(terms, locale),
    ...(LEGAL_ENTITY.imprint ? { imprint: imprintPage(locale) } : {}),
  }
}
