import { storeStageOf, type StoreBadge, type StoreId, type StoreStage } from './content-types.ts'
import { STORE_BADGES, STORES } from './content.ts'

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

/** The page's stage, from the content module's `stores` (content-types.ts, storeStageOf). */
export const storeStage = (): StoreStage => storeStageOf(STORES)

/**
 * The phone the beta sign-up is for, when only one is still in beta: a sign-up then stores it
 * (the form sends it, the server keeps it as the person's platform). Null in beta everywhere (the
 * person picks a phone later, from the welcome email) and once both stores are live.
 */
export function betaPlatform(): 'ios' | 'android' | null {
  if (storeStage() !== 'half') return null
  return STORES.appStore?.live ? 'android' : 'ios'
}
