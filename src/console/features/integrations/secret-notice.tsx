import { Button } from '../../../ui/button.tsx'

/** The signing secret, shown once after it is made (creation or rotation); the server keeps no way to show it again. */
export function SecretNotice({ secret, rotated, onDone }: { secret: string; rotated: boolean; onDone: () => void }) {
  return (
    <div role="status" className="grid gap-2 rounded-xl border border-border-strong bg-subtle p-3 text-sm">
      <p className="font-semibold">Copy the signing secret now: it is shown only once.</p>
      <code className="rounded-lg bg-surface p-2 [overflow-wrap:anywhere] select-all">{secret}</code>
      <p>
        Verify each request with a Standard Webhooks library (the headers webhook-id, webhook-timestamp and
        webhook-signature).
        {rotated ? ' For the next 24 hours the old secret signs too, so your receiver can switch without a gap.' : ''}
      </p>
      <div>
        <Button variant="secondary" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </div>
  )
}
