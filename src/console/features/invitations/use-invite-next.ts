import { useState } from 'react'
import { useCall, useSend } from '../../queries.ts'
import type { PlatformFilter } from '../../../shared/beta-testers.ts'
import { plural } from '../../format.ts'

/**
 * "Invite the next N": the number and platform asked for, the preview of exactly who that is,
 * and the confirmation that invites those people and nobody else.
 */
export function useInviteNext(props: { maxBatch: number }) {
  const [n, setN] = useState('20')
  const [platform, setPlatform] = useState<PlatformFilter>('all')
  // Throwaway addresses are left out unless the owner includes them.
  const [includeDisposable, setIncludeDisposable] = useState(false)
  // The preview asked for last; null: none. A query keyed by it, so an older preview's answer (the
  // owner asked again with another number) never replaces the newer one, and the confirmation
  // invites exactly the people on screen.
  const [asked, setAsked] = useState<{ count: number; platform: PlatformFilter; includeDisposable: boolean } | null>(
    null,
  )
  // The number the owner typed, checked before anything is asked.
  const [invalid, setInvalid] = useState<string | null>(null)
  const loaded = useCall(
    'invitationPreview',
    asked
      ? { n: asked.count, platform: asked.platform, disposable: asked.includeDisposable ? 'include' : 'exclude' }
      : undefined,
    { enabled: asked !== null },
  )
  // Only the answer to the preview asked last, never an earlier one shown while it loads.
  const current = asked !== null && loaded.isSuccess && !loaded.isPlaceholderData && !loaded.isFetching
  const preview = current ? loaded.data.rows : null
  const disposableLeftOut = current ? loaded.data.disposableLeftOut : 0
  const [confirming, setConfirming] = useState(false)
  const inviting = useSend('invite', {
    input: (ids: number[]) => ({ ids }),
    // The figures, the list's statuses and Play testing's Android testers all change.
    invalidates: ['invitations', 'invitationPreview', 'playTesting', 'signups', 'signupStats'],
    onSuccess: () => {
      setAsked(null)
      setConfirming(false)
    },
  })
  const r = inviting.data
  const done = r
    ? `${plural(r.invited, 'invitation')} queued.` +
      (r.skipped
        ? ` ${plural(r.skipped, 'person', 'people')} skipped: already invited or no link for their phone.`
        : '')
    : null

  function showPreview() {
    inviting.reset()
    const count = Number(n)
    if (!Number.isInteger(count) || count < 1 || count > props.maxBatch) {
      setInvalid(`Choose a number from 1 to ${props.maxBatch}.`)
      return
    }
    setInvalid(null)
    setAsked({ count, platform, includeDisposable })
  }

  function invite() {
    // Exactly the previewed people: the server invites none outside these ids.
    if (preview && !inviting.isPending) inviting.mutate(preview.map((p) => p.id))
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
    busy: inviting.isPending,
    done,
    error: invalid ?? (inviting.error ?? loaded.error)?.message ?? null,
    showPreview,
    invite,
  }
}
