import type { LegalBlock, LegalDocument, LegalParagraph } from '../../../shared/content-types.ts'
import { FOOTER_TEXTS, IMPRINTS, LEGAL_ENTITY, LEGAL_TEXTS, type Locale } from '../../../shared/content.ts'
import { legalPath, localeRoot, type LegalPageName } from '../../../shared/locales.ts'
import { ServerPage, type HeadLink } from '../../http/server-page.tsx'

// The legal texts at stable URLs (/privacy, /terms, /imprint; /<lang>/privacy... for the other
// languages): the documents the page's dialogs show, prerendered at build into
// dist/client/[<lang>/]<name>/index.html (scripts/legal-pages.ts) inside the server pages' shell,
// so they wear the brand and need no script (docs/decisions/brand.md, docs/decisions/languages.md).

/** The dialogs' in-page anchors, as links between the pages of the same language. */
function pageOf(href: string, locale: Locale): string {
  if (href === '#privacy' || href === '#terms') return legalPath(href.slice(1) as 'privacy' | 'terms', locale)
  if (href === '#contact') return `${localeRoot(locale)}#contact`
  return href
}

function Paragraph({ p, locale }: { p: LegalParagraph; locale: Locale }) {
  if (typeof p === 'string') return p
  return p.map((run, i) =>
    typeof run === 'string' ? (
      run
    ) : 'href' in run ? (
      <a key={i} href={pageOf(run.href, locale)}>
        {run.text}
      </a>
    ) : run.emphasis === 'strong' ? (
      <strong key={i}>{run.text}</strong>
    ) : (
      <em key={i}>{run.text}</em>
    ),
  )
}

function Block({ b, locale }: { b: LegalBlock; locale: Locale }) {
  if (typeof b === 'object' && 'list' in b)
    return (
      <ul>
        {b.list.map((item, j) => (
          <li key={j}>
            <Paragraph p={item} locale={locale} />
          </li>
        ))}
      </ul>
    )
  return (
    <p>
      <Paragraph p={b} locale={locale} />
    </p>
  )
}

export function legalPage(doc: LegalDocument, locale: Locale, links: readonly HeadLink[] = []) {
  return (
    <ServerPage locale={locale} title={doc.title} indexed links={links}>
      <h1>{doc.title}</h1>
      <p className="muted">
        {FOOTER_TEXTS[locale].effectiveDate} <time dateTime={doc.effectiveDate}>{doc.effectiveDateLabel}</time>
      </p>
      <p>
        <Paragraph p={doc.summary} locale={locale} />
      </p>
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((b, i) => (
            <Block key={i} b={b} locale={locale} />
          ))}
        </section>
      ))}
    </ServerPage>
  )
}

/** The imprint: the company, its address and contact, then the founder's own text, line by line. */
function imprintPage(locale: Locale, links: readonly HeadLink[] = []) {
  const title = FOOTER_TEXTS[locale].imprint ?? ''
  return (
    <ServerPage locale={locale} title={title} indexed links={links}>
      <h1>{title}</h1>
      <p className="imprint">
        {[LEGAL_ENTITY.company, LEGAL_ENTITY.address].join('\n')}
        {'\n'}
        <a dir="auto" href={`mailto:${LEGAL_ENTITY.contact}`}>
          {LEGAL_ENTITY.contact}
        </a>
      </p>
      {(IMPRINTS[locale] ?? '')
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

/**
 * A language's legal pages, by the folder each is written to (below the language's root). The
 * imprint's facts are the language's own text (locales/<lang>.yaml's legal.imprint, else site.yaml's).
 * `links`: each page's canonical URL and alternates, which need the site's public origin.
 */
export function legalPages(
  locale: Locale,
  links: (name: LegalPageName) => readonly HeadLink[] = () => [],
): Partial<Record<LegalPageName, ReturnType<typeof legalPage>>> {
  const { privacy, terms } = LEGAL_TEXTS[locale]
  return {
    privacy: legalPage(privacy, locale, links('privacy')),
    terms: legalPage(terms, locale, links('terms')),
    ...(IMPRINTS[locale] ? { imprint: imprintPage(locale, links('imprint')) } : {}),
  }
}
