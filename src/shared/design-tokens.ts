import type { Theme } from './content-types.ts'
import { buttonsOf, onAccentOf, onBrandOf } from './contrast.ts'
import { THEME } from './content.ts'
import { menuOf, sunkenOf } from './theme-shades.ts'

/**
 * The one set of design tokens (docs/decisions/design-tokens.md, docs/decisions/brand.md). The
 * founder's theme (content/site.yaml) fills the brand's roles; this module is the source of the rest: the
 * CSS variables the page, the console and the server pages use (`src/ui/tokens.css`,
 * `src/ui/tokens-page.css`) are generated from it at build (`scripts/design-tokens.ts`, a Vite
 * plugin), and the emails, the icons and the share picture read the same values from here as
 * literals. Each token is a Tailwind colour (`--color-<name>`), so `bg-surface` or
 * `text-fg-muted` work, and one name swaps its value between light and dark.
 *
 * Values are hex or rgb(): email clients know no oklch. Contrast (WCAG AA, 4.5:1 for text):
 * fg-muted on page and surface is above 6.9:1 in both schemes; link above 6.5:1; the text on brand (white, or
 * dark for a light brand: theme.<scheme>.onBrand) above 4.5:1, white on danger-solid 6.5:1; field borders above 3:1 (non-text contrast).
 */
export const TOKEN_NAMES = [
  /** The page's background. */
  'page',
  /** Below the page: the footer's ground (derived from the page, theme-shades.ts). */
  'sunken',
  /** A select's open menu (derived from the surface, theme-shades.ts). */
  'menu',
  /** Cards, dialogs, the email's column: what sits on the page. */
  'surface',
  /** A quiet fill: chips, code, a hovered row. */
  'subtle',
  /** Body text. */
  'fg',
  /** Headings and figures. */
  'fg-strong',
  /** Secondary text: hints, dates, captions. */
  'fg-muted',
  /** Rules and card edges. */
  'border',
  /** Form fields' edges. */
  'border-strong',
  /** The brand: buttons and the current tab. */
  'brand',
  /** The brand's second colour: the end of a button's gradient. */
  'accent',
  /** Text on the brand and on the buttons: white or dark, theme.<scheme>.onBrand (contrast.ts, buttonsOf). */
  'on-brand',
  /** Text on the accent: white or dark, theme.<scheme>.onAccent. */
  'on-accent',
  /** Where a button's fill ends: the accent for a gradient, the brand for solid buttons (theme.buttons). */
  'button-end',
  /** Text on danger-solid. */
  'on-danger',
  /** Links. */
  'link',
  /** The keyboard focus ring. */
  'focus',
  /** Errors as text and edges. */
  'danger',
  /** A destructive button's fill. */
  'danger-solid',
  /** Done, sent, signed in. */
  'success',
  /** Needs a look. */
  'warning',
  /** For your information. */
  'info',
  /** The logo's gradient, the same in both schemes. */
  'logo-from',
  'logo-to',
] as const

type TokenName = (typeof TOKEN_NAMES)[number]
export type Scheme = 'light' | 'dark'
export type Palette = Record<TokenName, string>

// The logo's colours until the mark is an image of the founder's (content/brand/).
const LOGO = { 'logo-from': '#6366f1', 'logo-to': '#a855f7' } as const

/**
 * What no founder picks: neutrals and status colours that read on any page of the scheme. The
 * brand's roles (page, surface, text, muted, border, brand, accent, link, danger) come from
 * content/site.yaml's theme; the checks hold their contrast (src/content/checks.ts).
 */
const FIXED: Record<Scheme, Omit<Palette, ThemeRole>> = {
  light: {
    subtle: '#f1f5f9',
    'fg-strong': '#020617',
    'border-strong': '#64748b',
    'on-danger': '#ffffff',
    'danger-solid': '#b91c1c',
    success: '#065f46',
    warning: '#78350f',
    info: '#0c4a6e',
    ...LOGO,
  },
  dark: {
    subtle: 'rgb(255 255 255 / 0.06)',
    'fg-strong': '#ffffff',
    'border-strong': '#64748b',
    'on-danger': '#ffffff',
    'danger-solid': '#b91c1c',
    success: '#6ee7b7',
    warning: '#fde68a',
    info: '#bae6fd',
    ...LOGO,
  },
}

type ThemeRole =
  | 'page'
  | 'sunken'
  | 'menu'
  | 'surface'
  | 'fg'
  | 'fg-muted'
  | 'border'
  | 'brand'
  | 'accent'
  | 'on-brand'
  | 'on-accent'
  | 'button-end'
  | 'link'
  | 'focus'
  | 'danger'

/** The tokens of one scheme: the founder's theme in its roles, the fixed ones around it. */
export function paletteOf(themes: Theme, scheme: Scheme): Palette {
  const theme = themes[scheme]
  return {
    ...FIXED[scheme],
    page: theme.page,
    sunken: sunkenOf(theme.page, scheme),
    menu: menuOf(theme.surface, scheme),
    surface: theme.surface,
    fg: theme.text,
    'fg-muted': theme.muted,
    border: theme.border,
    brand: theme.brand,
    accent: theme.accent,
    'on-brand': onBrandOf(themes, scheme),
    'on-accent': onAccentOf(themes, scheme),
    'button-end': buttonsOf(themes, scheme).fill === 'gradient' ? theme.accent : theme.brand,
    link: theme.link,
    // The ring must stand out from the page (3:1): the brand on a light page, the link's tint on a dark one.
    focus: scheme === 'light' ? theme.brand : theme.link,
    danger: theme.danger,
  }
}

export const TOKENS: Record<Scheme, Palette> = {
  light: paletteOf(THEME, 'light'),
  dark: paletteOf(THEME, 'dark'),
}

/** The landing page's one scheme (content/site.yaml's theme.pageScheme); the console, the server pages and the emails start light. */
export const PAGE_SCHEME: Scheme = THEME.pageScheme
