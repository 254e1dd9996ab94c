import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'

function Hydrated({ onDone, children }: { onDone: () => void; children: ReactNode }) {
  useEffect(onDone, [])
  return children
}

/**
 * Hydrates `el` as a root of its own; resolves once React has taken it over (its effects ran).
 * A chunk of its own with React DOM, fetched only when an island is first needed (arm-islands.ts).
 */
export function hydrate(el: HTMLElement, Component: ComponentType): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      el,
      <StrictMode>
        <Hydrated onDone={resolve}>
          <Component />
        </Hydrated>
      </StrictMode>,
    )
  })
}
