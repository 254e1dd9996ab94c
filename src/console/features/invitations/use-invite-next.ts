import { useState } from 'react'
import { api, type InvitationPreviewRow, type PlatformFilter } from '../../api.ts'
import { plural } from '../../format.ts'

/**
 * "Invite the next N": the number and platform asked for, the preview of exactly who that is,
 * and the confirmation that invites those people and nobody else.
 */
export function useInviteNext(props: { maxBatch: number; onError: (err: unknown) => void; onInvited: () => void }) {
  const [n, setN] = useState('20')
  const [platform, setPlatform] = useState<PlatformFilter>('all')
  // Throwaway addresses are left out unless the owner includes them.
  const [includeDisposable, setIncludeDisposable] = useState(false)
  const [disposableLeftOut, setDisposableLeftOut] = useState(0)
  const [preview, setPreview] = useState<InvitationPreviewRow[] | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const fail = (err: unknown) => {
    setError((err as Error).message)
    props.onError(err)
  }

  async function showPreview() {
    setDone(null)
    setError(null)
    const count = Number(n)
    if (!Number.isInteger(count) || count < 1 || count > props.maxBatch) {
      setError(`Choose a number from 1 to ${props.maxBatch}.`)
      return
    }
    try {
      const answer = await api.preview(count, platform, includeDisposable)
      setPreview(answer.rows)
      setDisposableLeftOut(answer.disposableLeftOut)
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
      props.onInvited()
    } catch (err) {
      fail(err)
    } finally {
      setBusy(false)
    }
  }

  return {
    n,
    setN,
    platform,
    setPlatform,
    includeDisposable,
    setIncludeDisposable,
    disposableLeftOut,
    preview,
    clearPreview: () => setPreview(null),
    confirming,
    setConfirming,
    busy,
    done,
    error,
    showPreview,
    invite,
  }
}
