import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react'
import { PRODUCT } from '../shared/content.ts'
import { Button } from '../ui/button.tsx'
import { LogoMark } from '../ui/logo-mark.tsx'
import { ApiFailure, call } from './api.ts'
import { consoleQueryClient, useSend } from './queries.ts'
import type { Me } from '../shared/owner-auth.ts'
import { paths } from '../shared/paths.ts'
import { FIRST_VIEW, viewAt, VIEWS, type View } from './registry.tsx'
import { SignInView } from './features/owner-auth/sign-in-view.tsx'

/**
 * Who is signed in, read like every other answer (a query). Each sign-in or sign-out starts a new
 * session `n`, and the query is keyed by it: an answer is the owner's only for the session it was
 * asked in, so an older answer never signs anyone back in. Signed out, nothing is asked.
 */
function useOwner(): { me: Me | null | undefined; signedIn: () => void; signedOut: () => void } {
  const [session, setSession] = useState({ n: 0, signedOut: false })
  const who = useQuery({
    queryKey: ['me', session],
    // Anything but a session (401, or the server unreachable) shows the sign-in view.
    queryFn: ({ signal }) => (session.signedOut ? null : call('me', undefined, signal).catch(() => null)),
  })
  // undefined until the first answer; after a sign-in or out, the sign-in view until the new one.
  const me = who.data !== undefined ? who.data : session.n === 0 ? undefined : null
  const signedIn = useCallback(() => setSession((s) => ({ n: s.n + 1, signedOut: false })), [])
  const client = useQueryClient()
  const signedOut = useCallback(() => {
    // Nothing the owner saw stays in memory after signing out.
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' })
    setSession((s) => ({ n: s.n + 1, signedOut: true }))
  }, [client])
  return { me, signedIn, signedOut }
}

/**
 * The console: one query client for its server state (docs/decisions/console-data.md); any 401
 * it sees (session revoked or timed out) brings back the sign-in view.
 */
export function ConsoleApp() {
  const signOut = useRef(() => {})
  const [client] = useState(() =>
    consoleQueryClient((err) => {
      if (err instanceof ApiFailure && err.status === 401) signOut.current()
    }),
  )
  const setSignOut = useCallback((f: () => void) => (signOut.current = f), [])
  return (
    <QueryClientProvider client={client}>
      <ConsoleShell onSignOutHandler={setSignOut} />
    </QueryClientProvider>
  )
}

/**
 * The view the address names, kept in step with it: a link to a view changes the address without
 * loading the page again, Back and Forward move between views, and an old `#/view` link is
 * rewritten to the view's path.
 */
function useView(): [View, (view: View) => (e: MouseEvent<HTMLAnchorElement>) => void] {
  const [current, setCurrent] = useState(() => viewAt(location))
  useEffect(() => {
    if (location.hash.startsWith('#/')) history.replaceState(null, '', paths.console.href(viewAt(location).id))
    const onPop = () => setCurrent(viewAt(location))
    addEventListener('popstate', onPop)
    return () => removeEventListener('popstate', onPop)
  }, [])
  const open = (view: View) => (e: MouseEvent<HTMLAnchorElement>) => {
    // A click that asks for a new tab or window is the browser's.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    if (view.id !== current.id) history.pushState(null, '', paths.console.href(view.id))
    setCurrent(view)
  }
  return [current, open]
}

/** Who is signed in decides between the sign-in view and the working views (registry.tsx). */
function ConsoleShell({ onSignOutHandler }: { onSignOutHandler: (signedOut: () => void) => void }) {
  const { me, signedIn, signedOut } = useOwner()
  useEffect(() => onSignOutHandler(signedOut), [onSignOutHandler, signedOut])
  const signOut = useSend('signOut', { onSuccess: signedOut })
  const [current, open] = useView()

  // Browser tests wait for this mark, as they do on the page (e2e/fixtures.ts).
  useEffect(() => {
    if (me !== undefined) document.documentElement.dataset.hydrated = ''
  }, [me])
  useEffect(() => {
    document.title = `${me ? current.label : 'Sign in'} · Console · ${PRODUCT.name}`
  }, [current, me])

  return (
    <div className="min-h-dvh bg-page text-fg">
      <header className="border-b border-border bg-surface/80">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href={paths.console.href(FIRST_VIEW.id)} onClick={open(FIRST_VIEW)} className="rounded text-fg">
            <span className="inline-flex items-center gap-2 font-semibold">
              <LogoMark id="logo-console" size={28} />
              {PRODUCT.name} console
            </span>
          </a>
          {me ? (
            <div className="flex min-w-0 items-center gap-2">
              <span className="truncate text-sm text-fg-muted">{me.email}</span>
              <Button variant="secondary" onClick={() => signOut.mutate(undefined, { onError: signedOut })}>
                Sign out
              </Button>
            </div>
          ) : null}
        </div>
        {me ? (
          <nav aria-label="Console" className="mx-auto max-w-6xl px-4">
            <ul className="flex flex-wrap gap-x-1">
              {VIEWS.map((v) => (
                <li key={v.id}>
                  <a
                    href={paths.console.href(v.id)}
                    onClick={open(v)}
                    aria-current={current.id === v.id ? 'page' : undefined}
                    className="inline-block border-b-2 border-transparent px-3 py-2 text-sm whitespace-nowrap font-medium text-fg hover:text-fg-strong aria-[current=page]:border-brand aria-[current=page]:text-link"
                  >
                    {v.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">
        {me === undefined ? (
          <p role="status">Loading…</p>
        ) : me === null ? (
          <SignInView onSignedIn={signedIn} />
        ) : (
          <current.View onSignedOut={signedOut} />
        )}
      </main>
    </div>
  )
}
