import { useEffect, useState } from 'react'
import { Button, buttonClass } from '../ui/button.tsx'
import {
  api,
  type PlatformFilter,
  type Signup,
  type SignupPage,
  type Stats,
  type StatusFilter,
  type WelcomeState,
} from './api.ts'
import { DailyChart } from './chart.tsx'
import { when } from './format.ts'
import { PLATFORM_TEXT, PlatformSelect, StatusSelect } from './invitations.tsx'
import { Card, ConfirmDialog, ErrorText, Heading, Pager } from './parts.tsx'
import { SuppressionsCard } from './suppressions.tsx'

const STATE_TEXT: Record<WelcomeState, string> = {
  none: 'Not queued',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  retrying: 'Retrying',
  failed: 'Failed',
  unsubscribed: 'Unsubscribed',
}
const STATE_CLASS: Record<WelcomeState, string> = {
  none: 'bg-slate-100 text-slate-700 dark:bg-white/10 dark:text-slate-300',
  queued: 'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  sending: 'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  sent: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  retrying: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
  unsubscribed: 'bg-slate-200 text-slate-800 dark:bg-white/10 dark:text-slate-300',
}

/** Issue 11: the person's phone and where their invitation stands. */
function invitationText(s: Signup): string {
  const state = s.openedAt ? 'opened' : s.status === 'invited' ? 'invited' : 'waiting'
  return `${PLATFORM_TEXT[s.platform]}, ${state}`
}

export function SignupsView({ onError }: { onError: (err: unknown) => void }) {
  const [days, setDays] = useState<30 | 90>(30)
  const [stats, setStats] = useState<Stats | null>(null)
  const [q, setQ] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<StatusFilter>('all')
  const [platform, setPlatform] = useState<PlatformFilter>('all')
  const [list, setList] = useState<SignupPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [erasing, setErasing] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const [tick, setTick] = useState(0)

  useEffect(() => {
    api.stats(days).then(setStats, onError)
  }, [days, tick, onError])
  useEffect(() => {
    // A short pause while typing: one request per search, not per key.
    const t = setTimeout(() => setSearch(q.trim()), 250)
    return () => clearTimeout(t)
  }, [q])
  useEffect(() => setPage(1), [search, status, platform])
  useEffect(() => {
    api.signups(search, page, 25, status, platform).then(
      (l) => (setList(l), setError(null)),
      (err: unknown) => (setError((err as Error).message), onError(err)),
    )
  }, [search, page, status, platform, tick, onError])

  async function erase() {
    if (!erasing) return
    setBusy(true)
    try {
      const r = await api.erase(erasing)
      setDone(`Erased ${erasing}: ${r.signups} sign-up, ${r.messages} messages, ${r.emails} queued emails.`)
      setErasing(null)
      setTick((t) => t + 1)
    } catch (err) {
      setError((err as Error).message)
      onError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Heading>Sign-ups</Heading>
      <div className="mb-4 grid grid-cols-3 gap-3">
        {[
          ['Total', stats?.total],
          ['Today', stats?.today],
          ['Last 7 days', stats?.last7Days],
        ].map(([label, value]) => (
          <Card key={label as string}>
            <p className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</p>
            <p className="text-2xl font-bold text-slate-950 dark:text-white">{value ?? '…'}</p>
          </Card>
        ))}
      </div>
      <Card className="mb-4">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold">Sign-ups per day</h2>
          <div role="group" aria-label="Period" className="flex gap-1">
            {([30, 90] as const).map((d) => (
              <Button
                key={d}
                variant={days === d ? 'primary' : 'secondary'}
                aria-pressed={days === d}
                onClick={() => setDays(d)}
              >
                {d} days
              </Button>
            ))}
          </div>
        </div>
        {stats ? <DailyChart perDay={stats.perDay} /> : <p>Loading…</p>}
      </Card>
      <Card>
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <div className="grid min-w-0 flex-1 gap-1">
            <label htmlFor="signup-search" className="text-sm font-medium">
              Search by address
            </label>
            <input
              id="signup-search"
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder="part of an address"
              className="h-10 w-full max-w-sm rounded-xl border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-500 dark:border-white/15 dark:bg-white/5 dark:text-white dark:placeholder:text-slate-400"
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor="signup-status" className="text-sm font-medium">
              Status
            </label>
            <StatusSelect id="signup-status" value={status} onChange={setStatus} />
          </div>
          <div className="grid gap-1">
            <label htmlFor="signup-platform" className="text-sm font-medium">
              Platform
            </label>
            <PlatformSelect id="signup-platform" value={platform} onChange={setPlatform} />
          </div>
          <a href={api.exportUrl(search)} download className={buttonClass('secondary')}>
            Export CSV
          </a>
        </div>
        <p role="status" className="mb-2 text-sm text-slate-600 dark:text-slate-400">
          {list
            ? `${list.total.toLocaleString('en-US')} ${search || status !== 'all' || platform !== 'all' ? 'matching' : 'in all'}`
            : 'Loading…'}
        </p>
        <p role="status" className="mb-2 text-sm text-emerald-800 empty:hidden dark:text-emerald-300">
          {done}
        </p>
        <ErrorText message={error} />
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Sign-ups, newest first</caption>
            <thead className="text-xs text-slate-600 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Email
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                  Signed up
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Welcome email
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-medium md:table-cell">
                  Invitation
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-white/10">
              {list?.rows.map((s) => (
                <tr key={s.id}>
                  <td className="py-2 pr-3 [overflow-wrap:anywhere]">
                    {s.email}
                    <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">
                      {when(s.createdAt)}
                    </span>
                  </td>
                  <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">{when(s.createdAt)}</td>
                  <td className="py-2 pr-3">
                    <span
                      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATE_CLASS[s.welcome]}`}
                    >
                      {STATE_TEXT[s.welcome]}
                    </span>
                    {s.welcomeError ? (
                      <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{s.welcomeError}</span>
                    ) : null}
                  </td>
                  <td className="hidden py-2 pr-3 md:table-cell">
                    {invitationText(s)}
                    {s.invitedAt ? (
                      <span className="block text-xs text-slate-600 dark:text-slate-400">{when(s.invitedAt)}</span>
                    ) : null}
                  </td>
                  <td className="py-2 text-right">
                    <Button variant="ghost" onClick={() => setErasing(s.email)} aria-label={`Erase ${s.email}`}>
                      Erase
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {list ? (
          <Pager page={page} pages={Math.ceil(list.total / list.size)} onPage={setPage} label="Sign-up pages" />
        ) : null}
      </Card>
      <SuppressionsCard onError={onError} />
      <ConfirmDialog
        open={erasing !== null}
        title="Erase this person?"
        confirmLabel="Erase"
        busy={busy}
        onConfirm={() => void erase()}
        onCancel={() => setErasing(null)}
      >
        <p className="break-all">
          <strong>{erasing}</strong>
        </p>
        <p className="mt-2">
          Their sign-up, every email queued to them and their contact messages are deleted for good. This cannot be
          undone.
        </p>
      </ConfirmDialog>
    </>
  )
}
