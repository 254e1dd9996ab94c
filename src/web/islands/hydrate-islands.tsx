import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { IslandName } from './islands.ts'

/**
 * How the browser gets an island: `load` ones are in the entry and hydrate at once; `visible` ones
 * are fetched and hydrated when they come near the viewport or the visitor reaches for them
 * (focus, pointer, a click, or the URL's #target inside them), so the first view carries neither
 * their code nor their hydration.
 */
export type IslandSpec =
  { when: 'load'; component: ComponentType } | { when: 'visible'; load: () => Promise<ComponentType> }

/** How far outside the viewport a `visible` island starts loading, so it is ready when seen. */
const VISIBLE_MARGIN = '300px 0px'
const INTENT_EVENTS = ['focusin', 'pointerover', 'pointerdown', 'touchstart'] as const

function Hydrated({ onDone, children }: { onDone: () => void; children: ReactNode }) {
  useEffect(onDone, [])
  return children
}

/** Hydrates `el` as a root of its own; resolves once React has taken it over (its effects ran). */
function hydrate(el: HTMLElement, Component: ComponentType): Promise<void> {
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

/**
 * Arms a `visible` island. A click on one of its links or buttons that comes before React has
 * taken over is held and replayed after, so the first tap on a footer link opens its dialog
 * instead of following the bare link; if the island's code cannot be fetched, the click is
 * replayed untouched and the page works as it does without scripts.
 */
function arm(el: HTMLElement, load: () => Promise<ComponentType>): void {
  let state: 'waiting' | 'hydrating' | 'hydrated' | 'failed' = 'waiting'
  let done: Promise<void> | undefined
  const start = (): Promise<void> => {
    if (done) return done
    state = 'hydrating'
    observer.disconnect()
    for (const type of INTENT_EVENTS) el.removeEventListener(type, onIntent, true)
    done = load()
      .then((Component) => hydrate(el, Component))
      .then(
        () => void (state = 'hydrated'),
        (err: unknown) => {
          state = 'failed'
          throw err
        },
      )
    return done
  }
  const onIntent = () => void start().catch(() => {})
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onIntent(), {
    rootMargin: VISIBLE_MARGIN,
  })
  // A display: contents container has no box of its own to observe: its children do.
  for (const child of el.children) observer.observe(child)
  for (const type of INTENT_EVENTS) el.addEventListener(type, onIntent, { capture: true, passive: true })
  el.addEventListener(
    'click',
    (event) => {
      if (state === 'hydrated' || state === 'failed') return
      const target = (event.target as Element).closest<HTMLElement>('a[href], button')
      if (!target || !el.contains(target)) return
      event.preventDefault()
      event.stopImmediatePropagation()
      start().then(
        () => target.click(),
        () => target.click(),
      )
    },
    { capture: true },
  )
  const targeted = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null
  if (targeted && el.contains(targeted)) onIntent()
}

/**
 * Hydrates every island container (`[data-island]`, see island.tsx) of the prerendered page, each
 * as its own React root: the static page around them is never walked. Resolves once the `load`
 * islands are hydrated and the others are armed.
 */
export async function hydrateIslands(specs: Record<IslandName, IslandSpec>): Promise<void> {
  const eager: Promise<void>[] = []
  for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const spec = specs[el.dataset.island as IslandName]
    if (!spec) throw new Error(`no island named ${el.dataset.island}`)
    if (spec.when === 'visible') arm(el, spec.load)
    else {
      // A task of its own for each: the entry's evaluation is one long task already, and a
      // blocking task is what Total Blocking Time counts.
      await nextTask()
      eager.push(hydrate(el, spec.component))
    }
  }
  await Promise.all(eager)
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
