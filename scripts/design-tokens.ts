// The CSS side of the design tokens (docs/decisions/design-tokens.md, docs/decisions/brand.md):
// src/shared/design-tokens.ts (the founder's theme in content/site.yaml, and the fixed neutrals) is
// the source, and this writes the two stylesheets the Tailwind entries import. The Vite plugin runs
// it before each build (and when the dev server starts); the files are git-ignored build output,
// so a founder's colours reach the page, the console and the server pages with nothing to commit.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { buttonsOf } from '../src/shared/contrast.ts'
import { SOCIAL_PROOF, THEME } from '../src/shared/content.ts'
import { PAGE_SCHEME, TOKEN_NAMES, TOKENS, type Palette, type Scheme } from '../src/shared/design-tokens.ts'
import { brandScale } from './brand-scale.ts'

const HEADER =
  '/* Generated from content/site.yaml and src/shared/design-tokens.ts by scripts/design-tokens.ts; do not edit. */'

const declarations = (palette: Palette, indent: string) =>
  TOKEN_NAMES.map((name) => `${indent}--color-${name}: ${palette[name]};`).join('\n')

/**
 * `tokens.css`: light, and dark when the system asks (the console and the server pages).
 * Tailwind's `@theme` makes each token a colour utility; the media block swaps the variables, so
 * one class serves both schemes and no `dark:` variant is needed. `data-scheme="light"` keeps
 * an element light in either.
 */
export function schemeTokensCss(): string {
  return `${HEADER}
@theme {
${declarations(TOKENS.light, '  ')}
}

@media (prefers-color-scheme: dark) {
  :root {
${declarations(TOKENS.dark, '    ')}
  }
}

/* An island that stays light on a dark page: the console's preview of an email (emails are light). */
[data-scheme='light'] {
  color-scheme: light;
${declarations(TOKENS.light, '  ')}
}
`
}

/**
 * The page's variables in one scheme: the tokens, the brand's and accent's tints and shades, and
 * the primary button's far end and its hover: the accent's steps for a gradient, the brand's own
 * for solid buttons (theme.buttons, src/shared/contrast.ts).
 */
function pageVariables(scheme: Scheme): Record<string, string> {
  const palette = TOKENS[scheme]
  const scale = brandScale(palette.brand, palette.accent, scheme)
  const gradient = buttonsOf(THEME, scheme).fill === 'gradient'
  return {
    ...Object.fromEntries(TOKEN_NAMES.map((name) => [name, palette[name]])),
    ...scale,
    'button-end-700': gradient ? scale['accent-700']! : scale['brand-600']!,
    'button-end-800': gradient ? scale['accent-800']! : scale['brand-700']!,
  }
}

/**
 * `tokens-page.css`: the landing page's two schemes (docs/decisions/colour-schemes.md). The
 * content's `pageScheme` is the one declared first, for a browser that knows no
 * `prefers-color-scheme`; the other replaces it when the system asks for it, in CSS alone: no
 * script, no request, no flash. The brand's tints and shades (`text-brand-300`,
 * `from-accent-500/25`) follow the scheme too (scripts/brand-scale.ts). Only the values that differ
 * are declared again, and Tailwind and the prerender keep only the variables the page reads: the
 * document carries this inside its first round trip.
 */
export function pageTokensCss(): string {
  const other: Scheme = PAGE_SCHEME === 'dark' ? 'light' : 'dark'
  const base = pageVariables(PAGE_SCHEME)
  const changed = Object.entries(pageVariables(other)).filter(([name, value]) => base[name] !== value)
  return `${HEADER}
@theme {
${Object.entries(base)
  .map(([name, value]) => `  --color-${name}: ${value};`)
  .join('\n')}
}

@media (prefers-color-scheme: ${other}) {
  :root {
${changed.map(([name, value]) => `    --color-${name}: ${value};`).join('\n')}
  }
}
${avatarCss()}`
}

/**
 * The community note's avatars (content/site.yaml's socialProof): one class each, a gradient of
 * its two colours, `brand` and `accent` standing for their 500 tints (which follow the scheme).
 * Classes, not inline styles: the page's CSP allows no style attribute.
 */
export function avatarCss(): string {
  if (!SOCIAL_PROOF) return ''
  const colour = (c: string) => (c === 'brand' || c === 'accent' ? `var(--color-${c}-500)` : c)
  const rules = SOCIAL_PROOF.avatars.map(
    ({ colours: [from, to] }, i) =>
      `  .avatar-${i} {\n    background: linear-gradient(135deg, ${colour(from)}, ${colour(to)});\n  }`,
  )
  return `\n@layer components {\n${rules.join('\n')}\n}\n`
}

export const TOKEN_FILES = {
  'src/ui/tokens.css': schemeTokensCss,
  'src/ui/tokens-page.css': pageTokensCss,
} as const

const root = fileURLToPath(new URL('..', import.meta.url))

/** Writes each file whose content differs; returns the ones written. */
export async function writeTokenFiles(): Promise<string[]> {
  const written: string[] = []
  for (const [file, generate] of Object.entries(TOKEN_FILES)) {
    const path = `${root}${file}`
    const css = generate()
    if ((await readFile(path, 'utf8').catch(() => '')) === css) continue
    await writeFile(path, css)
    written.push(file)
  }
  return written
}

/** Regenerates the token stylesheets before Tailwind reads them. */
export function designTokens(): Plugin {
  return {
    name: 'design-tokens',
    enforce: 'pre',
    async buildStart() {
      await writeTokenFiles()
    },
  }
}
