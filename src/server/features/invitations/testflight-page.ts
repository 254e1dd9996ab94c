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
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(rsquo|#8217|#x2019|apos|#39|#x27);/gi, "'")
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/[\u2019\u2018]/g, "'")
    .replace(/\s+/g, ' ')
    .toLowerCase()
}
