import { useLayoutEffect, useState } from 'react'

/**
 * False in the prerendered HTML and until React takes over. A layout effect, for the reason
 * use-prehydration-input.ts gives: the settled state is rendered before the hydration counts as done.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useLayoutEffect(() => setHydrated(true), [])
  return hydrated
}
