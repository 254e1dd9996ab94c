import type { Stores } from '../../../shared/content-types.ts'
import { deviceOf, type System } from '../../../shared/launch-analytics.ts'
import { DEFAULT_LOCALE, localeRoot, type Locale } from '../../../shared/locales.ts'

// Where /app sends a phone: an iPhone or iPad to the App Store, an Android phone to Google Play,
// when the app is live there; anything else (a desktop, a store still in beta, a store not set)
// to the page's store section, which is its sign-up (#cta) in the asked language.
// docs/decisions/app-link.md

/** The page's section with the store badges and the sign-up (the page's `CTA_ID`). */
const STORE_SECTION = '#cta'

/** The query parameters a store link never carries on: the person's token. */
const PRIVATE_PARAMS = ['token']

/** The platform /app counts an opening under; a missing or odd browser string is "other". */
export function platformOf(userAgent: string | undefined): System {
  return userAgent ? deviceOf(userAgent).os : 'other'
}

/** The live store's listing for a platform, or undefined (not set, or only a beta there). */
function liveStore(os: System, stores: Stores): string | undefined {
  const listing = os === 'ios' ? stores.appStore : os === 'android' ? stores.googlePlay : undefined
  return listing?.live ? listing.url : undefined
}

/**
 * The address /app answers with: the live store for the phone, else the page's store section in
 * the language, keeping the query (the source parameters) so that the page's visit counts for
 * the same source, as a share link's does; the person's token is never passed on.
 */
export function appDestination(input: { os: System; stores: Stores; locale?: Locale; query: URLSearchParams }): string {
  const store = liveStore(input.os, input.stores)
  if (store) return store
  const query = new URLSearchParams(input.query)
  for (const p of PRIVATE_PARAMS) query.delete(p)
  const search = query.toString() ? `?${query.toString()}` : ''
  return `${localeRoot(input.locale ?? DEFAULT_LOCALE)}${search}${STORE_SECTION}`
}
