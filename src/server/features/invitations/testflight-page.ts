import type { TestflightState } from '../../../shared/invitations.ts'
import type { Config } from '../../config.ts'

// What TestFlight's public join page (https://testflight.apple.com/join/<id>) says, read in
// English. Apple shows one sentence in the page's status block; the texts below are the ones
// testers' own watchers match (docs/decisions/testflight-link-health.md). Anything else is
// "unknown": a page we do not recognise must never hold invitations back.
const FULL = 'this beta is full.'
const CLOSED = "this beta isn't accepting any new testers right now."
// "To join the <app> beta, open the link on your iPhone, iPad, or Mac after you install TestFlight."
const OPEN = ['open the link on your', 'after you install testflight']

/** Where a join link's page can be read: only Apple's public join pages (or an explicit stand-in). */
export function joinPageUrl(
  config: Partial<Pick<Config, 'BETA_IOS_URL' | 'TESTFLIGHT_CHECK' | 'TESTFLIGHT_CHECK_URL'>>,
): string | null {
  if (config.TESTFLIGHT_CHECK === false) return null
  if (config.TESTFLIGHT_CHECK_URL) return config.TESTFLIGHT_CHECK_URL
  const url = config.BETA_IOS_URL ? new URL(config.BETA_IOS_URL) : null
  // eslint-disable-next-line no-restricted-syntax -- Apple's /join/ path on testflight.apple.com, not one of ours
  return url?.protocol === 'https:' && url.hostname === 'testflight.apple.com' && url.pathname.startsWith('/join/')
    ? url.href
    : null
}

/** The state a join page's HTML shows. */
export function classifyJoinPage(html: string): TestflightState {
  const text = visibleText(html)
  if (text.includes(FULL)) return 'full'
  if (text.includes(CLOSED)) return 'closed'
  if (OPEN.every((part) => text.includes(part))) return 'open'
  return 'unknown'
}

// Tags out, the few entities and apostrophes Apple's page may use made plain, spaces folded.
function visibleText(html: string): string {
  return stripTags(html.toLowerCase())
    .replace(/&(rsquo|#8217|#x2019|apos|#39|#x27);/g, "'")
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[\u2019\u2018]/g, "'")
    .replace(/\s+/g, ' ')
}

/**
 * The text between tags, with scripts' and styles' contents out, in one pass over a lower-cased
 * page: each search starts where the last one ended, so no answer (100 KB of "<" stalled the
 * server for seconds with regular expressions) costs more than its length.
 */
function stripTags(html: string): string {
  const parts: string[] = []
  let at = 0
  while (at < html.length) {
    const open = html.indexOf('<', at)
    if (open === -1) break
    parts.push(html.slice(at, open), ' ')
    const close = html.indexOf('>', open + 1)
    // No tag can end: the rest is text, as in a browser.
    if (close === -1) return parts.join('') + html.slice(open)
    const raw = rawTextElement(html, open)
    if (raw) {
      // A script or style runs to its end tag; one that is never closed hides the rest.
      const end = html.indexOf(`</${raw}`, close + 1)
      if (end === -1) return parts.join('')
      const after = html.indexOf('>', end + raw.length + 2)
      at = after === -1 ? html.length : after + 1
    } else at = close + 1
  }
  return parts.join('') + html.slice(at)
}

// Elements whose contents are not visible text: `<script` or `<style` followed by the name's end.
function rawTextElement(html: string, open: number): 'script' | 'style' | null {
  for (const name of ['script', 'style'] as const) {
    if (!html.startsWith(name, open + 1)) continue
    const next = html.charAt(open + 1 + name.length)
    if (next === '>' || next === '/' || /\s/.test(next)) return name
  }
  return null
}
