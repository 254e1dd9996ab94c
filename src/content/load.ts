import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { z } from 'zod'
import type { BrandLogo, LegalTexts, PageTexts } from '../shared/content-types.ts'
import { loadLogo } from './brand.ts'
import { loadLegal } from './legal.ts'
import { fillAll, type Placeholders } from './placeholders.ts'
import type { Problem } from './problems.ts'
import { localeFile, siteFile, type SiteFile } from './schema.ts'
import { yamlValue } from './yaml.ts'

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The founder's folder: CONTENT_DIR (relative to the working folder) or the repository's content/. */
export function contentDir(env: Record<string, string | undefined> = process.env): string {
  const dir = env.CONTENT_DIR
  if (!dir) return join(REPO_ROOT, 'content')
  return isAbsolute(dir) ? dir : resolve(dir)
}

/** Content as the generator writes it: placeholders filled, texts by language. */
export type Content = Omit<SiteFile, 'texts'> & {
  texts: Record<string, PageTexts>
  /** The privacy policy and the terms, by language (content/legal/). */
  legalTexts: Record<string, LegalTexts>
  /** The imprint's text by language: locales/<lang>.yaml's legal.imprint, else site.yaml's (absent: no imprint). */
  imprints: Record<string, string>
  /** The logo (content/brand/), null when it has a problem. */
  logo: BrandLogo | null
}

export type Loaded = { dir: string; content: Content | null; problems: Problem[] }

const keyOf = (path: readonly PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('')

/** A YAML file parsed and checked against `schema`; every problem is collected, none thrown. */
export function readYaml<S extends z.ZodType>(
  dir: string,
  file: string,
  schema: S,
  problems: Problem[],
): z.output<S> | null {
  const path = join(dir, file)
  if (!existsSync(path)) {
    problems.push({ file, key: '', message: 'file is missing' })
    return null
  }
  const yaml = yamlValue(readFileSync(path, 'utf8'), file, problems)
  if (!yaml) return null
  const parsed = schema.safeParse(yaml.value)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) {
    // An unknown key is named itself, so a typo reads "texts.hero.headlin: not a known key".
    if (issue.code === 'unrecognized_keys')
      for (const k of issue.keys)
        problems.push({ file, key: keyOf([...issue.path, k]), message: 'not a known key (a typo?)' })
    else problems.push({ file, key: keyOf(issue.path), message: issue.message })
  }
  return null
}

/** Loads content/: site.yaml, then each further language's texts from locales/<lang>.yaml. */
export function loadContent(dir: string = contentDir()): Loaded {
  const problems: Problem[] = []
  const site = readYaml(dir, 'site.yaml', siteFile, problems)
  if (!site) return { dir, content: null, problems }

  const values: Placeholders = {
    product: site.product.name,
    shortName: site.product.shortName,
    url: site.product.url,
    company: site.legal.company,
    address: site.legal.address,
    contact: site.legal.contact,
  }
  const [first, ...others] = site.locales
  const texts: Record<string, PageTexts> = { [first!]: fillAll(site.texts, values, 'site.yaml', 'texts', problems) }
  const legal = fillAll(site.legal, values, 'site.yaml', 'legal', problems)
  const imprints: Record<string, string> = legal.imprint ? { [first!]: legal.imprint } : {}
  for (const locale of others) {
    const file = `locales/${locale}.yaml`
    const more = readYaml(dir, file, localeFile, problems)
    if (more) texts[locale] = fillAll(more.texts, values, file, 'texts', problems)
    const own = more?.legal?.imprint
    if (own && !legal.imprint)
      problems.push({
        file,
        key: 'legal.imprint',
        message: "an imprint needs one in the default language first (site.yaml's legal.imprint)",
      })
    else if (legal.imprint)
      imprints[locale] = own ? fillAll(own, values, file, 'legal.imprint', problems) : legal.imprint
  }
  const legalTexts: Record<string, LegalTexts> = {}
  for (const locale of site.locales) {
    const docs = loadLegal(dir, locale, locale === first, values, problems)
    if (docs) legalTexts[locale] = docs
  }
  const screens = fillAll(site.screens, values, 'site.yaml', 'screens', problems)
  const logo = loadLogo(dir, problems)
  return { dir, content: { ...site, legal, screens, texts, legalTexts, imprints, logo }, problems }
}
