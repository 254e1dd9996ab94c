import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Button } from '../../../ui/button.tsx'
import { call } from '../../api.ts'
import { Card, Heading } from '../../components/card.tsx'
import { signInWithPasskey } from './passkeys-card.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'

/** Asking for an emailed one-time link; the command-line link is the first-run path. */
export function SignInView({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('')
  const askLink = useMutation({ mutationFn: (email: string) => call('emailSignInLink', { email }) })
  const passkeySignIn = useMutation({ mutationFn: signInWithPasskey, onSuccess: onSignedIn })
  const busy = askLink.isPending
  const sent = askLink.data?.message ?? null
  const error = (passkeySignIn.error ?? askLink.error)?.message ?? null

  function submit(event: FormEvent) {
    event.preventDefault()
    passkeySignIn.reset()
    askLink.mutate(email)
  }

  function passkey() {
    askLink.reset()
    passkeySignIn.mutate()
  }

  return (
    <div className="mx-auto max-w-md">
      <Heading>Sign in</Heading>
      <Card className="mb-4">
        <Button className="w-full" onClick={passkey}>
          Sign in with a passkey
        </Button>
      </Card>
      <Card>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <label htmlFor="owner-email" className="text-sm font-medium">
            Owner email
          </label>
          <input
            id="owner-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="h-11 rounded-xl border border-border-strong bg-surface px-3 text-base text-fg"
          />
          <Button type="submit" disabled={busy || email.trim() === ''}>
            {busy ? 'Sending…' : 'Email me a sign-in link'}
          </Button>
          <DoneText message={sent} />
          <ErrorText message={error} />
        </form>
      </Card>
      <p className="mt-4 text-sm text-fg-muted">
        First time, or no email set up? On the server, run{' '}
        <code className="rounded bg-subtle px-1 py-0.5 text-fg">npm run owner -- link you@example.com</code> and open
        the link it prints.
      </p>
    </div>
  )
}
