// The page's security headers as data: the Node server's middleware (security-headers.ts) and
// the static-host header files (scripts/static-host.ts: Netlify and Cloudflare Pages'
// `_headers`, Vercel's `vercel.json`) are built from this one module. No I/O, no framework.

import { LOGO_PATH } from '../../emails/envelope.ts'
import { DEFAULT_LOCALE, LOCALES, localeSegment } from '../../shared/locales.ts'

const ONE_YEAR = 31_536_000

/**
 * The page's inline blocks, allowed by hash: the critical CSS and the script loader that
 * scripts/prerender.ts writes into index.html. It writes their hashes beside it in
 * this file, and every place that sends the page's CSP reads them from there.
 */
export const INLINE_HASHES_FILE = 'csp-hashes.json'
export type InlineHashes = { 'script-src': string[]; 'style-src': string[] }

/** Reads the build's hashes: `{}` when there is no build (tests), so nothing inline is allowed. */
export function parseInlineHashes(json: string): InlineHashes {
  const data = JSON.parse(json) as Partial<InlineHashes>
  const valid = (list: unknown) =>
    Array.isArray(list) && list.every((h) => typeof h === 'string' && /^'sha256-[A-Za-z0-9+/]{43}='$/.test(h))
  if (!valid(data['script-src']) || !valid(data['style-src']))
    throw new Error(`${INLINE_HASHES_FILE}: not a list of sha256 sources`)
  return { 'script-src': data['script-src']!, 'style-src': data['style-src']! }
}

type PageCspOptions = { https: boolean; extraConnect?: readonly string[]; inline?: InlineHashes }

/**
 * The page's Content-Security-Policy: everything from our own origin, no eval, and nothing inline
 * but the build's own blocks, each allowed by its hash (`inline`), never 'unsafe-inline'.
 * `default-src 'none'` plus one directive per kind of resource the page loads, so anything new
 * has to be allowed on purpose. `extraConnect` adds the backend's origin when the page is built
 * against a separate Supabase project.
 */
export function pageCsp(options: PageCspOptions): string {
  const directives = [
    "default-src 'none'",
    ["script-src 'self'", ...(options.inline?.['script-src'] ?? [])].join(' '),
    ["style-src 'self'", ...(options.inline?.['style-src'] ?? [])].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...(options.extraConnect ?? [])].join(' ')}`,
    // The sign-up's proof-of-work solver runs in a Web Worker from our own origin.
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ]
  // Only meaningful once the site is on HTTPS; over plain HTTP it would break every request.
  if (options.https) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/** Powerful features the page never uses, switched off for it and anything it might embed. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
]
  .map((f) => `${f}=()`)
  .join(', ')

/**
 * Every page but the landing page is put in a browsing context group of its own: a page of
 * another origin that opened it keeps no handle to it, and Chrome for Android gives it a process
 * of its own. The landing page is left out (docs/decisions/opener-policy.md): it holds nothing
 * secret, and the switch costs a new renderer process on arrival, in every Lighthouse run and for
 * a visitor on Chrome for Android who comes from another site in the same tab.
 */
export const OPENER_POLICY: [string, string] = ['Cross-Origin-Opener-Policy', 'same-origin']

/**
 * The public landing page's paths, in every language (`/de/`, `/de`, `/de/index.html`): the
 * only answers without OPENER_POLICY.
 */
export const LANDING_PATHS: readonly string[] = [
  '/',
  '/index.html',
  ...LOCALES.filter((l) => l !== DEFAULT_LOCALE)
    .map(localeSegment)
    .flatMap((l) => [`/${l}/`, `/${l}`, `/${l}/index.html`]),
]

/**
 * The images the emails show from the site (the logo): a webmail loads them from its own origin
 * (or its image proxy's), which `same-origin` would block, so other origins may embed them.
 */
const EMAIL_IMAGE_PATHS: readonly string[] = [LOGO_PATH]
const RESOURCE_POLICY = 'Cross-Origin-Resource-Policy'

/** `headers` as `path` gets them: an email image's resource policy is `cross-origin`. */
export function headersForPath(path: string, headers: [string, string][]): [string, string][] {
  if (!EMAIL_IMAGE_PATHS.includes(path)) return headers
  return headers.map(([name, value]) => [name, name === RESOURCE_POLICY ? 'cross-origin' : value])
}

/**
 * The security headers every path of the page (not an API answer) gets, in the order the server
 * sets them. OPENER_POLICY is added on every path but LANDING_PATHS.
 */
export function pageSecurityHeaders(options: PageCspOptions): [string, string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', pageCsp(options)],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    [RESOURCE_POLICY, 'same-origin'],
  ]
  if (options.https) headers.push(['Strict-Transport-Security', `max-age=${ONE_YEAR * 2}; includeSubDomains`])
  return headers
}
