// The texts that are not a founder's story (form labels, errors, footer links, server pages, the
// emails' frames) ship with the project, per language, in src/content/defaults/<lang>.yaml; the
// founder's content/ overrides any of them (docs/decisions/content-defaults.md). A text added
// upstream is added there, so it merges cleanly and builds on every founder's page.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { summarised, type Problem } from './problems.ts'

const DEFAULTS_DIR = fileURLToPath(new URL('./defaults/', import.meta.url))

type Tree = { [key: string]: unknown }
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The languages the project translates its default texts into (a file's name: `ar`, `pt-BR`). */
export function defaultLanguages(dir: string = DEFAULTS_DIR): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => f.slice(0, -'.yaml'.length))
        .sort()
    : []
}

/**
 * The shipped file a content locale reads its stock texts from: the region's own (`pt-BR`), else
 * its language's (`ar` for `ar-JO`), else none (the page shows English).
 */
export function defaultsLocale(locale: string, dir: string = DEFAULTS_DIR): string | null {
  const shipped = defaultLanguages(dir)
  const language = locale.split('-')[0]!
  return shipped.includes(locale) ? locale : shipped.includes(language) ? language : null
}

const cache = new Map<string, Tree>()

/** The shipped default texts of `locale` (the `texts` tree), or null for a language the project does not translate. */
export function defaultTexts(locale: string, dir: string = DEFAULTS_DIR): Tree | null {
  const file = defaultsLocale(locale, dir)
  if (!file) return null
  const path = `${dir}${file}.yaml`
  if (!cache.has(path)) cache.set(path, (parse(readFileSync(path, 'utf8')) as { texts: Tree }).texts)
  return cache.get(path)!
}

/** `over` laid on `under`: objects merge key by key, anything else (a text, a list) replaces. */
function overlay(under: unknown, over: unknown): unknown {
  if (!isTree(under) || !isTree(over)) return over === undefined ? under : over
  const out: Tree = { ...under }
  for (const [k, v] of Object.entries(over)) out[k] = overlay(under[k], v)
  return out
}

/** Every text's dotted path in a texts tree (lists are leaves: a list is one text). */
export function textPaths(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    isTree(v) ? textPaths(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, unknown]],
  )
}

/** The text at a dotted key path, or undefined. */
export function textAt(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, k) => (isTree(node) ? node[k] : undefined), tree)
}

function setAt(tree: Tree, path: string, value: unknown): void {
  const keys = path.split('.')
  let node = tree
  for (const k of keys.slice(0, -1)) node = isTree(node[k]) ? (node[k] as Tree) : (node[k] = {})
  node[keys.at(-1)!] = value
}

/**
 * The founder's texts of the default language (site.yaml's `texts`), completed from the shipped
 * defaults of that language; for a language the project does not translate, from the English ones,
 * with one warning that counts them (each named with `content:check --verbose`).
 */
export function withDefaults(texts: unknown, locale: string, file: string, warnings: Problem[]): unknown {
  const shipped = defaultTexts(locale)
  if (shipped) return overlay(shipped, texts)
  const english = defaultTexts('en')
  if (!english) return texts
  const untranslated = textPaths(english)
    .filter(([path]) => textAt(texts, path) === undefined)
    .map(([path]) => ({ file, key: `texts.${path}`, message: 'not translated: the page shows the stock English text' }))
  warnings.push(
    ...summarised(
      file,
      untranslated,
      `${untranslated.length} stock text${untranslated.length === 1 ? '' : 's'} shown in English (${locale} is not one of the languages the project ships: ${defaultLanguages().join(', ')})`,
    ),
  )
  return overlay(english, texts)
}

/**
 * A further language's texts (content/locales/<lang>.yaml), completed and explained:
 * - from the shipped defaults of that language, where the project translates it; a default text
 *   the founder reworded in the default language (`first`) but not here is a warning, since this
 *   page still shows the stock translation. It can only be said where the default language's stock
 *   text exists to compare with: a founder's Arabic is no rewording of the English stock text;
 * - otherwise from the default language's texts (`first.texts`, already complete): the page shows
 *   them untranslated, one warning counting them.
 * Warnings name the file and key (a few each on a line, more counted in one); they never fail a build.
 */
export function localeWithDefaults(
  texts: unknown,
  locale: string,
  first: { locale: string; texts: unknown },
  file: string,
  warnings: Problem[],
): unknown {
  const given = isTree(texts) ? texts : {}
  const shipped = defaultTexts(locale)
  const stockFirst = defaultTexts(first.locale)
  const completed = overlay(shipped ?? {}, given) as Tree
  const untranslated: Problem[] = []
  const reworded: Problem[] = []
  for (const [path] of textPaths(defaultTexts('en') ?? {})) {
    if (textAt(given, path) !== undefined) continue
    const yours = textAt(first.texts, path)
    if (!shipped || textAt(shipped, path) === undefined) {
      if (yours === undefined) continue
      setAt(completed, path, yours)
      untranslated.push({
        file,
        key: `texts.${path}`,
        message: `not translated: the page shows the ${first.locale} text`,
      })
    } else if (stockFirst && yours !== undefined && JSON.stringify(yours) !== JSON.stringify(textAt(stockFirst, path)))
      reworded.push({
        file,
        key: `texts.${path}`,
        message: `your ${first.locale} text differs from the stock one, but this language shows the stock translation: translate yours here?`,
      })
  }
  const n = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`
  warnings.push(
    ...summarised(file, untranslated, `${n(untranslated.length, 'stock text')} shown in ${first.locale}, untranslated`),
    ...summarised(
      file,
      reworded,
      `${n(reworded.length, 'text')} you reworded in ${first.locale} show the stock translation here: translate yours here?`,
      3,
    ),
  )
  return completed
}
