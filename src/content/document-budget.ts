import { existsSync, readFileSync } from 'node:fs'
import { brotliCompressSync, constants } from 'node:zlib'
import { localeSegment } from '../shared/locale-tags.ts'
import type { Content } from './load.ts'

// The first round trip's budget for each language's landing page (docs/decisions/document-budget.md).
// The build measures the prerendered documents (scripts/prerender.ts, scripts/document-budget.ts);
// `content:check` estimates them from the last build's measure and the content's own words, and
// both print the same report.

/**
 * TCP's first window is 10 segments of 1460 bytes (what Lighthouse's simulation assumes too), and
 * the response's headers take about 1 KB: a document within this many bytes (brotli) arrives in
 * the first round trip.
 */
export const DOCUMENT_BUDGET_BR = 10 * 1460 - 1024

/** One language's landing page and its size on the wire (brotli). */
export type DocumentSize = { locale: string; page: string; br: number }

/**
 * Whether an over-budget page fails the build (`gate`) or is reported (`warn`). The repository's
 * CI holds its demo to the budget with DOCUMENT_BUDGET=gate (.ci/run); a founder's build, which
 * does not set it, warns: the page still works, a visitor waits one more round trip for it.
 */
export type BudgetMode = 'gate' | 'warn'
export function budgetMode(env: Record<string, string | undefined> = process.env): BudgetMode {
  return env.DOCUMENT_BUDGET === 'gate' ? 'gate' : 'warn'
}

/** What makes a landing page's document heavier, and so what a founder can change. */
const BUDGET_LEVERS = [
  "shorter texts in the page itself: site.yaml's texts.hero, texts.features, texts.signup, texts.contact and texts.footer (and each locales/<lang>.yaml's)",
  "shorter screenshot alt texts (texts.hero.screens[].alt): they are in the page's markup",
  'a simpler logo.svg (content/brand/): the page draws it inline three times (header, footer, icon); a PNG logo is a separate file',
  'fewer social links (links.social); the legal texts are not in the page (the dialogs load them), so they cost nothing here',
] as const

/** The report both the build and `content:check` print: each page, its size, and what is left. */
export function budgetReport(documents: readonly DocumentSize[], estimated = false): string {
  const width = Math.max(...documents.map((d) => d.page.length))
  const lines = documents.map((d) => {
    const left = DOCUMENT_BUDGET_BR - d.br
    const size = `${estimated ? '~' : ''}${d.br} bytes`
    return `  ${d.page.padEnd(width)}  ${size.padStart(12)}  ${left >= 0 ? `${left} left` : `${-left} OVER`}`
  })
  const head = `Each language's page against the first round trip's budget (${DOCUMENT_BUDGET_BR} bytes, brotli${estimated ? ', estimated from the last build' : ''}):`
  return [head, ...lines].join('\n')
}

/**
 * A warning for each page over the budget, then what makes a page lighter; empty when all fit.
 */
export function overBudget(documents: readonly DocumentSize[]): string[] {
  const over = documents
    .filter((d) => d.br > DOCUMENT_BUDGET_BR)
    .map(
      (d) =>
        `warning: ${d.page} (${d.locale}) is ${d.br - DOCUMENT_BUDGET_BR} bytes over the first round trip's budget: its visitors wait one more round trip before they see the page`,
    )
  if (!over.length) return []
  return [...over, 'What makes a page lighter:', ...BUDGET_LEVERS.map((l) => `  - ${l}`)]
}

/**
 * The words of one language that go into its landing page's document (its first view, the footer
 * and the contact dialog's form), and the inline logo: the part of the document the content
 * decides. Its brotli size, compared with the last build's, estimates the document's.
 */
function documentWords(content: Content, locale: string): string {
  const t = content.texts[locale]
  if (!t) return ''
  const { site, header, productDirectory, hero, features, signup, contact, footer, social } = t
  const words = { site, header, productDirectory, hero, features, signup, contact, footer, social }
  const logo = content.logo?.kind === 'svg' ? content.logo.markup : ''
  return `${JSON.stringify(words)}${logo}${content.product.name}${content.legal.company}`
}

const brotliSize = (text: string): number =>
  brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length

/** Where the build records it, relative to the repository (beside the site, not served). */
export const BUDGET_RECORD = 'dist/document-budget.json'

/** What the build records beside the site for `content:check`: each page's size and its words' size. */
export type BudgetRecord = Record<string, { page: string; br: number; words: number }>

export function budgetRecord(content: Content, documents: readonly DocumentSize[]): BudgetRecord {
  return Object.fromEntries(
    documents.map((d) => [d.locale, { page: d.page, br: d.br, words: brotliSize(documentWords(content, d.locale)) }]),
  )
}

/**
 * Each language's page size, estimated: the last build's size, moved by how much its words grew
 * or shrank since (a language the last build did not have starts from the default's). Null when
 * there is no record of a build.
 */
export function estimateDocuments(content: Content, recordFile: string): DocumentSize[] | null {
  if (!existsSync(recordFile)) return null
  let record: BudgetRecord
  try {
    record = JSON.parse(readFileSync(recordFile, 'utf8')) as BudgetRecord
  } catch {
    return null
  }
  const base = record[content.locales[0]!] ?? Object.values(record)[0]
  if (!base) return null
  return content.locales.map((locale, i) => {
    const then = record[locale] ?? base
    const words = brotliSize(documentWords(content, locale))
    return { locale, page: i === 0 ? '/' : `/${localeSegment(locale)}/`, br: then.br + words - then.words }
  })
}
