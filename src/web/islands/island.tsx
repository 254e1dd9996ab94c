import { createContext, useContext } from 'react'
import { DEFAULT_LOCALE, ISLAND_TEXTS } from '../../shared/content.ts'
import { ISLANDS, type IslandName } from './islands.ts'

/** Each island's own server markup, rendered apart for its own root (src/web/entry-server.tsx). */
export const IslandMarkup = createContext<Record<IslandName, string> | null>(null)

/**
 * Where an island sits in the page: a container that main.ts arms and hydrates as a root of its own.
 * `display: contents` by default, so the container adds no box and the layout is the page's.
 * In the prerender it carries the island's separately rendered markup, so the static page
 * around it can be rendered without React's hydration markers; elsewhere (tests) it renders
 * the island in place.
 */
export function Island({ name, className = 'contents' }: { name: IslandName; className?: string }) {
  const markup = useContext(IslandMarkup)
  if (markup) return <div data-island={name} className={className} dangerouslySetInnerHTML={{ __html: markup[name] }} />
  const Component = ISLANDS[name]
  return (
    <div data-island={name} className={className}>
      <Component texts={ISLAND_TEXTS[DEFAULT_LOCALE]} />
    </div>
  )
}
