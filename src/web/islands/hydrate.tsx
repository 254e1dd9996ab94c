import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { IslandTexts } from '../../shared/content-types.ts'
import type { Locale } from '../../shared/locales.ts'
import { PageLocale } from './page-locale.ts'

function Hydrated({ onDone, children }: { onDone: () => void; children: ReactNode }) {
  useEffect(onDone, [])
  return children
}

/**
 * Hydrates `el` as a root of its own; resolves once React has taken it over (its effects ran; the
 * forms adopt what was typed before in layout effects, so their state is settled by then and a
 * held click or Enter replayed after this acts on it: use-prehydration-input.ts).
 * A chunk of its own with React DOM, fetched only when an island is first needed (arm-islands.ts),
 * with its language's texts.
 */
export function hydrate(
  el: HTMLElement,
  Component: ComponentType<{ texts: IslandTexts }>,
  texts: IslandTexts,
  locale: Locale,
): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      el,
      <StrictMode>
        <PageLocale value={locale}>
          <Hydrated onDone={resolve}>
            <Component texts={texts} />
          </Hydrated>
        </PageLocale>
      </StrictMode>,
    )
  })
}
