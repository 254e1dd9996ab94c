import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import type { SvgIcon } from '../shared/content-types.ts'
import { inlineSvg } from './brand.ts'
import type { Problem } from './problems.ts'

// The features' icons (docs/decisions/brand.md): a Lucide icon by name, or the founder's own SVG
// file in content/. Either is read here, at build, and only the chosen drawings go into the
// generated module, so the page carries the icons it shows and no library.

const require = createRequire(import.meta.url)

/** lucide-static's folder of one SVG file per icon (ISC licence; a few MIT, from Feather). */
const LUCIDE_DIR = join(dirname(require.resolve('lucide-static/package.json')), 'icons')

let lucideNames: string[] | null = null
/** Every Lucide icon's name, read once. */
export function lucideIconNames(): string[] {
  lucideNames ??= readdirSync(LUCIDE_DIR)
    .filter((f) => f.endsWith('.svg'))
    .map((f) => f.slice(0, -4))
  return lucideNames
}

/** Levenshtein distance, for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
    }
  }
  return row[b.length]!
}

/** The nearest names to `name` (a typo's fix, or names that contain it), at most three. */
export function nearestNames(name: string, names: readonly string[]): string[] {
  return names
    .map((n) => ({ n, d: n.includes(name) || name.includes(n) ? 0.5 : distance(name, n) }))
    .filter(({ d }) => d <= Math.max(2, Math.floor(name.length / 3)))
    .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
    .slice(0, 3)
    .map(({ n }) => n)
}

/**
 * What an inlined SVG must not hold: the page's CSP allows no script and no inline style, and an
 * icon has no business loading anything (an image, a link, another document).
 */
function unsafeSvg(svg: string): string | null {
  if (/<script|<foreignObject|\son\w+\s*=|javascript:/i.test(svg)) return 'has a script or an event handler: remove it'
  if (/\sstyle\s*=|<style/i.test(svg))
    return 'has style attributes or a <style> element: use presentation attributes (fill, stroke) instead'
  if (/<(image|a|iframe|object|embed|use)\b/i.test(svg) || /\b(xlink:)?href\s*=\s*["'](?!#)/i.test(svg))
    return 'loads or links something else (<image>, <use>, <a>, an href): an icon must be its own drawing'
  if (!/<svg\b/i.test(svg)) return 'is not an SVG'
  return null
}

/** The root's own presentation attributes are the library's defaults (stroke 2): the page's icon frame sets its own. */
function lucideIcon(name: string): SvgIcon {
  const { viewBox, markup } = inlineSvg(readFileSync(join(LUCIDE_DIR, `${name}.svg`), 'utf8'))
  return { viewBox, markup: markup.replace(/^<g [^>]*>([\s\S]*)<\/g>$/, '$1') }
}

/**
 * A feature's icon: `./path/to/file.svg` inside the content folder, or a Lucide name. A problem
 * names the file and key; an unknown name comes with the nearest names.
 */
export function resolveIcon(
  spec: string,
  dir: string,
  where: { file: string; key: string; id: string },
  problems: Problem[],
): SvgIcon | null {
  const fail = (message: string) => {
    problems.push({ file: where.file, key: where.key, message })
    return null
  }
  if (spec.startsWith('./') || spec.startsWith('../') || spec.endsWith('.svg')) {
    const path = resolve(dir, spec)
    const inside = relative(dir, path)
    if (inside.startsWith('..') || !inside.endsWith('.svg'))
      return fail(`${spec}: must be an .svg file inside the content folder, such as ./brand/icons/${where.id}.svg`)
    if (!existsSync(path)) return fail(`${inside} is missing`)
    const svg = readFileSync(path, 'utf8')
    const unsafe = unsafeSvg(svg)
    if (unsafe) return fail(`${inside} ${unsafe}`)
    if (!/\bviewBox\s*=/i.test(svg)) return fail(`${inside} has no viewBox: the icon cannot be scaled to 24 px`)
    // Ids made unique per feature: the page shows each icon once per language's page.
    const { viewBox, markup } = inlineSvg(svg)
    return { viewBox, markup: markup.replaceAll('__ID__', `feature-${where.id}`) }
  }
  if (/^[a-z0-9-]+$/.test(spec) && lucideIconNames().includes(spec)) return lucideIcon(spec)
  const near = nearestNames(spec.toLowerCase(), lucideIconNames())
  return fail(
    `no Lucide icon is named "${spec}"${near.length ? `: did you mean ${near.join(', ')}?` : ''} (the names: https://lucide.dev/icons; or your own SVG: ./brand/icons/${where.id}.svg)`,
  )
}
