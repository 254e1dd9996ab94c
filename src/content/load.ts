import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { z } from 'zod'
import type { BrandLogo, LegalTexts, Links, PageTexts, SocialProof, SvgIcon } from '../shared/content-types.ts'
import { loadLogo } from './brand.ts'
import { localeWithDefaults, withDefaults } from './defaults.ts'
import { resolveIcon } from './icons.ts'
import { loadLegal } from './legal.ts'
import { movedKey } from './renamed-keys.ts'
import { fillAll, type Placeholders } from './placeholders.ts'
import type { Problem } from './problems.ts'
import { localeFile, siteFile, type SiteFile } from './schema.ts'
import { socialIcon } from './social-networks.ts'
import { yamlValue } from './yaml.ts'

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The founder's folder: CONTENT_DIR (relative to the working folder) or the repository's content/. */
export function contentDir(env: Record<string, string | undefined> = process.env): string {
  const dir = env.CONTENT_DIR
  if (!dir) return join(REPO_ROOT, 'content')
  return isAbsolute(dir) ? dir : resolve(dir)
}

/** Content as the generator writes it: placeholders filled, texts by language. */
export type Content = Omit<SiteFile, 'texts' | 'links' | 'socialProof'> & {
  /** The links, each profile with its network's glyph. */
  links: Links
  /** The avatars beside the community note, or null for none. */
  socialProof: SocialProof | null
  /** Each feature card's icon (site.yaml's texts.features.cards[].icon), by the card's id. */
  featureIcons: Record<string, SvgIcon>
  texts: Record<string, PageTexts>
  /** The privacy policy and the terms, by language (content/legal/). */
  legalTexts: Record<string, LegalTexts>
  /** The imprint's text by language: locales/<lang>.yaml's legal.imprint, else site.yaml's (absent: no imprint). */
  imprints: Record<string, string>
  /** The logo (content/brand/), null when it has a problem. */
  logo: BrandLogo | null
  /** The product's name by language: locales/<lang>.yaml's product.name, else site.yaml's. */
  productNames: Record<string, string>
  /** The digits by language where the content names them (`numbers`), else the locale's own. */
  numbering: Record<string, string>
}

export type Loaded = {
  dir: string
  content: Content | null
  problems: Problem[]
  /** What the founder may want to act on but that breaks nothing (an untranslated text): printed, never failing. */
  warnings: Problem[]
}

const keyOf = (path: readonly PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('')

/**
 * A YAML file parsed, completed by `prepare` (the shipped default texts) and checked against
 * `schema`; every problem is collected, none thrown.
 */
function readYaml<S extends z.ZodType>(
  dir: string,
  file: string,
  schema: S,
  problems: Problem[],
  prepare: (value: unknown) => unknown = (value) => value,
): z.output<S> | null {
  const path = join(dir, file)
  if (!existsSync(path)) {
    problems.push({ file, key: '', message: 'file is missing' })
    return null
  }
  const yaml = yamlValue(readFileSync(path, 'utf8'), file, problems)
  if (!yaml) return null
  const parsed = schema.safeParse(prepare(yaml.value))
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) {
    // An unknown key is named itself, so a typo reads "texts.hero.headlin: not a known key", and
    // a key the schema moved says where to.
    if (issue.code === 'unrecognized_keys')
      for (const k of issue.keys) {
        const key = keyOf([...issue.path, k])
        const moved = movedKey(key)
        problems.push({ file, key, message: moved ? `moved to \`${moved}\`` : 'not a known key (a typo?)' })
      }
    else problems.push({ file, key: keyOf(issue.path), message: issue.message })
  }
  return null
}

const localeFilesIn = (dir: string) =>
  existsSync(join(dir, 'locales'))
    ? readdirSync(join(dir, 'locales'))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => f.slice(0, -'.yaml'.length))
    : []

type Raw = { locales?: unknown; texts?: unknown }
const rawOf = (value: unknown): Raw => (typeof value === 'object' && value !== null ? (value as Raw) : {})

/**
 * Loads content/: site.yaml, then each further language's texts from locales/<lang>.yaml, each
 * completed by the shipped default texts (src/content/defaults/). Every file is checked even when
 * an earlier one has problems, so one pass lists them all.
 */
export function loadContent(dir: string = contentDir()): Loaded {
  const problems: Problem[] = []
  const warnings: Problem[] = []
  // The default language and its completed texts, as site.yaml gives them (even when it has problems).
  let first = { locale: 'en', texts: undefined as unknown }
  let listed: string[] = []
  const site = readYaml(dir, 'site.yaml', siteFile, problems, (value) => {
    const raw = rawOf(value)
    listed = Array.isArray(raw.locales) ? raw.locales.filter((l): l is string => typeof l === 'string') : []
    first = { locale: listed[0] ?? 'en', texts: withDefaults(raw.texts, listed[0] ?? 'en', 'site.yaml', warnings) }
    return { ...raw, texts: first.texts }
  })
  const localeTexts = (locale: string) => {
    const file = `locales/${locale}.yaml`
    const complete = (value: unknown) => {
      const raw = rawOf(value)
      return { ...raw, texts: localeWithDefaults(raw.texts, locale, first, file, warnings) }
    }
    return { file, more: readYaml(dir, file, localeFile, problems, complete) }
  }
  if (!site) {
    // Still read the other languages' files, so their problems come in the same pass: those
    // site.yaml lists, or every file in locales/ when its list cannot be read.
    const others = listed.length ? listed.slice(1) : localeFilesIn(dir)
    for (const locale of others) localeTexts(locale)
    return { dir, content: null, problems, warnings }
  }

  const values: Placeholders = {
    product: site.product.name,
    shortName: site.product.shortName,
    url: site.product.url,
    company: site.legal.company,
    address: site.legal.address,
    contact: site.legal.contact,
  }
  const [firstLocale, ...others] = site.locales
  const texts: Record<string, PageTexts> = {
    [firstLocale!]: fillAll(site.texts, values, 'site.yaml', 'texts', problems),
  }
  const legal = fillAll(site.legal, values, 'site.yaml', 'legal', problems)
  const imprints: Record<string, string> = legal.imprint ? { [firstLocale!]: legal.imprint } : {}
  const productNames: Record<string, string> = { [firstLocale!]: site.product.name }
  const numbering: Record<string, string> = site.numbers ? { [firstLocale!]: site.numbers } : {}
  // Each language's placeholders: its own product name where its file gives one.
  const valuesOf = (locale: string): Placeholders => ({ ...values, product: productNames[locale] ?? values.product! })
  for (const locale of others) {
    const { file, more } = localeTexts(locale)
    productNames[locale] = more?.product?.name ?? site.product.name
    if (more?.numbers) numbering[locale] = more.numbers
    if (more) texts[locale] = fillAll(more.texts, valuesOf(locale), file, 'texts', problems)
    const own = more?.legal?.imprint
    if (own && !legal.imprint)
      problems.push({
        file,
        key: 'legal.imprint',
        message: "an imprint needs one in the default language first (site.yaml's legal.imprint)",
      })
    else if (legal.imprint)
      imprints[locale] = own ? fillAll(own, valuesOf(locale), file, 'legal.imprint', problems) : legal.imprint
  }
  for (const l of Object.keys(site.directions ?? {}))
    if (!site.locales.includes(l))
      problems.push({ file: 'site.yaml', key: `directions.${l}`, message: `${l} is not one of locales` })
  const legalTexts: Record<string, LegalTexts> = {}
  for (const locale of site.locales) {
    const docs = loadLegal(dir, locale, locale === firstLocale, valuesOf(locale), numbering[locale], problems)
    if (docs) legalTexts[locale] = docs
  }
  const screens = fillAll(site.screens, values, 'site.yaml', 'screens', problems)
  const logo = loadLogo(dir, problems)
  const links: Links = { ...site.links, social: site.links.social.map((l) => ({ ...l, icon: socialIcon(l.id) })) }
  const featureIcons = loadFeatureIcons(site, dir, problems)
  const socialProof = site.socialProof || null
  return {
    dir,
    content: {
      ...site,
      links,
      socialProof,
      featureIcons,
      legal,
      screens,
      texts,
      legalTexts,
      imprints,
      logo,
      productNames,
      numbering,
    },
    problems,
    warnings,
  }
}

/** Each card's icon, chosen in site.yaml; a missing or unknown one is a problem naming its key. */
function loadFeatureIcons(site: SiteFile, dir: string, problems: Problem[]): Record<string, SvgIcon> {
  const icons: Record<string, SvgIcon> = {}
  site.texts.features.cards.forEach((card, i) => {
    const key = `texts.features.cards[${i}].icon`
    if (!card.icon) {
      problems.push({
        file: 'site.yaml',
        key,
        message: `missing icon: a Lucide icon's name (https://lucide.dev/icons, e.g. wallet) or your own SVG, e.g. ./brand/icons/${card.id}.svg`,
      })
      return
    }
    const icon = resolveIcon(card.icon, dir, { file: 'site.yaml', key, id: card.id }, problems)
    if (icon) icons[card.id] = icon
  })
  return icons
}
