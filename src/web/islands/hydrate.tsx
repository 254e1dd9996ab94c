import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { localeOr, type Locale } from '../../shared/locales.ts'

function Hydrated({ onDone, children }: { onDone: () => void; children: ReactNode }) {
  useEffect(onDone, [])
  return children
}

/**
 * Hydrates `el` as a root of its own; resolves once React has taken it over (its effects ran).
 * A chunk of its own with React DOM, fetched only when an island is first needed (arm-islands.ts).
 * The island renders in the page's language, which its `<html lang>` names: one bundle serves
 * every language's page (docs/decisions/languages.md).
 */
export function hydrate(el: HTMLElement, Component: ComponentType<{ locale?: Locale }>): Promise<void> {
  const locale = localeOr(document.documentElement.lang)
  return new Promise((resolve) => {
    hydrateRoot(
      el,
      <StrictMode>
        <Hydrated onDone={resolve}>
          <Component locale={locale} />
        </Hydrated>
      </StrictMode>,
    )
  })
}
