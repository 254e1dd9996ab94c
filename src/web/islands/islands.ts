import type { ComponentType } from 'react'
import type { IslandTexts } from '../../shared/content-types.ts'
import { BetaSignupForm } from '../forms/beta-signup-form.tsx'
import { HeaderCta, HeroCta } from '../sections/cta-links.tsx'
import { FooterDialogs } from '../sections/footer-dialogs.tsx'

/**
 * The page's interactive parts, each hydrated as its own React root (docs/decisions/perf-first-view.md).
 * Everything else is server HTML that React never walks. An island takes one prop, its language's
 * texts: the prerender passes `ISLAND_TEXTS[locale]`, the browser the same set loaded on its own
 * (hydrate.tsx), so what the server rendered is what the browser renders.
 * The prerender and the tests import this map; the browser's entry (main.ts) has its own, lazy one.
 */
export const ISLANDS = {
  'header-cta': HeaderCta,
  'hero-cta': HeroCta,
  'beta-signup': BetaSignupForm,
  'footer-dialogs': FooterDialogs,
} as const satisfies Record<string, ComponentType<{ texts: IslandTexts }>>

export type IslandName = keyof typeof ISLANDS
