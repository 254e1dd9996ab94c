import type { Platform } from './beta-testers.ts'
import type { ConsoleViewId } from './console-views.ts'
import type { PlayAnswer } from './play-testing.ts'

// Each public path, declared once: `pattern` is what a route matches, `href()` the link to it
// (relative; emails put PUBLIC_URL in front). Routes, emails, the console and tests read these.

const token = (t: string) => `token=${encodeURIComponent(t)}`

export const paths = {
  /** The prerendered legal pages (the stores' listings ask for a privacy policy URL). */
  privacy: { pattern: '/privacy', href: () => '/privacy' },
  terms: { pattern: '/terms', href: () => '/terms' },
  /** Only when content/site.yaml's legal.imprint is set. */
  imprint: { pattern: '/imprint', href: () => '/imprint' },
  /**
   * The page's two forms posted without JavaScript (the Node server's features/page-forms); the
   * page's language rides in the address, so even a refusal before the body is read speaks it.
   */
  join: { pattern: '/join', href: (lang?: string) => (lang ? `/join?lang=${lang}` : '/join') },
  contact: { pattern: '/contact', href: (lang?: string) => (lang ? `/contact?lang=${lang}` : '/contact') },
  /** The link in every email's footer and List-Unsubscribe header. */
  unsubscribe: { pattern: '/unsubscribe', href: (t: string) => `/unsubscribe?${token(t)}` },
  /** The double opt-in confirmation. */
  confirm: { pattern: '/confirm', href: (t: string) => `/confirm?${token(t)}` },
  /** The welcome email's "iPhone" and "Android" links. */
  phoneChoice: {
    pattern: '/beta/phone',
    href: (platform: Platform, t: string) => `/beta/phone?platform=${platform}&${token(t)}`,
  },
  /** The invitation's store links: record the first opening, then redirect to the store. */
  store: {
    pattern: (platform: Platform) => `/beta/${platform}` as const,
    href: (platform: Platform, t: string) => `/beta/${platform}?${token(t)}`,
  },
  /** The answers behind the "Did you join the test?" email. */
  playAnswer: {
    pattern: '/beta/play',
    href: (answer: PlayAnswer, t: string) => `/beta/play?answer=${answer}&${token(t)}`,
  },
  /** A tester's feedback form; without a token it asks for the address (Play's feedback URL). */
  feedback: {
    pattern: '/beta/feedback',
    href: (t?: string) => (t === undefined ? '/beta/feedback' : `/beta/feedback?${token(t)}`),
  },
  /** The console's share links: 302 to the page (or to /app) with the link's source. */
  shareLink: { pattern: '/go/:name', prefix: '/go/*', href: (name: string) => `/go/${name}` },
  /**
   * One link for every phone: an iPhone to the App Store, an Android phone to Play, anything else
   * to the page's store section (`/<lang>/app`: that language's page). With a token: a person's
   * own link (the "we are live" message), whose first opening is recorded.
   */
  app: {
    pattern: '/app',
    localePattern: '/:lang/app',
    href: (t?: string) => (t === undefined ? '/app' : `/app?${token(t)}`),
  },
  /** Every /beta page, for the rate limit in front of them. */
  beta: { pattern: '/beta/*' },
  /**
   * The owner's one-time sign-in link; its page's button posts the token to `spend`, the only
   * request that uses the link up (mail scanners fetch links).
   */
  ownerSignIn: {
    pattern: '/admin/sign-in',
    href: (t: string) => `/admin/sign-in?${token(t)}`,
    spend: '/admin/auth/link',
  },
  /**
   * The owner's console: one page (`prefix`), each of its views at its own path (`/admin/signups`,
   * console-views.ts); its sign-in calls and its API, for the budgets in front of them.
   */
  console: {
    prefix: '/admin',
    href: (view?: ConsoleViewId) => (view ? `/admin/${view}` : '/admin/'),
    authPattern: '/admin/auth/*',
    apiPattern: '/admin/api/*',
  },
  /** The owner's API for their own tools (features/api-tokens). */
  ownerApi: { prefix: '/api/v1' },
  /**
   * What the Node server answers as Supabase's gateway does: PostgREST's tables (a feature's
   * table at `table(name)`) and the edge function.
   */
  rest: { prefix: '/rest/v1', pattern: '/rest/v1/*', table: (name: string) => `/rest/v1/${name}` },
  functions: { pattern: '/functions/v1/*' },
} as const
