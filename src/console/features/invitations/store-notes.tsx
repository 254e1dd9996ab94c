import type { InvitationSummary } from '../../../shared/invitations.ts'

/** What the owner must know about the store links before inviting. */
export function StoreNotes({ stores }: { stores: InvitationSummary['stores'] }) {
  const missing = [
    stores.ios ? null : 'BETA_IOS_URL is not set: nobody is invited to iPhone.',
    stores.android ? null : 'BETA_ANDROID_URL is not set: nobody is invited to Android.',
  ].filter((m): m is string => m !== null)
  if (missing.length === 0) return null
  return (
    <div role="note" className="mb-4 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm text-warning">
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
