import { armIslands, type IslandSpec } from './islands/arm-islands.ts'
import type { IslandName } from './islands/islands.ts'
import './styles.css'

// The page is server HTML; only these parts are React's (docs/decisions/perf-first-view.md).
// This entry is started by the page's inline loader after the first paint, and only arms the
// islands: React and each island's code are chunks of their own, fetched when the island is
// first needed, so loading the page evaluates no React at all (TBT: docs/decisions/perf-first-view.md).
const ISLANDS: Record<IslandName, IslandSpec> = {
  'header-cta': { when: 'intent', load: () => import('./sections/cta-links.tsx').then((m) => m.HeaderCta) },
  'hero-cta': { when: 'intent', load: () => import('./sections/cta-links.tsx').then((m) => m.HeroCta) },
  'beta-signup': {
    when: 'visible',
    load: () => import('./forms/beta-signup-form.tsx').then((m) => m.BetaSignupForm),
  },
  'footer-dialogs': {
    when: 'visible',
    load: () => import('./sections/footer-dialogs.tsx').then((m) => m.FooterDialogs),
  },
}

armIslands(ISLANDS)
// <html data-hydrated>: the page's script has run and every island is armed (browser tests wait for it).
document.documentElement.dataset.hydrated = ''
