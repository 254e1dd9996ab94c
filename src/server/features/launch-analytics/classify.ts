import { isbot } from 'isbot'
import type { LeftOutReason } from '../../../shared/launch-analytics.ts'

// Which document requests are a person's visit. Counting on the server sees far more
// bots than a script does, so every request left out is counted by reason (the Launch view's
// ledger). docs/decisions/launch-analytics.md

/** The request headers the classifier reads (lower-case names). */
type RequestHeaders = (name: string) => string | undefined

/**
 * Link-preview fetchers: a shared link on launch day brings one per chat and per post. Checked
 * before the general bot list so the ledger can tell them from crawlers.
 */
const LINK_PREVIEW =
  /slackbot|slack-imgproxy|twitterbot|discordbot|^whatsapp\/|telegrambot|facebookexternalhit|facebookcatalog|meta-externalagent|linkedinbot|applebot|skypeuripreview|redditbot|pinterestbot|embedly|iframely|\(mastodon\/|bluesky cardyb|line-poker|kakaotalk-scrap|vkshare|bitlybot|microsoftpreview|google-pagerenderer|quora link preview/i

/**
 * Referrer spam: sites that send fake Referers to show up in analytics. A short list of the
 * families Matomo's community list is mostly made of; extend it with the owner's own finds.
 */
const SPAM_REFERRER =
  /(^|\.)(semalt\.com|buttons-for-website\.com|buttons-for-your-website\.com|best-seo-offer\.com|darodar\.com|ilovevitaly\.[a-z]+|priceg\.com|blackhatworth\.com|hulfingtonpost\.com|o-o-6-o-o\.com|free-share-buttons\.com|social-buttons\.com|get-free-traffic-now\.com|trafficmonetize\.com|4webmasters\.org|floating-share-buttons\.com|event-tracking\.com|free-social-buttons\.[a-z]+|success-seo\.com|videos-for-your-business\.com|seo-platform\.[a-z]+|traffic2money\.com|webmonetizer\.net|site-auditor\.online|rank-checker\.online|keywords-monitoring-success\.com)$/i

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
// Printable ASCII only: browsers send nothing else in their browser string.
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/

/**
 * Why a GET of a page is not a visit, or null when it is. The owner's own visits and floods need
 * more than the headers; the counter checks those.
 */
export function leftOutReason(header: RequestHeaders, ownHost: string): LeftOutReason | null {
  // Speculative loads: Chromium's Sec-Purpose (prefetch, prefetch;prerender), the older Purpose
  // and X-Purpose, Firefox's X-Moz. A prefetched page that is then shown is not fetched again,
  // which undercounts a little; counting every prefetch would overcount much more.
  const purpose = `${header('sec-purpose') ?? ''} ${header('purpose') ?? ''} ${header('x-purpose') ?? ''} ${header('x-moz') ?? ''}`
  if (/prefetch|prerender|preview/i.test(purpose)) return 'prefetch'
  const ua = header('user-agent')?.trim() ?? ''
  // Link previews first (some send short strings: "Twitterbot/1.0"), then what no browser sends,
  // then the bot list (which also calls any string it does not know as a browser a bot).
  if (LINK_PREVIEW.test(ua)) return 'link-preview'
  if (ua.length < 16 || ua.length > 500 || !PRINTABLE_ASCII.test(ua) || IPV4.test(ua) || UUID.test(ua))
    return 'bad-browser-string'
  if (isbot(ua)) return 'crawler'
  // What every browser sends with a page request, and scripts rarely do (Pirsch's heuristics).
  if (!header('accept-language') || !header('accept-encoding')) return 'script'
  const referer = header('referer')
  // A browser says Sec-Fetch-Site: none for an address typed or a bookmark: it never has a Referer then.
  if (referer && header('sec-fetch-site') === 'none') return 'script'
  if (referer && SPAM_REFERRER.test(hostOf(referer) ?? '') && hostOf(referer) !== ownHost) return 'spam-referrer'
  return null
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase()
  } catch {
    return null
  }
}
