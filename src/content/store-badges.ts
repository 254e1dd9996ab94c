import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { StoreBadge, StoreId, Stores } from '../shared/content-types.ts'
import { pngSize, svgSize } from './brand.ts'
import type { Problem } from './problems.ts'

// The stores' badges in content/brand/badges/: the founder's own copies of Apple's and Google's
// artwork, used under their licences (the repository ships none). A live store's badge is drawn on
// the page and copied into the build under a hashed name; content:check holds the rules Google's
// and Apple's guidelines set (docs/decisions/stores-and-badges.md).

const BADGE_NAMES: Record<StoreId, string> = { appStore: 'app-store', googlePlay: 'google-play' }
const STORE_NAMES: Record<StoreId, string> = { appStore: 'the App Store', googlePlay: 'Google Play' }
/** The hosts a listing's url may be on: the store's own. */
const STORE_HOSTS: Record<StoreId, readonly string[]> = {
  appStore: ['apps.apple.com'],
  googlePlay: ['play.google.com'],
}
const STORE_EXAMPLES: Record<StoreId, string> = {
  appStore: 'https://apps.apple.com/app/id123456789',
  googlePlay: 'https://play.google.com/store/apps/details?id=com.example.app',
}

/** The badge files present for `store`, SVG first (`brand/badges/<name>.svg|png`, relative to content/). */
function badgeFiles(dir: string, store: StoreId): string[] {
  return ['svg', 'png']
    .map((ext) => `brand/badges/${BADGE_NAMES[store]}.${ext}`)
    .filter((file) => existsSync(join(dir, file)))
}

/** A badge file as the build ships it: its name under assets/ (content-hashed), its bytes and size. */
export type PlannedBadge = StoreBadge & { fileName: string; source: Buffer }

function readBadge(dir: string, file: string): PlannedBadge | null {
  const source = readFileSync(join(dir, file))
  const size = file.endsWith('.svg') ? svgSize(source.toString('utf8')) : pngSize(source)
  if (!size || !(size.width > 0 && size.height > 0)) return null
  const ext = file.slice(file.lastIndexOf('.'))
  const base = file.slice(file.lastIndexOf('/') + 1, -ext.length)
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 10)
  const fileName = `assets/badge-${base}-${hash}${ext}`
  return { fileName, src: `/${fileName}`, width: size.width, height: size.height, source }
}

/** The badges the page shows: each live store's first badge file (its problems are checkStores'). */
export function planBadges(dir: string, stores: Stores): Partial<Record<StoreId, PlannedBadge>> {
  const planned: Partial<Record<StoreId, PlannedBadge>> = {}
  for (const store of Object.keys(BADGE_NAMES) as StoreId[]) {
    const [file] = badgeFiles(dir, store)
    if (!stores[store]?.live || !file) continue
    const badge = readBadge(dir, file)
    if (badge) planned[store] = badge
  }
  return planned
}

/** Only the fields the page reads (no bytes): for the generated module. */
export function badgeData(planned: Partial<Record<StoreId, PlannedBadge>>): Partial<Record<StoreId, StoreBadge>> {
  return Object.fromEntries(
    Object.entries(planned).map(([store, b]) => [store, { src: b.src, width: b.width, height: b.height }]),
  )
}

/**
 * What content:check says about `stores` and the badges: a live store needs its url (on the
 * store's host) and its badge; the App Store also its app id; a Play badge while Play is not live
 * is refused outright (Google: "The badge can only be used to promote content available on Google
 * Play"; a closed test is not available to the public).
 */
export function checkStores(stores: Stores, dir: string): Problem[] {
  const problems: Problem[] = []
  for (const store of Object.keys(BADGE_NAMES) as StoreId[]) {
    const entry = stores[store]
    const key = `stores.${store}`
    const files = badgeFiles(dir, store)
    if (entry?.url) {
      const url = new URL(entry.url)
      if (url.protocol !== 'https:' || !STORE_HOSTS[store].includes(url.hostname))
        problems.push({
          file: 'site.yaml',
          key: `${key}.url`,
          message: `must be your listing on ${STORE_NAMES[store]} (https://${STORE_HOSTS[store].join(' or ')}/…), such as ${STORE_EXAMPLES[store]}`,
        })
      else if (store === 'googlePlay' && !url.searchParams.get('id'))
        problems.push({
          file: 'site.yaml',
          key: `${key}.url`,
          message: `must name your app's package (?id=…), such as ${STORE_EXAMPLES.googlePlay}`,
        })
    }
    if (entry?.live) {
      if (!entry.url)
        problems.push({
          file: 'site.yaml',
          key: `${key}.url`,
          message: `missing: the badge links to your listing on ${STORE_NAMES[store]}, as ${key}.live is true`,
        })
      if (files.length === 0)
        problems.push({
          file: `brand/badges/${BADGE_NAMES[store]}.svg`,
          key: '',
          message: `missing: ${key}.live is true, so the page shows ${STORE_NAMES[store]}'s badge; download the official badge and save it here (or as .png)`,
        })
      for (const file of files.slice(0, 1))
        if (!readBadge(dir, file))
          problems.push({ file, key: '', message: 'cannot be read as a badge: an SVG with a viewBox, or a PNG' })
    }
    if (store === 'appStore' && entry?.live && !(entry as { appId?: string }).appId)
      problems.push({
        file: 'site.yaml',
        key: `${key}.appId`,
        message: 'missing: the Smart App Banner needs the App Store id (the digits after "id" in the url), in quotes',
      })
    if (store === 'googlePlay' && !entry?.live)
      for (const file of files)
        problems.push({
          file,
          key: '',
          message:
            "Google Play is not live (stores.googlePlay.live is not true): Google's badge may only promote an app available on Google Play, not a closed test; delete the file until the app is public there",
        })
  }
  return problems
}
