import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ISLAND_PICKS, type PageTexts, type TextGroup } from '../shared/content-types.ts'
import { checkContent } from './checks.ts'
import { loadContent, REPO_ROOT, type Content } from './load.ts'
import { ContentError } from './problems.ts'
import { localeJsonSchema, siteJsonSchema } from './schema.ts'

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
  testerMessages: 'TESTER_MESSAGE_TEXTS',
}

const json = (value: unknown) => JSON.stringify(value, null, 2)

/**
 * The generated module's source. Each text group is an export of its own, keyed by language, so
 * a bundle holds only the groups its code imports (the page's islands take a few strings, not
 * every email's).
 */
export function moduleSource(content: Content): string {
  const { product, links, theme, legal, locales, screens, texts } = content
  const group = <G extends TextGroup>(g: G) =>
    Object.fromEntries(Object.entries(texts).map(([locale, t]) => [locale, (t as PageTexts)[g]]))
  const lines = [
    '// Generated from content/ by src/content/generate.ts (npm run content:build). Do not edit:',
    '// edit content/ instead. Read it through src/shared/content.ts.',
    "import type * as T from '../content-types.ts'",
    '',
    `export const LOCALES = ${JSON.stringify(locales)} as const`,
    'export type Locale = (typeof LOCALES)[number]',
    `export const DEFAULT_LOCALE: Locale = ${JSON.stringify(locales[0])}`,
    '',
    `export const PRODUCT: T.Product = ${json(product)}`,
    `export const LINKS: T.Links = ${json(links)}`,
    `export const THEME: T.Theme = ${json(theme)}`,
    `export const LEGAL_ENTITY: T.LegalEntity = ${json(legal)}`,
    `export const SCREENSHOTS: readonly T.Screenshot[] = ${json(screens)}`,
    `export const LEGAL_TEXTS: Record<Locale, T.LegalTexts> = ${json(content.legalTexts)}`,
    '',
    ...Object.entries(TEXT_EXPORTS).map(
      ([g, name]) => `export const ${name}: Record<Locale, T.PageTexts['${g}']> = ${json(group(g as TextGroup))}`,
    ),
    '',
    ...Object.entries(ISLAND_PICKS).map(([name, [g, keys]]) => {
      const picked = Object.fromEntries(
        Object.entries(group(g)).map(([locale, t]) => [
          locale,
          Object.fromEntries(keys.map((k) => [k, (t as Record<string, unknown>)[k]])),
        ]),
      )
      return `export const ${name}: Record<Locale, T.IslandTexts<'${name}'>> = ${json(picked)}`
    }),
    '',
  ]
  return lines.join('\n')
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
  writeIfChanged(out, moduleSource(loaded.content))
  writeIfChanged(join(loaded.dir, 'site.schema.json'), `${json(siteJsonSchema())}\n`)
  writeIfChanged(join(loaded.dir, 'locale.schema.json'), `${json(localeJsonSchema())}\n`)
  return loaded.content
}
