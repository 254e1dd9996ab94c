import { StrictMode } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { DEFAULT_LOCALE, ISLAND_TEXTS, type Locale } from '../shared/content.ts'
import { App } from './app.tsx'
import { IslandMarkup } from './islands/island.tsx'
import { ISLANDS, type IslandName } from './islands/islands.ts'
import { PageLocale, Prerendering } from './islands/page-locale.ts'

/** One island's markup, exactly as hydrate.tsx's hydrateRoot for it expects it. */
export function renderIsland(name: IslandName, locale: Locale = DEFAULT_LOCALE): string {
  const Component = ISLANDS[name]
  return renderToString(
    <StrictMode>
      <Prerendering value={true}>
        <PageLocale value={locale}>
          <Component texts={ISLAND_TEXTS[locale]} />
        </PageLocale>
      </Prerendering>
    </StrictMode>,
  )
}

/**
 * The page's markup for the prerender (scripts/prerender.ts): static HTML, with each island's
 * own markup in its container. Each island is hydrated as a root of its own (islands/arm-islands.ts),
 * and nothing else.
 */
export function render(locale: Locale = DEFAULT_LOCALE): string {
  const names = Object.keys(ISLANDS) as IslandName[]
  const markup = Object.fromEntries(names.map((name) => [name, renderIsland(name, locale)])) as Record<
    IslandName,
    string
  >
  return renderToStaticMarkup(
    <IslandMarkup value={markup}>
      <App locale={locale} />
    </IslandMarkup>,
  )
}
