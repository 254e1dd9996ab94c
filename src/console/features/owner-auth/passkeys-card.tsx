import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { Button } from '../../../ui/button.tsx'
import { call } from '../../api.ts'
import { useActions, useCall } from '../../queries.ts'
import { when } from '../../format.ts'
import { Card } from '../../components/card.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'

/** Signs in with a passkey alone (a discoverable credential); resolves once the session exists. */
export async function signInWithPasskey(): Promise<void> {
  const { challengeId, options } = await call('passkeySignInOptions')
  const response = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON })
  await call('passkeySignIn', { challengeId, response })
}

export function PasskeysCard() {
  const loaded = useCall('passkeys')
  const keys = loaded.data?.passkeys
  // Adding or removing a passkey: the last one's outcome shows, and the list reads again.
  const action = useActions(['passkeys'])

  const add = () =>
    action.mutate(async () => {
      const { challengeId, options } = await call('passkeyOptions')
      const response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON })
      const name = navigator.platform ? `Passkey on ${navigator.platform}` : 'Passkey'
      await call('addPasskey', { challengeId, response, name })
      return 'Passkey added. You can now sign in with it alone.'
    })

  return (
    <Card className="mb-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Passkeys</h2>
        <Button onClick={add}>Add a passkey</Button>
      </div>
      {keys && keys.length === 0 ? <p className="text-sm">No passkey yet.</p> : null}
      <ul className="divide-y divide-border text-sm">
        {keys?.map((k) => (
          <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <strong>{k.name}</strong>
              <span className="block text-xs text-fg-muted">
                Added {when(k.createdAt)}
                {k.lastUsedAt ? `; last used ${when(k.lastUsedAt)}` : ''}
              </span>
            </span>
            <Button
              variant="secondary"
              onClick={() => action.mutate(async () => (await call('removePasskey', { id: k.id }), ''))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <DoneText className="mt-2" message={action.data || null} />
      <ErrorText message={(action.error ?? loaded.error)?.message ?? null} />
    </Card>
  )
}
