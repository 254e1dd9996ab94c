import { useEffect, useState } from 'react'

/** False in the prerendered HTML and until React takes over, so forms can't be submitted without their script. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
