import { existsSync, readFileSync } from 'node:fs'
import { intlTag, longDate } from '../shared/locale-tags.ts'
import { join } from 'node:path'
import { marked, type Token, type Tokens } from 'marked'
import { z } from 'zod'
import type {
  LegalBlock,
  LegalDocument,
  LegalDocumentId,
  LegalParagraph,
  LegalRun,
  LegalTexts,
} from '../shared/content-types.ts'
import { paths } from '../shared/paths.ts'
import { fillText, type Placeholders } from './placeholders.ts'
import type { Problem } from './problems.ts'
import { yamlValue } from './yaml.ts'

// The legal texts are Markdown with front matter (content/legal/privacy.md, terms.md), parsed here
// at generation into plain data, so no Markdown code reaches the browser. Only what the dialogs
// and pages can show is allowed: ## headings, paragraphs, bulleted lists, *emphasis*, **strong**
// and links; anything else is a problem named by file and heading.

const LEGAL_IDS: readonly LegalDocumentId[] = ['privacy', 'terms']

const frontMatter = z.strictObject({
  title: z.string({ error: 'missing text' }).trim().min(1, 'missing text'),
  effectiveDate: z.iso.date({ error: 'must be a date as YYYY-MM-DD' }),
})

/** A link may open another dialog of the page, an email address or a web page. */
const LINK = /^(#(privacy|terms|contact)|mailto:\S+|https?:\/\/\S+)$/
/**
 * The legal pages' own paths, where the texts are published, are the dialogs' links: in the page
 * they open the dialog, on a legal page they lead to that language's page.
 */
const LEGAL_PAGE_LINKS: Record<string, string> = { [paths.privacy.href()]: '#privacy', [paths.terms.href()]: '#terms' }

type Context = { file: string; key: string; problems: Problem[] }

function runs(tokens: readonly Token[], at: Context): LegalRun[] {
  const out: LegalRun[] = []
  const push = (run: LegalRun) => {
    const last = out[out.length - 1]
    if (typeof run === 'string' && typeof last === 'string') out[out.length - 1] = last + run
    else out.push(run)
  }
  for (const token of tokens) {
    if (token.type === 'text') {
      const t = token as Tokens.Text
      if (t.tokens?.length) runs(t.tokens, at).forEach(push)
      else push(t.text)
    } else if (token.type === 'escape') push((token as Tokens.Escape).text)
    else if (token.type === 'em' || token.type === 'strong')
      push({ text: plain((token as Tokens.Em).tokens), emphasis: token.type })
    else if (token.type === 'link') {
      const link = token as Tokens.Link
      const href = LEGAL_PAGE_LINKS[link.href] ?? link.href
      if (!LINK.test(href))
        at.problems.push({
          file: at.file,
          key: at.key,
          message: `link "${link.href}" must be #privacy, #terms, #contact, /privacy, /terms, a mailto: or an http(s) URL`,
        })
      push({ text: plain(link.tokens), href })
    } else if (token.type === 'br') push('\n')
    else at.problems.push({ file: at.file, key: at.key, message: `${token.type} is not allowed in a legal text` })
  }
  return out
}

function plain(tokens: readonly Token[]): string {
  return tokens.map((t) => ('tokens' in t && t.tokens ? plain(t.tokens) : 'text' in t ? t.text : '')).join('')
}

function paragraph(tokens: readonly Token[], at: Context): LegalParagraph {
  const parts = runs(tokens, at)
  return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts
}

/** Parses one legal Markdown file; problems go to `problems`, and null comes back if it is unusable. */
function parseLegal(
  id: LegalDocumentId,
  source: string,
  file: string,
  /** The language's Intl tag (its digits included: src/shared/locale-tags.ts). */
  tag: string,
  values: Placeholders,
  problems: Problem[],
): LegalDocument | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source)
  if (!match) {
    problems.push({ file, key: '', message: 'must start with front matter: ---, title, effectiveDate, ---' })
    return null
  }
  const yaml = yamlValue(match[1]!, file, problems)
  if (!yaml) return null
  const meta = frontMatter.safeParse(yaml.value ?? {})
  if (!meta.success) {
    for (const issue of meta.error.issues)
      problems.push({ file, key: issue.path.join('.') || 'front matter', message: issue.message })
    return null
  }
  // The body's first line is the file's line after the front matter and its two --- lines.
  const offset = match[1]!.split('\n').length + 2
  const body = match[2]!
    .split('\n')
    .map((line, i) => fillText(line, values, { file, key: `line ${offset + i + 1}` }, problems))
    .join('\n')

  let summary: LegalParagraph | null = null
  const sections: { heading: string; paragraphs: LegalBlock[] }[] = []
  for (const token of marked.lexer(body)) {
    const current = sections[sections.length - 1]
    const at: Context = { file, key: current ? `## ${current.heading}` : 'before the first heading', problems }
    if (token.type === 'space') continue
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 2) {
      sections.push({ heading: plain((token as Tokens.Heading).tokens), paragraphs: [] })
    } else if (token.type === 'paragraph') {
      const p = paragraph((token as Tokens.Paragraph).tokens, at)
      if (current) current.paragraphs.push(p)
      else if (summary === null) summary = p
      else problems.push({ file, key: at.key, message: 'one paragraph only before the first ## heading (the summary)' })
    } else if (token.type === 'list' && !(token as Tokens.List).ordered && current) {
      current.paragraphs.push({ list: (token as Tokens.List).items.map((item) => paragraph(item.tokens, at)) })
    } else
      problems.push({
        file,
        key: at.key,
        message: `${token.type} is not allowed in a legal text (## headings, paragraphs, lists)`,
      })
  }
  if (summary === null)
    problems.push({ file, key: 'summary', message: 'missing text: a paragraph before the first ## heading' })
  if (!sections.length) problems.push({ file, key: 'sections', message: 'missing text: at least one ## heading' })
  const label = longDate(tag, meta.data.effectiveDate)
  return {
    id,
    title: fillText(meta.data.title, values, { file, key: 'title' }, problems),
    effectiveDate: meta.data.effectiveDate,
    effectiveDateLabel: label,
    summary: summary ?? '',
    sections,
  }
}

/** content/legal/<id>.md for the default language, content/legal/<lang>/<id>.md for the others. */
export function loadLegal(
  dir: string,
  locale: string,
  isDefault: boolean,
  values: Placeholders,
  numbers: string | undefined,
  problems: Problem[],
): LegalTexts | null {
  const docs: Partial<LegalTexts> = {}
  for (const id of LEGAL_IDS) {
    const file = isDefault ? `legal/${id}.md` : `legal/${locale}/${id}.md`
    const path = join(dir, file)
    if (!existsSync(path)) {
      problems.push({ file, key: '', message: 'file is missing' })
      continue
    }
    const doc = parseLegal(id, readFileSync(path, 'utf8'), file, intlTag(locale, numbers), values, problems)
    if (doc) docs[id] = doc
  }
  return docs.privacy && docs.terms ? (docs as LegalTexts) : null
}
