import { useEffect, type RefObject } from 'react'

/**
 * The page is readable, and its fields usable, before its script arrives; on a slow phone a
 * visitor may type first. The browser keeps that text in the fields but React's state starts
 * empty, so the form would ignore it: hand what the fields hold to `adopt` once React takes over.
 */
export function usePrehydrationInput(
  form: RefObject<HTMLFormElement | null>,
  adopt: (typed: Record<string, string>) => void,
): void {
  useEffect(() => {
    if (!form.current) return
    const typed: Record<string, string> = {}
    for (const [name, value] of new FormData(form.current)) if (typeof value === 'string' && value) typed[name] = value
    if (Object.keys(typed).length > 0) adopt(typed)
    // Once, when React takes over the prerendered form.
  }, [])
}
