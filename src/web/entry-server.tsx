import { StrictMode } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { App } from './app.tsx'
import { IslandMarkup } from './islands/island.tsx'
import { ISLANDS, type IslandName } from './islands/islands.ts'

/** One island's markup, exactly as hydrate.tsx's hydrateRoot for it expects it. */
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
 * own markup in its container. Each island is hydrated as a root of its own (islands/arm-islands.ts),
 * and nothing else.
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
