import type { MouseEvent } from 'react'

export const CTA_ID = 'cta'
/** The sign-up's email field, or its welcome heading once the visitor has joined. */
const CTA_FOCUS_IDS = ['beta-email', 'beta-welcome'] as const

/**
 * Smooth-scrolls to the sign-up (instantly under prefers-reduced-motion) and puts the caret
 * in its email field. Without scripts the link's own #cta does the jump.
 */
export function scrollToCta(event: MouseEvent<HTMLElement>): void {
  const cta = document.getElementById(CTA_ID)
  if (!cta) return
  event.preventDefault()
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  cta.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
  const target = CTA_FOCUS_IDS.map((id) => document.getElementById(id)).find((el) => el !== null)
  target?.focus({ preventScroll: true })
}
