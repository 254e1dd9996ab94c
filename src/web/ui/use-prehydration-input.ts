import { useLayoutEffect, type RefObject } from 'react'

/**
 * The page is readable, and its fields usable, before its script arrives; on a slow phone a
 * visitor may type first. The browser keeps that text in the fields but React's state starts
 * empty, so the form would ignore it: hand what the fields hold to `adopt` once React takes over.
 * A layout effect: its state update is rendered before the island's hydration counts as done
 * (islands/hydrate.tsx), so a click or an Enter held until then (arm-islands.ts) finds the form
 * with what was typed, never the empty first render's state and handlers.
 */
export function usePrehydrationInput(
  form: RefObject<HTMLFormElement | null>,
  adopt: (typed: Record<string, string>) => void,
): void {
  useLayoutEffect(() => {
    if (!form.current) return
    const typed: Record<string, string> = {}
    for (const [name, value] of new FormData(form.current)) if (typeof value === 'string' && value) typed[name] = value
    if (Object.keys(typed).length > 0) adopt(typed)
    // Once, when React takes over the prerendered form.
  }, [])
}
