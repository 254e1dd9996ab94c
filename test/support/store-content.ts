import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseDocument } from 'yaml'
import { contentDir } from '../../src/content/load.ts'

// A copy of content/ at one stage of the launch: the stores' entries, placeholder badges drawn
// here (plainly not Apple's or Google's artwork: the repository ships none) and the stores' texts
// in every language. Tests read the texts back through the content loader, never from here.

type StoreState = 'absent' | 'beta' | 'live'
export type StoreSetup = { appStore: StoreState; googlePlay: StoreState; playBadge?: boolean; appStoreBadge?: boolean }

export const TEST_STORES = {
  appStore: { url: 'https://apps.apple.com/app/id123456789', appId: '123456789' },
  googlePlay: { url: 'https://play.google.com/store/apps/details?id=com.example.app' },
} as const

/** A placeholder badge: a dark rounded box with the store's name and "test badge" (135 by 40, Apple's ratio). */
function placeholderBadge(label: string, width = 135, height = 40): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="8" fill="#111" stroke="#888"/><text x="${width / 2}" y="17" fill="#fff" font-family="sans-serif" font-size="11" text-anchor="middle">${label}</text><text x="${width / 2}" y="31" fill="#bbb" font-family="sans-serif" font-size="8" text-anchor="middle">placeholder badge</text></svg>\n`
}

/** Texts a founder would write, per language (English and German; others get the English). */
const TEXTS: Record<string, Record<string, string>> = {
  en: {
    appStoreAlt: 'Download {product} on the App Store',
    googlePlayAlt: 'Get {product} on Google Play',
    signupIosHeading: 'Get notified when the iPhone app is out',
    signupAndroidHeading: 'Get notified when the Android app is out',
    liveHeading: '{product} is out',
    liveIntro: 'Download it for your phone, free.',
  },
  de: {
    appStoreAlt: '{product} im App Store laden',
    googlePlayAlt: '{product} bei Google Play holen',
    signupIosHeading: 'Erfahre, wenn die iPhone-App erscheint',
    signupAndroidHeading: 'Erfahre, wenn die Android-App erscheint',
    liveHeading: '{product} ist da',
    liveIntro: 'Lade die App kostenlos auf dein Telefon.',
  },
}

/** Writes the stores and their texts into the content folder `dir` (a copy made by `storeContent`). */
function applyStores(dir: string, setup: StoreSetup): void {
  const site = parseDocument(readFileSync(join(dir, 'site.yaml'), 'utf8'))
  const stores: Record<string, unknown> = {}
  for (const store of ['appStore', 'googlePlay'] as const)
    if (setup[store] !== 'absent') stores[store] = { ...TEST_STORES[store], live: setup[store] === 'live' }
  site.set('stores', stores)
  const locales = (site.toJS() as { locales: string[] }).locales
  site.setIn(['texts', 'stores'], TEXTS[locales[0]!] ?? TEXTS.en)
  writeFileSync(join(dir, 'site.yaml'), site.toString())
  for (const locale of locales.slice(1)) {
    const file = join(dir, 'locales', `${locale}.yaml`)
    const doc = parseDocument(readFileSync(file, 'utf8'))
    doc.setIn(['texts', 'stores'], TEXTS[locale] ?? TEXTS.en)
    writeFileSync(file, doc.toString())
  }
  mkdirSync(join(dir, 'brand/badges'), { recursive: true })
  if (setup.appStoreBadge ?? setup.appStore === 'live')
    writeFileSync(join(dir, 'brand/badges/app-store.svg'), placeholderBadge('App Store'))
  if (setup.playBadge ?? setup.googlePlay === 'live')
    writeFileSync(join(dir, 'brand/badges/google-play.svg'), placeholderBadge('Google Play', 150, 44))
}

/** A copy of the content under test (the template's fixture in Vitest; or `from`) in a new temporary folder, at the stage `setup` says. */
export function storeContent(setup: StoreSetup, from = contentDir()): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-content-'))
  cpSync(from, dir, { recursive: true })
  applyStores(dir, setup)
  return dir
}
