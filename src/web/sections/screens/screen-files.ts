/**
 * The hero's app screens are drawn as React SVG components and drawn inline by the prerender.
 * The hero is static HTML (not an island), so they cost the page's script nothing.
 */
export const SCREEN = { width: 270, height: 585 } as const

export const SCREEN_IDS = ['tasks', 'payments', 'dashboard'] as const
export type ScreenId = (typeof SCREEN_IDS)[number]
