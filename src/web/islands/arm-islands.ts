import type { ComponentType } from 'react'
import type { IslandTexts } from '../../shared/content-types.ts'
import { loadIslandTexts } from '../../shared/content.ts'
import { localeOr } from '../../shared/locales.ts'
import type { IslandName } from './islands.ts'

/**
 * When an island is fetched and hydrated (docs/decisions/perf-first-view.md). None at load: the
 * page's script arms them and nothing more, so no React is evaluated until a visitor needs it.
 * - `visible`: when it comes near the viewport, or the visitor reaches for it (focus, pointer,
 *   touch, a click, the URL's #target inside it): the sign-up form and the footer's dialogs.
 * - `intent`: only when the visitor reaches for it: the first view's two "try the beta" buttons,
 *   which work as plain #cta links (with CSS smooth scrolling) until then.
 */
export type IslandSpec = { when: 'visible' | 'intent'; load: () => Promise<ComponentType<{ texts: IslandTexts }>> }

/** How far outside the viewport a `visible` island starts loading, so it is ready when seen. */
const VISIBLE_MARGIN = '300px 0px'
const INTENT_EVENTS = ['focusin', 'pointerover', 'pointerdown', 'touchstart'] as const

let texts: Promise<IslandTexts> | undefined
/**
 * The islands' texts in the page's language, which its `<html lang>` names: that language's own
 * chunk, fetched once, with the first island, so a page loads no other language's strings
 * (docs/decisions/languages.md).
 */
function pageTexts(): Promise<IslandTexts> {
  texts ??= loadIslandTexts(pageLocale())
  return texts
}
const pageLocale = () => localeOr(document.documentElement.lang)

/**
 * The page's full stylesheet, added by the inline loader with this script: an island's states
 * (an error, the welcome panel, an open dialog) may need rules the inlined critical CSS lacks.
 */
function stylesheetsReady(): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((l) => !l.sheet)
  return Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true })
          link.addEventListener('error', () => resolve(), { once: true })
        }),
    ),
  ).then(() => undefined)
}

/**
 * Arms an island. A click on one of its links or buttons (or Space on a link that acts as a
 * button, or Enter in a form's field) that comes before React has taken over is held and replayed
 * after, so the first tap on a footer link opens its dialog, the first tap on "try the beta"
 * moves the caret to the email field, and a form sent before its island is hydrated is sent by
 * the island (the specification's states) rather than posted natively; if the island's code
 * cannot be fetched, the click is replayed untouched and the page works as it does without scripts.
 */
function arm(el: HTMLElement, spec: IslandSpec): void {
  let state: 'waiting' | 'hydrating' | 'hydrated' | 'failed' = 'waiting'
  let done: Promise<void> | undefined
  const start = (): Promise<void> => {
    if (done) return done
    state = 'hydrating'
    observer?.disconnect()
    for (const type of INTENT_EVENTS) el.removeEventListener(type, onIntent, true)
    done = Promise.all([import('./hydrate.tsx'), spec.load(), pageTexts(), stylesheetsReady()])
      .then(([{ hydrate }, Component, texts]) => hydrate(el, Component, texts, pageLocale()))
      .then(
        () => void (state = 'hydrated'),
        (err: unknown) => {
          state = 'failed'
          for (const button of posting) button.disabled = false
          throw err
        },
      )
    return done
  }
  // The script takes the forms over as they were before forms could post without it: a submit
  // button that posts to the server (enabled in the HTML) is disabled until React has its form,
  // which renders it by the specification's rule (page-locale.ts, submitBeforeHydration); Enter
  // is held meanwhile (below). If the island's code cannot be fetched, the buttons work again,
  // as without scripts.
  const posting = [...el.querySelectorAll<HTMLButtonElement>('form[action] button[type="submit"]:not([disabled])')]
  if (posting.length > 0) {
    // At once, not as a fade: under `data-hold` (scripts/first-view.ts) no control transitions,
    // and the style is computed there before the hold goes.
    el.setAttribute('data-hold', '')
    for (const button of posting) button.disabled = true
    void getComputedStyle(posting[0]!).opacity
    el.removeAttribute('data-hold')
  }
  const onIntent = () => void start().catch(() => {})
  const observer =
    spec.when === 'visible'
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onIntent(), {
          rootMargin: VISIBLE_MARGIN,
        })
      : undefined
  // A display: contents container has no box of its own to observe: its children do.
  if (observer) for (const child of el.children) observer.observe(child)
  for (const type of INTENT_EVENTS) el.addEventListener(type, onIntent, { capture: true, passive: true })
  const hold = (event: Event, target: HTMLElement | null) => {
    if (state === 'hydrated' || state === 'failed') return
    if (!target || !el.contains(target)) return
    event.preventDefault()
    event.stopImmediatePropagation()
    start().then(
      () => target.click(),
      () => target.click(),
    )
  }
  el.addEventListener('click', (e) => hold(e, (e.target as Element).closest<HTMLElement>('a[href], button')), {
    capture: true,
  })
  // Enter in a field submits its form: before React has the form, it would post natively (to the
  // server's page, or nowhere on a static host) or be lost to a disabled button. Hold it, and
  // press the button once React has the form; its state is settled by then, what was typed
  // adopted (use-prehydration-input.ts), so the button is enabled exactly when the form may be
  // sent. If the island's code cannot be fetched, a form that posts to the server posts natively.
  const holdSubmit = (event: KeyboardEvent) => {
    const field = event.target as Element
    if (state === 'hydrated' || state === 'failed' || !(field instanceof HTMLInputElement) || !field.form) return
    const form = field.form
    event.preventDefault()
    const press = () => {
      const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')
      if (submit && !submit.disabled) submit.click()
    }
    start().then(press, () => form.hasAttribute('action') && press())
  }
  el.addEventListener(
    'keydown',
    (e) => {
      if (e.key === ' ') hold(e, (e.target as Element).closest<HTMLElement>('a[href][role="button"]'))
      else if (e.key === 'Enter') holdSubmit(e)
    },
    { capture: true },
  )
  const targeted = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null
  if (targeted && el.contains(targeted)) onIntent()
}

/**
 * Arms every island container (`[data-island]`, see island.tsx) of the prerendered page; each
 * becomes a React root of its own when it is needed: the static page around them is never walked.
 */
export function armIslands(specs: Record<IslandName, IslandSpec>): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const spec = specs[el.dataset.island as IslandName]
    if (!spec) throw new Error(`no island named ${el.dataset.island}`)
    arm(el, spec)
  }
}
