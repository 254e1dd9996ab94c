import { useState } from 'react'
import { useApi } from '../../use-api.ts'
import { invitationsApi } from './invitations-api.ts'
import type { PlatformFilter } from '../../../shared/beta-testers.ts'
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
  // The preview asked for last; null: none. Through useApi, so an older preview's answer (the owner
  // asked again with another number) never replaces the newer one, and the confirmation invites
  // exactly the people on screen.
  const [asked, setAsked] = useState<{ count: number; platform: PlatformFilter; includeDisposable: boolean } | null>(
    null,
  )
  const loaded = useApi(
    () =>
      asked ? invitationsApi.preview(asked.count, asked.platform, asked.includeDisposable) : Promise.resolve(null),
    [asked],
    props.onError,
  )
  const preview = loaded.loading ? null : (loaded.data?.rows ?? null)
  const disposableLeftOut = loaded.data?.disposableLeftOut ?? 0
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const fail = (err: unknown) => {
    setError((err as Error).message)
    props.onError(err)
  }

  function showPreview() {
    setDone(null)
    setError(null)
    const count = Number(n)
    if (!Number.isInteger(count) || count < 1 || count > props.maxBatch) {
      setError(`Choose a number from 1 to ${props.maxBatch}.`)
      return
    }
    setAsked({ count, platform, includeDisposable })
  }

  async function invite() {
    if (!preview || busy) return
    setBusy(true)
    try {
      // Exactly the previewed people: the server invites none outside these ids.
      const r = await invitationsApi.invite(preview.map((p) => p.id))
      setDone(
        `${plural(r.invited, 'invitation')} queued.` +
          (r.skipped
            ? ` ${plural(r.skipped, 'person', 'people')} skipped: already invited or no link for their phone.`
            : ''),
      )
      setAsked(null)
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
    clearPreview: () => setAsked(null),
    confirming,
    setConfirming,
    busy,
    done,
    error: error ?? loaded.error,
    showPreview,
    invite,
  }
}
