/**
 * The small, safe text format of the owner's messages to testers: paragraphs separated
 * by a blank line, line breaks kept, and links, either `[words](https://…)` or a bare
 * `https://…`. Nothing else is markup: every other character is text, and the templates escape
 * it. A link whose target is not http(s) stays text. The email (HTML and plain text) and the
 * console's preview read the same structure, so the preview shows what is sent.
 * docs/decisions/tester-messages-and-feedback.md
 */

type Inline = { text: string } | { text: string; href: string }
/** A paragraph: its lines, each a list of runs of text and links. */
export type Paragraph = Inline[][]

// [words](target) with a target free of whitespace and parentheses, or a bare URL up to
// whitespace or a closing bracket or angle bracket.
const TOKEN = /\[([^\]\n]{1,500})\]\(([^()\s]{1,2000})\)|(https?:\/\/[^\s<>()[\]]{1,2000})/gi

/** Whether a link target may become a link: absolute http(s), no credentials, parsable. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === ''
  } catch {
    return false
  }
}

// Punctuation that ends a sentence after a bare URL is not part of it.
function splitTrailing(url: string): [string, string] {
  const m = /[.,;:!?'"]+$/.exec(url)
  return m ? [url.slice(0, m.index), m[0]] : [url, '']
}

function parseLine(line: string): Inline[] {
  const out: Inline[] = []
  const push = (run: Inline) => {
    const last = out.at(-1)
    if (!('href' in run) && last && !('href' in last)) last.text += run.text
    else if (run.text !== '') out.push(run)
  }
  let at = 0
  for (const m of line.matchAll(TOKEN)) {
    push({ text: line.slice(at, m.index) })
    if (m[1] !== undefined && m[2] !== undefined) {
      push(isHttpUrl(m[2]) ? { text: m[1], href: m[2] } : { text: m[0] })
    } else {
      const [url, rest] = splitTrailing(m[3]!)
      push(isHttpUrl(url) ? { text: url, href: url } : { text: url })
      push({ text: rest })
    }
    at = m.index + m[0].length
  }
  push({ text: line.slice(at) })
  return out
}

/** The paragraphs of a message body; blank input gives none. */
export function parseBody(body: string): Paragraph[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/^\n+|\s+$/g, ''))
    .filter((p) => p.trim() !== '')
    .map((p) => p.split('\n').map(parseLine))
}

/** The plain-text form: links as `words (url)`, or the URL alone when it is its own words. */
export function bodyAsText(paragraphs: Paragraph[]): string {
  return paragraphs
    .map((p) => p.map((line) => line.map((run, i) => runAsText(run, line[i + 1])).join('')).join('\n'))
    .join('\n\n')
}

// A link is written `words: url`, and never directly before punctuation: a mail client would take
// the mark into the link, so a space goes between them.
const PUNCTUATION_FIRST = /^[.,;:!?)>'"]/
function runAsText(run: Inline, next: Inline | undefined): string {
  if (!('href' in run)) return run.text
  const written = run.href !== run.text ? `${run.text}: ${run.href}` : run.text
  return next && PUNCTUATION_FIRST.test(next.text) ? `${written} ` : written
}
