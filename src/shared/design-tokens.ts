/**
 * The one set of design tokens (docs/decisions/design-tokens.md). This module is the source: the
 * CSS variables the page, the console and the server pages use (`src/ui/tokens.css`,
 * `src/ui/tokens-dark.css`) are generated from it at build (`scripts/design-tokens.ts`, a Vite
 * plugin), and the emails, the icons and the share picture read the same values from here as
 * literals. Each token is a Tailwind colour (`--color-<name>`), so `bg-surface` or
 * `text-fg-muted` work, and one name swaps its value between light and dark.
 *
 * Values are hex or rgb(): email clients know no oklch. Contrast (WCAG AA, 4.5:1 for text):
 * fg-muted on page and surface is above 6.9:1 in both schemes; link above 6.5:1; white on brand
 * 6.3:1 and on danger-solid 6.5:1; field borders above 3:1 (non-text contrast).
 */
export const TOKEN_NAMES = [
  /** The page's background. */
  'page',
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
  /** Text on brand, accent and danger-solid. */
  'on-brand',
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

export type TokenName = (typeof TOKEN_NAMES)[number]
export type Scheme = 'light' | 'dark'
export type Palette = Record<TokenName, string>

const LOGO = { 'logo-from': '#6366f1', 'logo-to': '#a855f7' } as const

export const TOKENS: Record<Scheme, Palette> = {
  light: {
    page: '#f8fafc',
    surface: '#ffffff',
    subtle: '#f1f5f9',
    fg: '#0f172a',
    'fg-strong': '#020617',
    'fg-muted': '#475569',
    border: '#e2e8f0',
    'border-strong': '#64748b',
    brand: '#4f46e5',
    accent: '#6d28d9',
    'on-brand': '#ffffff',
    link: '#4338ca',
    focus: '#6366f1',
    danger: '#b91c1c',
    'danger-solid': '#b91c1c',
    success: '#065f46',
    warning: '#78350f',
    info: '#0c4a6e',
    ...LOGO,
  },
  dark: {
    page: '#0b0d17',
    surface: '#12152a',
    subtle: 'rgb(255 255 255 / 0.06)',
    fg: '#e2e8f0',
    'fg-strong': '#ffffff',
    'fg-muted': '#94a3b8',
    border: 'rgb(255 255 255 / 0.1)',
    'border-strong': '#64748b',
    brand: '#4f46e5',
    accent: '#6d28d9',
    'on-brand': '#ffffff',
    link: '#a5b4fc',
    focus: '#a5b4fc',
    danger: '#fca5a5',
    'danger-solid': '#b91c1c',
    success: '#6ee7b7',
    warning: '#fde68a',
    info: '#bae6fd',
    ...LOGO,
  },
}

/** The landing page is dark in every scheme; the console, the server pages and the emails start light. */
export const PAGE_SCHEME: Scheme = 'dark'
