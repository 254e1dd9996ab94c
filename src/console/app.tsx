import { useCallback, useEffect, useState } from 'react'
import { Button } from '../ui/button.tsx'
import { LogoMark } from '../ui/logo-mark.tsx'
import { api, ApiFailure, type Me } from './api.ts'
import { InboxView } from './inbox.tsx'
import { InvitationsView } from './invitations.tsx'
import { SessionsView } from './sessions.tsx'
import { SignInView } from './sign-in.tsx'
import { SignupsView } from './signups.tsx'

const VIEWS = [
  { id: 'signups', label: 'Sign-ups' },
  { id: 'invitations', label: 'Invitations' },
  { id: 'inbox', label: 'Inbox' },
  { id: 'sessions', label: 'Sessions' },
] as const
type ViewId = (typeof VIEWS)[number]['id']

function viewFromHash(): ViewId {
  const id = location.hash.replace(/^#\/?/, '')
  return VIEWS.some((v) => v.id === id) ? (id as ViewId) : 'signups'
}

/** The console: who is signed in decides between the sign-in view and the three working views. */
export function ConsoleApp() {
  const [me, setMe] = useState<Me | null | undefined>(undefined)
  const [view, setView] = useState<ViewId>(viewFromHash)

  const refreshMe = useCallback(() => {
    // Anything but a session (401, or the server unreachable) shows the sign-in view.
    api.me().then(setMe, () => setMe(null))
  }, [])

  useEffect(refreshMe, [refreshMe])
  // Browser tests wait for this mark, as they do on the page (e2e/fixtures.ts).
  useEffect(() => {
    if (me !== undefined) document.documentElement.dataset.hydrated = ''
  }, [me])
  useEffect(() => {
    const onHash = () => setView(viewFromHash())
    addEventListener('hashchange', onHash)
    return () => removeEventListener('hashchange', onHash)
  }, [])
  useEffect(() => {
    const label = VIEWS.find((v) => v.id === view)!.label
    document.title = me ? `${label} · Console · Solodesk` : 'Sign in · Console · Solodesk'
  }, [view, me])

  // Any 401 later (session revoked or timed out) brings back the sign-in view.
  const onUnauthorised = useCallback((err: unknown) => {
    if (err instanceof ApiFailure && err.status === 401) setMe(null)
  }, [])

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-page dark:text-slate-200">
      <header className="border-b border-slate-200 bg-white/80 dark:border-white/10 dark:bg-white/[0.03]">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href="#/signups" className="rounded text-slate-900 dark:text-white">
            <span className="inline-flex items-center gap-2 font-semibold">
              <LogoMark id="logo-console" size={28} />
              Solodesk console
            </span>
          </a>
          {me ? (
            <div className="flex min-w-0 items-center gap-2">
              <span className="truncate text-sm text-slate-600 dark:text-slate-400">{me.email}</span>
              <Button variant="secondary" onClick={() => api.signOut().finally(() => setMe(null))}>
                Sign out
              </Button>
            </div>
          ) : null}
        </div>
        {me ? (
          <nav aria-label="Console" className="mx-auto max-w-6xl px-4">
            <ul className="flex gap-1 overflow-x-auto">
              {VIEWS.map((v) => (
                <li key={v.id}>
                  <a
                    href={`#/${v.id}`}
                    aria-current={view === v.id ? 'page' : undefined}
                    className="inline-block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-950 aria-[current=page]:border-indigo-600 aria-[current=page]:text-indigo-700 dark:text-slate-300 dark:hover:text-white dark:aria-[current=page]:border-indigo-300 dark:aria-[current=page]:text-indigo-200"
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
          <SignInView onSignedIn={refreshMe} />
        ) : view === 'signups' ? (
          <SignupsView onError={onUnauthorised} />
        ) : view === 'invitations' ? (
          <InvitationsView onError={onUnauthorised} />
        ) : view === 'inbox' ? (
          <InboxView onError={onUnauthorised} />
        ) : (
          <SessionsView onError={onUnauthorised} onSignedOut={() => setMe(null)} />
        )}
      </main>
    </div>
  )
}
