import { useEffect, useState } from 'react'
import { Button, buttonClass } from '../ui/button.tsx'
import {
  api,
  type InvitationSummary,
  type Platform,
  type PlatformFilter,
  type PreviewRow,
  type StatusFilter,
} from './api.ts'
import { plural, when } from './format.ts'
import { Card, ConfirmDialog, ErrorText, Heading } from './parts.tsx'

// Issue 11: from the beta list to the testers' phones. docs/decisions/beta-invitations.md

export const PLATFORM_TEXT: Record<Platform, string> = { unknown: 'Not chosen', ios: 'iPhone', android: 'Android' }
const LINKS_TEXT: Record<PreviewRow['links'], string> = {
  ios: 'iPhone link',
  android: 'Android link',
  both: 'Both links',
}
const FIELD =
  'h-10 rounded-xl border border-slate-300 bg-white px-3 text-slate-900 dark:border-white/15 dark:bg-white/5 dark:text-white'

export function PlatformSelect(props: { id: string; value: PlatformFilter; onChange: (v: PlatformFilter) => void }) {
  return (
    <select
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as PlatformFilter)}
      className={FIELD}
    >
      <option value="all">All platforms</option>
      <option value="ios">iPhone</option>
      <option value="android">Android</option>
      <option value="unknown">Not chosen</option>
    </select>
  )
}

export function StatusSelect(props: { id: string; value: StatusFilter; onChange: (v: StatusFilter) => void }) {
  return (
    <select
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as StatusFilter)}
      className={FIELD}
    >
      <option value="all">All statuses</option>
      <option value="waiting">Waiting</option>
      <option value="invited">Invited</option>
      <option value="opened">Opened the invitation</option>
    </select>
  )
}

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card>
      <p className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</p>
      <p className="text-2xl font-bold text-slate-950 dark:text-white">{value?.toLocaleString('en-US') ?? '…'}</p>
    </Card>
  )
}

/** What the owner must know about the store links before inviting. */
function StoreNotes({ stores }: { stores: InvitationSummary['stores'] }) {
  const missing = [
    stores.ios ? null : 'BETA_IOS_URL is not set: nobody is invited to iPhone.',
    stores.android ? null : 'BETA_ANDROID_URL is not set: nobody is invited to Android.',
  ].filter((m): m is string => m !== null)
  if (missing.length === 0) return null
  return (
    <div
      role="note"
      className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-300/30 dark:bg-amber-400/10 dark:text-amber-100"
    >
      {missing.map((m) => (
        <p key={m}>{m}</p>
      ))}
      <p>
        {stores.ios || stores.android
          ? 'People who did not choose a phone get the other link.'
          : 'Set one of them (see the README) to invite anyone.'}
      </p>
    </div>
  )
}

export function InvitationsView({ onError }: { onError: (err: unknown) => void }) {
  const [summary, setSummary] = useState<InvitationSummary | null>(null)
  const [tick, setTick] = useState(0)
  const [n, setN] = useState('20')
  const [platform, setPlatform] = useState<PlatformFilter>('all')
  const [preview, setPreview] = useState<PreviewRow[] | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [exportStatus, setExportStatus] = useState<StatusFilter>('invited')
  const [exportPlatform, setExportPlatform] = useState<PlatformFilter>('ios')

  useEffect(() => {
    api.invitations().then(setSummary, onError)
  }, [tick, onError])

  const fail = (err: unknown) => {
    setError((err as Error).message)
    onError(err)
  }

  async function showPreview() {
    setDone(null)
    setError(null)
    const count = Number(n)
    if (!Number.isInteger(count) || count < 1 || count > (summary?.maxBatch ?? 1000)) {
      setError(`Choose a number from 1 to ${summary?.maxBatch ?? 1000}.`)
      return
    }
    try {
      setPreview((await api.preview(count, platform)).rows)
    } catch (err) {
      fail(err)
    }
  }

  async function invite() {
    if (!preview || busy) return
    setBusy(true)
    try {
      // Exactly the previewed people: the server invites none outside these ids.
      const r = await api.invite(preview.map((p) => p.id))
      setDone(
        `${plural(r.invited, 'invitation')} queued.` +
          (r.skipped
            ? ` ${plural(r.skipped, 'person', 'people')} skipped: already invited or no link for their phone.`
            : ''),
      )
      setPreview(null)
      setConfirming(false)
      setTick((t) => t + 1)
    } catch (err) {
      fail(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Heading>Invitations</Heading>
      {summary ? <StoreNotes stores={summary.stores} /> : null}
      <h2 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-300">By status</h2>
      <div className="mb-4 grid grid-cols-3 gap-3">
        <Figure label="Waiting" value={summary?.byStatus.waiting} />
        <Figure label="Invited" value={summary?.byStatus.invited} />
        <Figure label="Opened" value={summary?.byStatus.opened} />
      </div>
      <h2 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-300">By platform</h2>
      <div className="mb-4 grid grid-cols-3 gap-3">
        <Figure label="iPhone" value={summary?.byPlatform.ios} />
        <Figure label="Android" value={summary?.byPlatform.android} />
        <Figure label="Not chosen" value={summary?.byPlatform.unknown} />
      </div>

      <Card className="mb-4">
        <h2 className="mb-3 font-semibold">Invite the next people</h2>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            void showPreview()
          }}
        >
          <div className="grid gap-1">
            <label htmlFor="invite-n" className="text-sm font-medium">
              How many
            </label>
            <input
              id="invite-n"
              type="number"
              inputMode="numeric"
              min={1}
              max={summary?.maxBatch ?? 1000}
              value={n}
              onChange={(e) => setN(e.target.value)}
              className={`${FIELD} w-28`}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor="invite-platform" className="text-sm font-medium">
              Platform to invite
            </label>
            <PlatformSelect id="invite-platform" value={platform} onChange={setPlatform} />
          </div>
          <Button type="submit" variant="secondary">
            Preview
          </Button>
        </form>
        <p role="status" className="mt-3 text-sm text-emerald-800 empty:hidden dark:text-emerald-300">
          {done}
        </p>
        <ErrorText message={error} />
        {preview ? (
          <div className="mt-4">
            <p role="status" className="mb-2 text-sm text-slate-700 dark:text-slate-300">
              {preview.length === 0
                ? 'Nobody is waiting who can be sent a link.'
                : `${plural(preview.length, 'person', 'people')} will be invited, oldest sign-up first.`}
            </p>
            {preview.length > 0 ? (
              <>
                <div className="max-h-96 overflow-auto">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">Who will be invited</caption>
                    <thead className="text-xs text-slate-600 dark:text-slate-400">
                      <tr>
                        <th scope="col" className="py-2 pr-3 font-medium">
                          Email
                        </th>
                        <th scope="col" className="py-2 pr-3 font-medium">
                          Gets
                        </th>
                        <th scope="col" className="hidden py-2 font-medium sm:table-cell">
                          Signed up
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-200 dark:divide-white/10">
                      {preview.map((p) => (
                        <tr key={p.id}>
                          <td className="py-2 pr-3 [overflow-wrap:anywhere]">{p.email}</td>
                          <td className="py-2 pr-3">{LINKS_TEXT[p.links]}</td>
                          <td className="hidden py-2 whitespace-nowrap sm:table-cell">{when(p.created_at)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button onClick={() => setConfirming(true)}>
                    Invite these {plural(preview.length, 'person', 'people')}
                  </Button>
                  <Button variant="ghost" onClick={() => setPreview(null)}>
                    Clear
                  </Button>
                </div>
              </>
            ) : null}
          </div>
        ) : null}
      </Card>

      <Card>
        <h2 className="mb-1 font-semibold">Exports for the stores</h2>
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
          TestFlight: App Store Connect, External Testing, Add Testers, Import from CSV (first name, last name, email;
          no header row). Play Console: an email list of the testing track (paste the addresses).
        </p>
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <label htmlFor="export-status" className="text-sm font-medium">
              Export status
            </label>
            <StatusSelect id="export-status" value={exportStatus} onChange={setExportStatus} />
          </div>
          <div className="grid gap-1">
            <label htmlFor="export-platform" className="text-sm font-medium">
              Export platform
            </label>
            <PlatformSelect id="export-platform" value={exportPlatform} onChange={setExportPlatform} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={api.storeExportUrl('testflight', { status: exportStatus, platform: exportPlatform, q: '' })}
            download
            className={buttonClass('secondary')}
          >
            TestFlight CSV
          </a>
          <a
            href={api.storeExportUrl('play', { status: exportStatus, platform: exportPlatform, q: '' })}
            download
            className={buttonClass('secondary')}
          >
            Play Console list
          </a>
        </div>
      </Card>

      <ConfirmDialog
        open={confirming}
        title={`Invite ${plural(preview?.length ?? 0, 'person', 'people')}?`}
        confirmLabel="Send invitations"
        busy={busy}
        onConfirm={() => void invite()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Each previewed person gets one invitation email with the link for their phone, sent a few at a time. Nobody
          else is invited, and nobody twice.
        </p>
      </ConfirmDialog>
    </>
  )
}
