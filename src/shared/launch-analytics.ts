import { z } from 'zod'
import { SOURCE_LIMITS, SOURCE_ROWS } from './limits.ts'

// Where visitors come from, counted on the server without a cookie or a script, and the
// source a sign-up carries. One module for the server, the page's lazily loaded sign-up code and
// the console's answers. docs/decisions/launch-analytics.md

/** The longest source, medium or campaign kept; longer values are cut. */
const MAX_SOURCE_LENGTH = SOURCE_LIMITS.source

/** What a visit or a sign-up is attributed to when nothing names a source. */
export const DIRECT = 'direct'

/** Where a person's own /app link (an email's) counts its openings when it names no other source. */
export const EMAIL_SOURCE = 'email'

/**
 * Where a visit counts when its source is past the caps on new sources (the server's
 * launch-analytics/budgets.ts), and the one row that gathers every source past the top
 * MAX_SOURCE_ROWS in the Launch view, its API and its CSV.
 */
export const OTHER_SOURCE = SOURCE_ROWS.other
/** The most sources the Launch view, its API and its CSV list one by one; the rest are one OTHER_SOURCE row. */
export const MAX_SOURCE_ROWS = SOURCE_ROWS.max

const DEVICES = ['mobile', 'tablet', 'desktop'] as const
export type Device = (typeof DEVICES)[number]
const SYSTEMS = ['ios', 'android', 'other'] as const
export type System = (typeof SYSTEMS)[number]

const EMAIL_LIKE = /[^@\s]+@[^@\s]+\.[^@\s]+/
// Control characters and the Unicode line and paragraph separators never belong in a label.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

/**
 * A source, medium or campaign as stored: trimmed, inner spaces collapsed, control characters
 * gone, at most MAX_SOURCE_LENGTH characters; null for nothing, and for anything that looks like
 * an email address (a newsletter tool that pastes the reader's address into utm_source).
 */
function normaliseSourceValue(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const clean = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
  if (!clean || EMAIL_LIKE.test(clean) || clean.includes('@')) return null
  return Array.from(clean).slice(0, MAX_SOURCE_LENGTH).join('').trim() || null
}

/**
 * Hosts a launch brings, by the name a founder knows them by. The page's own host is never a
 * source; an unknown host is shown as itself without "www.".
 */
const KNOWN_HOSTS: readonly [RegExp, string][] = [
  [/(^|\.)news\.ycombinator\.com$/, 'Hacker News'],
  [/(^|\.)producthunt\.com$/, 'Product Hunt'],
  [/(^|\.)(reddit\.com|redd\.it)$/, 'Reddit'],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, 'X (Twitter)'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me|m\.facebook\.com|l\.facebook\.com)$/, 'Facebook'],
  [/(^|\.)(instagram\.com|l\.instagram\.com)$/, 'Instagram'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'LinkedIn'],
  [/(^|\.)(threads\.net|threads\.com)$/, 'Threads'],
  [/(^|\.)bsky\.app$/, 'Bluesky'],
  [/(^|\.)(mastodon\.social|mastodon\.online|fosstodon\.org|hachyderm\.io)$/, 'Mastodon'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'YouTube'],
  [/(^|\.)tiktok\.com$/, 'TikTok'],
  [/(^|\.)(github\.com)$/, 'GitHub'],
  [/(^|\.)indiehackers\.com$/, 'Indie Hackers'],
  [/(^|\.)lobste\.rs$/, 'Lobsters'],
  [/(^|\.)(dev\.to)$/, 'DEV'],
  [/(^|\.)medium\.com$/, 'Medium'],
  [/(^|\.)substack\.com$/, 'Substack'],
  [/(^|\.)betalist\.com$/, 'BetaList'],
  [/(^|\.)(slack\.com)$/, 'Slack'],
  [/(^|\.)(discord\.com|discordapp\.com)$/, 'Discord'],
  [/(^|\.)(telegram\.org|t\.me)$/, 'Telegram'],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, 'WhatsApp'],
  [/(^|\.)(mail\.google\.com|outlook\.live\.com|outlook\.office\.com|mail\.yahoo\.com)$/, 'Email'],
  [/(^|\.)(chatgpt\.com|chat\.openai\.com)$/, 'ChatGPT'],
  [/(^|\.)perplexity\.ai$/, 'Perplexity'],
  [/(^|\.)(claude\.ai)$/, 'Claude'],
  [/(^|\.)(gemini\.google\.com)$/, 'Gemini'],
  [/(^|\.)(google\.[a-z.]+)$/, 'Google'],
  [/(^|\.)bing\.com$/, 'Bing'],
  [/(^|\.)duckduckgo\.com$/, 'DuckDuckGo'],
  [/(^|\.)(ecosia\.org)$/, 'Ecosia'],
  [/(^|\.)(search\.brave\.com)$/, 'Brave Search'],
  [/(^|\.)(yahoo\.com)$/, 'Yahoo'],
  [/(^|\.)(baidu\.com)$/, 'Baidu'],
  [/(^|\.)(yandex\.[a-z.]+)$/, 'Yandex'],
  [/(^|\.)(apps\.apple\.com)$/, 'App Store'],
  [/(^|\.)(play\.google\.com)$/, 'Google Play'],
]

/** A Referer's host as a source's name: "news.ycombinator.com" is Hacker News; null for none. */
function sourceFromHost(host: string): string | null {
  const h = host.toLowerCase().replace(/\.$/, '')
  if (!h) return null
  for (const [pattern, name] of KNOWN_HOSTS) if (pattern.test(h)) return name
  return normaliseSourceValue(h.replace(/^(www|m)\./, ''))
}

type Attribution = { source: string; medium: string | null; campaign: string | null }

/**
 * The source of a visit: `utm_source`, then `source`, then `ref` (product directories name
 * themselves with it), then the Referer's host (the page's own host ignored), then "direct".
 * Medium and campaign come from `utm_medium` and `utm_campaign`.
 */
export function attribute(query: URLSearchParams, referrer: string | null | undefined, ownHost: string): Attribution {
  const named = [query.get('utm_source'), query.get('source'), query.get('ref')]
    .map(normaliseSourceValue)
    .find((v) => v !== null)
  const medium = normaliseSourceValue(query.get('utm_medium'))
  const campaign = normaliseSourceValue(query.get('utm_campaign'))
  if (named) return { source: named, medium, campaign }
  const host = referrerHost(referrer)
  const fromHost = host && host !== ownHost.toLowerCase() ? sourceFromHost(host) : null
  return { source: fromHost ?? DIRECT, medium, campaign }
}

function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null
  try {
    const url = new URL(referrer)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : null
  } catch {
    return null
  }
}

/** Device class and system from a browser string: for a mobile beta, the split per source matters. */
export function deviceOf(userAgent: string): { device: Device; os: System } {
  const ua = userAgent
  const ipad = /\biPad\b/.test(ua)
  const ios = ipad || /\b(iPhone|iPod)\b/.test(ua)
  const android = !ios && /\bAndroid\b/.test(ua)
  const tablet = ipad || (android && !/\bMobile\b/.test(ua)) || /\bTablet\b/.test(ua)
  const mobile = !tablet && (ios || android || /\bMobile\b/.test(ua))
  return { device: tablet ? 'tablet' : mobile ? 'mobile' : 'desktop', os: ios ? 'ios' : android ? 'android' : 'other' }
}

const sourceField = z
  .string()
  .max(1000, 'A source is at most 1000 characters.')
  .transform((v) => normaliseSourceValue(v))
  .nullable()
  .optional()

/**
 * The source columns of a sign-up, as the page sends them on the Supabase deployment (and the
 * Node server takes them as its last fallback). Values are normalised and capped; the migration
 * checks the same limits, since PostgREST inserts without this schema.
 */
export const SignupSourceFields = {
  source: sourceField,
  source_medium: sourceField,
  source_campaign: sourceField,
  source_device: z.enum(DEVICES).nullable().optional(),
  source_os: z.enum(SYSTEMS).nullable().optional(),
}
export const SignupSource = z.strictObject(SignupSourceFields)
export type SignupSource = z.infer<typeof SignupSource>

// --- The console's Launch view (answers parsed by the server's tests; the console imports types only).

/** Why a document request was not counted as a visit; each is counted in the ledger. */
export const LEFT_OUT_REASONS = [
  'prefetch',
  'link-preview',
  'crawler',
  'script',
  'bad-browser-string',
  'spam-referrer',
  'owner',
  'flood',
  'source-cap',
] as const
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number]

export const LaunchQuery = z.strictObject({
  days: z.coerce.number().int().min(1, 'days is 1 to 90').max(90, 'days is 1 to 90').default(2),
  bucket: z.enum(['hour', 'day']).default('hour'),
})
export type LaunchQuery = z.infer<typeof LaunchQuery>

const count = z.number().int().min(0)

export const LaunchSourceRow = z.strictObject({
  source: z.string(),
  /** Unique visitors per day, summed over the days: visits, not people. */
  visitors: count,
  pageviews: count,
  signups: count,
  /** Sign-ups per visitor, 0 to 1; null without visitors (the Supabase deployment, or a sign-up's Referer). */
  conversion: z.number().min(0).nullable(),
  confirmed: count,
  invited: count,
  opened: count,
  feedback: count,
  ios: count,
  android: count,
  other: count,
  mobile: count,
  /** Openings of /app for this source (clicks, not people), in all and per platform. */
  appOpens: count,
  appOpensIos: count,
  appOpensAndroid: count,
  appOpensOther: count,
  /** Sign-ups of this source who opened their own store link (the "we are live" message's /app link). */
  openedAfterLaunch: count,
})
export type LaunchSourceRow = z.infer<typeof LaunchSourceRow>

export const LaunchBucket = z.strictObject({ at: z.string(), visitors: count, pageviews: count, signups: count })
export type LaunchBucket = z.infer<typeof LaunchBucket>

export const LeftOutRow = z.strictObject({ reason: z.enum(LEFT_OUT_REASONS), requests: count })
export type LeftOutRow = z.infer<typeof LeftOutRow>

/** Where a share link leads: the page, or /app (each phone to its store). */
const CHANNEL_TARGETS = ['page', 'app'] as const
export type ChannelTarget = (typeof CHANNEL_TARGETS)[number]

export const ShareChannel = z.strictObject({
  name: z.string(),
  source: z.string(),
  medium: z.string(),
  target: z.enum(CHANNEL_TARGETS),
  opens: count,
  createdAt: z.string(),
})
export type ShareChannel = z.infer<typeof ShareChannel>

export const LaunchReport = z.strictObject({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['hour', 'day']),
  /** Whether this deployment sees the page's requests; false says plainly that visits are not measured. */
  visitsMeasured: z.boolean(),
  /**
   * Whether any page request (a visit or one left out) was ever counted here: false on a server
   * with the page whose proxy or CDN serves the documents itself, and the view says so.
   */
  documentsSeen: z.boolean(),
  /** ANALYTICS_JOIN_SIGNUPS: false keeps aggregates only, and sign-ups have no source. */
  joinSignups: z.boolean(),
  totals: z.strictObject({ visitors: count, pageviews: count, signups: count, leftOut: count, appOpens: count }),
  /** At most MAX_SOURCE_ROWS sources, then one OTHER_SOURCE row for the rest. */
  sources: z.array(LaunchSourceRow).max(MAX_SOURCE_ROWS + 1),
  buckets: z.array(LaunchBucket),
  leftOut: z.array(LeftOutRow),
  channels: z.array(ShareChannel),
})
export type LaunchReport = z.infer<typeof LaunchReport>

/** A share link's name: what follows /go/. */
const CHANNEL_NAME = new RegExp(`^[a-z0-9][a-z0-9-]{0,${SOURCE_LIMITS.channelName - 1}}$`)

export const ChannelRequest = z.strictObject({
  name: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      CHANNEL_NAME,
      'A link name is 1 to 40 lowercase letters, digits or dashes, starting with a letter or digit.',
    ),
  source: z
    .string()
    .max(1000)
    .transform((v) => normaliseSourceValue(v))
    .refine((v) => v !== null, 'Name the source (not an email address).'),
  medium: z
    .string()
    .max(1000)
    .transform((v) => normaliseSourceValue(v) ?? '')
    .default(''),
  target: z.enum(CHANNEL_TARGETS, 'A link leads to "page" or "app".').default('page'),
})
export type ChannelRequest = z.input<typeof ChannelRequest>

export const ChannelName = z.string().regex(CHANNEL_NAME, 'No such link.')

/** POST /launch/channels: whether the share link was new. */
export const ChannelSaved = z.strictObject({ created: z.boolean() })
