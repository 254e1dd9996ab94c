import { hydrateIslands, type IslandSpec } from './islands/hydrate-islands.tsx'
import type { IslandName } from './islands/islands.ts'
import { HeaderCta, HeroCta } from './sections/cta-links.tsx'
import './styles.css'

// The page is server HTML; only these parts are React's (docs/decisions/perf-first-view.md).
// The two buttons are in the first view and tiny, so they come with the entry; the sign-up
// form and the footer's dialogs are fetched as they come near, each a chunk of its own.
const ISLANDS: Record<IslandName, IslandSpec> = {
  'header-cta': { when: 'load', component: HeaderCta },
  'hero-cta': { when: 'load', component: HeroCta },
  'beta-signup': {
    when: 'visible',
    load: () => import('./forms/beta-signup-form.tsx').then((m) => m.BetaSignupForm),
  },
  'footer-dialogs': {
    when: 'visible',
    load: () => import('./sections/footer-dialogs.tsx').then((m) => m.FooterDialogs),
  },
}

// <html data-hydrated> once the first view's islands are React's and the rest are armed (browser tests wait for it).
void hydrateIslands(ISLANDS).then(() => {
  document.documentElement.dataset.hydrated = ''
})
