import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { IslandTexts } from '../../shared/content-types.ts'

function Hydrated({ onDone, children }: { onDone: () => void; children: ReactNode }) {
  useEffect(onDone, [])
  return children
}

/**
 * Hydrates `el` as a root of its own; resolves once React has taken it over (its effects ran).
 * A chunk of its own with React DOM, fetched only when an island is first needed (arm-islands.ts),
 * with its language's texts.
 */
export function hydrate(
  el: HTMLElement,
  Component: ComponentType<{ texts: IslandTexts }>,
  texts: IslandTexts,
): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      el,
      <StrictMode>
        <Hydrated onDone={resolve}>
          <Component texts={texts} />
        </Hydrated>
      </StrictMode>,
    )
  })
}
