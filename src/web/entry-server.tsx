import { StrictMode, type ReactElement } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { App } from './app.tsx'
import { IslandMarkup } from './islands/island.tsx'
import { ISLANDS, type IslandName } from './islands/islands.ts'
import { DashboardScreen } from './sections/screens/dashboard-screen.tsx'
import { PaymentsScreen } from './sections/screens/payments-screen.tsx'
import type { ScreenId } from './sections/screens/screen-files.ts'
import { TasksScreen } from './sections/screens/tasks-screen.tsx'

/** One island's markup, exactly as main.tsx's hydrateRoot for it expects it. */
export function renderIsland(name: IslandName): string {
  const Component = ISLANDS[name]
  return renderToString(
    <StrictMode>
      <Component />
    </StrictMode>,
  )
}

/**
 * The page's markup for the prerender (scripts/prerender.ts): static HTML, with each island's
 * own markup in its container. main.tsx hydrates the islands, one root each, and nothing else.
 */
export function render(): string {
  const names = Object.keys(ISLANDS) as IslandName[]
  const markup = Object.fromEntries(names.map((name) => [name, renderIsland(name)])) as Record<IslandName, string>
  return renderToStaticMarkup(
    <IslandMarkup value={markup}>
      <App />
    </IslandMarkup>,
  )
}

const SCREENS: Record<ScreenId, () => ReactElement> = {
  tasks: TasksScreen,
  payments: PaymentsScreen,
  dashboard: DashboardScreen,
}

/** The hero's app screens as standalone SVG documents, one per screen id. */
export function renderScreens(): Record<ScreenId, string> {
  const entries = Object.entries(SCREENS).map(([id, Screen]) => [id, renderToStaticMarkup(<Screen />)])
  return Object.fromEntries(entries) as Record<ScreenId, string>
}
