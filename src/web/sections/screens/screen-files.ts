/**
 * The hero's app screens are drawn as React SVG components but shipped as static SVG files
 * (written by scripts/prerender.ts), so they cost the page's script nothing.
 */
export const SCREEN = { width: 270, height: 585 } as const

export const SCREEN_IDS = ['tasks', 'payments', 'dashboard'] as const
export type ScreenId = (typeof SCREEN_IDS)[number]

export const screenSrc = (id: ScreenId) => `/screens/${id}.svg`
