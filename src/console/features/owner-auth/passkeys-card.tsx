import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { useState } from 'react'
import { useApi } from '../../use-api.ts'
import { Button } from '../../../ui/button.tsx'
import { ownerAuthApi } from './owner-auth-api.ts'
import { when } from '../../format.ts'
import { Card } from '../../components/card.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'

/** Signs in with a passkey alone (a discoverable credential); resolves once the session exists. */
export async function signInWithPasskey(): Promise<void> {
  const { challengeId, options } = await ownerAuthApi.passkeySignInOptions()
  const response = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON })
  await ownerAuthApi.passkeySignIn(challengeId, response)
}

export function PasskeysCard({ onError }: { onError: (err: unknown) => void }) {
  const loaded = useApi(() => ownerAuthApi.passkeys(), [], onError)
  const keys = loaded.data?.passkeys
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)

  async function add() {
    setError(null)
    try {
      const { challengeId, options } = await ownerAuthApi.passkeyRegistrationOptions()
      const response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON })
      await ownerAuthApi.addPasskey(
        challengeId,
        response,
        navigator.platform ? `Passkey on ${navigator.platform}` : 'Passkey',
      )
      setStatus('Passkey added. You can now sign in with it alone.')
      loaded.reload()
    } catch (err) {
      setError((err as Error).message)
      onError(err)
    }
  }

  return (
    <Card className="mb-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Passkeys</h2>
        <Button onClick={() => void add()}>Add a passkey</Button>
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
              onClick={() => void ownerAuthApi.removePasskey(k.id).then(loaded.reload, onError)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <DoneText className="mt-2" message={status} />
      <ErrorText message={error ?? loaded.error} />
    </Card>
  )
}
