/**
 * The hero's app screens, drawn as React SVG components (src/web/sections/screens) and inlined by
 * the prerender; the build's loader holds each back from the first layout by its id
 * (scripts/first-view.ts). The hero is static HTML (not an island), so they cost no script.
 */
export const SCREEN = { width: 270, height: 585 } as const

export const SCREEN_IDS = ['tasks', 'payments', 'dashboard'] as const
export type ScreenId = (typeof SCREEN_IDS)[number]
