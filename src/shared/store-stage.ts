import type { StoreBadge, StoreId } from './content-types.ts'
import { STORE_BADGES, STORES } from './content.ts'

/**
 * Where the app stands, read from the content's `stores` (docs/decisions/stores-and-badges.md):
 * `beta` (no store live: the page as it always was), `half` (one store live, the sign-up kept for
 * the other phone), `live` (both: badges, no sign-up).
 */
export type StoreStage = 'beta' | 'half' | 'live'

/** A live store as the page links it: its listing and its badge (content:check makes both exist). */
export type LiveStore = { store: StoreId; url: string; badge: StoreBadge }

/** The live stores with their badges, the App Store first (Google: Play's badge beside others'). */
export function liveStores(): LiveStore[] {
  const live: LiveStore[] = []
  for (const store of ['appStore', 'googlePlay'] as const) {
    const entry = STORES[store]
    const badge = STORE_BADGES[store]
    if (entry?.live && entry.url && badge) live.push({ store, url: entry.url, badge })
  }
  return live
}

export function storeStage(): StoreStage {
  const live = [STORES.appStore?.live, STORES.googlePlay?.live].filter(Boolean).length
  return live === 0 ? 'beta' : live === 1 ? 'half' : 'live'
}

/**
 * The phone the beta sign-up is for, when only one is still in beta: a sign-up then stores it
 * (the form sends it, the server keeps it as the person's platform). Null in beta everywhere (the
 * person picks a phone later, from the welcome email) and once both stores are live.
 */
export function betaPlatform(): 'ios' | 'android' | null {
  if (storeStage() !== 'half') return null
  return STORES.appStore?.live ? 'android' : 'ios'
}
