import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  ISLAND_PICKS,
  storeStageOf,
  type IslandTexts,
  type PageTexts,
  type TextGroup,
} from '../shared/content-types.ts'
import { scriptDirection } from '../shared/direction.ts'
import { checkContent } from './checks.ts'
import { loadContent, REPO_ROOT, type Content } from './load.ts'
import { ContentError, formatWarnings } from './problems.ts'
import { localeSegment } from '../shared/locale-tags.ts'
import { localeJsonSchema, siteJsonSchema } from './schema.ts'
import { badgeData, planBadges } from './store-badges.ts'

/** The module every runtime imports through src/shared/content.ts (git-ignored). */
export const GENERATED_MODULE = join(REPO_ROOT, 'src/shared/generated/content.ts')

const TEXT_EXPORTS: Record<TextGroup, string> = {
  site: 'SITE_TEXTS',
  header: 'HEADER_TEXTS',
  productDirectory: 'PRODUCT_DIRECTORY_TEXTS',
  hero: 'HERO_TEXTS',
  features: 'FEATURES_TEXTS',
  signup: 'SIGNUP_TEXTS',
  contact: 'CONTACT_TEXTS',
  footer: 'FOOTER_TEXTS',
  social: 'SOCIAL_TEXTS',
  emails: 'EMAIL_TEXTS',
  pages: 'SERVER_PAGE_TEXTS',
  testerMessages: 'TESTER_MESSAGE_TEXTS',
  stores: 'STORE_TEXTS',
}

const json = (value: unknown) => JSON.stringify(value, null, 2)

/**
 * The generated module's source. Each text group is an export of its own, keyed by language, so
 * a bundle holds only the groups its code imports (the page's islands take a few strings, not
 * every email's).
 */
export function moduleSource(content: Content, dir: string): string {
  const { product, links, stores, theme, legal, locales, screens, texts } = content
  // A card's icon is site.yaml's choice, generated once as FEATURE_ICONS, not a text of each language.
  const withoutIcons = (t: PageTexts): PageTexts => ({
    ...t,
    features: { ...t.features, cards: t.features.cards.map(({ icon: _icon, ...card }) => card) },
  })
  const group = <G extends TextGroup>(g: G) =>
    Object.fromEntries(Object.entries(texts).map(([locale, t]) => [locale, withoutIcons(t)[g]]))
  const lines = [
    '// Generated from content/ by src/content/generate.ts (npm run content:build). Do not edit:',
    '// edit content/ instead. Read it through src/shared/content.ts.',
    "import type * as T from '../content-types.ts'",
    "import type { Direction } from '../direction.ts'",
    '',
    `export const LOCALES = ${JSON.stringify(locales)} as const`,
    'export type Locale = (typeof LOCALES)[number]',
    `export const DEFAULT_LOCALE: Locale = ${JSON.stringify(locales[0])}`,
    "/** Each language's direction: its script's, or site.yaml's `directions` (src/shared/direction.ts). */",
    `export const DIRECTIONS: Record<Locale, Direction> = ${JSON.stringify(
      Object.fromEntries(locales.map((l) => [l, content.directions?.[l] ?? scriptDirection(l)])),
    )}`,
    '',
    `export const PRODUCT: T.Product = ${json(product)}`,
    "/** The product's name by language (locales/<lang>.yaml's product.name, else PRODUCT.name). */",
    `export const PRODUCT_NAMES: Record<Locale, string> = ${json(content.productNames)}`,
    "/** The digits of a language's dates and numbers, where the content names them (`numbers`). */",
    `export const NUMBERING: Partial<Record<Locale, string>> = ${json(content.numbering)}`,
    `export const LINKS: T.Links = ${json(links)}`,
    `export const STORES: T.Stores = ${json(stores)}`,
    `export const THEME: T.Theme = ${json(theme)}`,
    `export const LEGAL_ENTITY: T.LegalEntity = ${json(legal)}`,
    `export const SCREENSHOTS: readonly T.Screenshot[] = ${json(screens)}`,
    `export const LEGAL_TEXTS: Record<Locale, T.LegalTexts> = ${json(content.legalTexts)}`,
    '/** The imprint by language (empty when the site has none): docs/decisions/languages.md. */',
    `export const IMPRINTS: Partial<Record<Locale, string>> = ${json(content.imprints)}`,
    `export const BRAND_LOGO: T.BrandLogo = ${json(content.logo)}`,
    `export const FEATURE_ICONS: Record<string, T.SvgIcon> = ${json(content.featureIcons)}`,
    `export const SOCIAL_PROOF: T.SocialProof | null = ${json(content.socialProof)}`,
    "/** The live stores' badges as built (src/content/store-badges.ts). */",
    `export const STORE_BADGES: Partial<Record<T.StoreId, T.StoreBadge>> = ${json(badgeData(planBadges(dir, content.stores)))}`,
    '',
    // An optional group (the directory badge's words) may be absent in every language: Partial.
    ...Object.entries(TEXT_EXPORTS).map(
      ([g, name]) =>
        `export const ${name}: ${g === 'productDirectory' ? "Partial<Record<Locale, T.PageTexts['productDirectory']>>" : `Record<Locale, T.PageTexts['${g}']>`} = ${json(group(g as TextGroup))}`,
    ),
    '',
    `export const ISLAND_TEXTS: Record<Locale, T.IslandTexts> = ${json(
      Object.fromEntries(locales.map((l) => [l, islandTexts(content, l)])),
    )}`,
    '',
  ]
  return lines.join('\n')
}

/**
 * The texts `locale`'s islands show (ISLAND_PICKS, the contact form's group), its language, and
 * each legal text's title and page: `/privacy` in the default language, `/<lang>/privacy` in the
 * others (src/shared/locales.ts `legalPath`, which reads the generated module this one writes).
 */
function islandTexts(content: Content, locale: string): IslandTexts {
  const texts = content.texts[locale]!
  const picked = Object.fromEntries(
    Object.entries(ISLAND_PICKS).map(([name, [g, keys]]) => [
      name,
      Object.fromEntries(keys.map((k) => [k, (texts[g] as Record<string, unknown>)[k]])),
    ]),
  )
  // Once both stores are live (storeStageOf, 'live'), the header's button leads to
  // the badges, not to a beta: its words follow, the island unchanged.
  if (storeStageOf(content.stores) === 'live') picked.headerCta = { cta: texts.header.liveCta }
  const root = locale === content.locales[0] ? '/' : `/${localeSegment(locale)}/`
  const docs = content.legalTexts[locale]!
  const legal = {
    privacy: { title: docs.privacy.title, href: `${root}privacy` },
    terms: { title: docs.terms.title, href: `${root}terms` },
  }
  return { ...picked, contact: texts.contact, locale, legal } as IslandTexts
}

/**
 * The modules the browser loads its islands' texts from: one per language, and the map that
 * imports the page's own, so each language's strings are a chunk of their own.
 */
function islandModuleSources(content: Content): Record<string, string> {
  const head = [
    '// Generated from content/ by src/content/generate.ts (npm run content:build). Do not edit.',
    "import type * as T from '../content-types.ts'",
    "import type { Direction } from '../direction.ts'",
    '',
  ]
  const sources: Record<string, string> = {}
  for (const locale of content.locales)
    sources[`island-texts-${locale}.ts`] = [
      ...head,
      `export const ISLAND_TEXTS: T.IslandTexts = ${json(islandTexts(content, locale))}`,
      '',
    ].join('\n')
  // The legal texts the footer's dialogs show: each language's its own chunk, fetched when the
  // footer's island is hydrated, never part of the document (docs/decisions/document-budget.md).
  for (const locale of content.locales)
    sources[`legal-texts-${locale}.ts`] = [
      ...head,
      `export const LEGAL_TEXTS: T.LegalTexts = ${json(content.legalTexts[locale])}`,
      '',
    ].join('\n')
  sources['legal-texts.ts'] = [
    ...head,
    "/** One language's legal texts, fetched as that language's own chunk (src/web/sections/footer-dialogs.tsx). */",
    'export const LEGAL_TEXT_LOADERS: Record<string, () => Promise<T.LegalTexts>> = {',
    ...content.locales.map(
      (l) => `  ${JSON.stringify(l)}: () => import('./legal-texts-${l}.ts').then((m) => m.LEGAL_TEXTS),`,
    ),
    '}',
    '',
  ].join('\n')
  sources['island-texts.ts'] = [
    ...head,
    "/** One language's island texts, fetched as that language's own chunk (src/web/islands/hydrate.tsx). */",
    'export const ISLAND_TEXT_LOADERS: Record<string, () => Promise<T.IslandTexts>> = {',
    ...content.locales.map(
      (l) => `  ${JSON.stringify(l)}: () => import('./island-texts-${l}.ts').then((m) => m.ISLAND_TEXTS),`,
    ),
    '}',
    '',
  ].join('\n')
  return sources
}

/** Writes `path` only when its text changes, so watchers and caches see no needless change. */
function writeIfChanged(path: string, text: string): boolean {
  let old: string | null = null
  try {
    old = readFileSync(path, 'utf8')
  } catch {
    old = null
  }
  if (old === text) return false
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
  return true
}

/**
 * Loads and checks content/, then writes the generated module and the editors' JSON Schema.
 * Throws a ContentError that lists every problem when there is any.
 */
export function generateContent(dir?: string, out: string = GENERATED_MODULE): Content {
  const loaded = loadContent(dir)
  const problems = loaded.content ? [...loaded.problems, ...checkContent(loaded.content, loaded.dir)] : loaded.problems
  if (problems.length || !loaded.content) throw new ContentError(problems)
  if (loaded.warnings.length) console.warn(formatWarnings(loaded.warnings))
  writeIfChanged(out, moduleSource(loaded.content, loaded.dir))
  const islands = islandModuleSources(loaded.content)
  for (const [name, source] of Object.entries(islands)) writeIfChanged(join(dirname(out), name), source)
  // A language no longer listed leaves no module behind.
  for (const name of readdirSync(dirname(out)))
    if (/^(island|legal)-texts-.+\.ts$/.test(name) && !(name in islands)) rmSync(join(dirname(out), name))
  writeIfChanged(join(loaded.dir, 'site.schema.json'), `${json(siteJsonSchema())}\n`)
  writeIfChanged(join(loaded.dir, 'locale.schema.json'), `${json(localeJsonSchema())}\n`)
  return loaded.content
}
