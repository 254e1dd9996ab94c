import { useState, type FormEvent } from 'react'
import { Button } from '../../../ui/button.tsx'
import type { ApiScope } from '../../../shared/api-tokens.ts'
import { Card } from '../../components/card.tsx'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { FIELD, LabelledField } from '../../components/selection-fields.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'
import type { Answer } from '../../api.ts'
import { useCall, useSend } from '../../queries.ts'

type ApiToken = Answer<'ApiTokenView'>

// The Integrations view's "API tokens" section: tokens for the owner's own tools (dashboards,
// Zapier, scripts) to call /api/v1. docs/decisions/api-tokens.md

/** Every scope, in the order the console lists them (typed: a new scope fails until it is named here). */
const SCOPES: Record<ApiScope, string> = {
  'stats:read': 'Read the figures and the funnel',
  'signups:read': 'Read the sign-up list',
  'signups:write': 'Add people (as the page does)',
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB') : 'never')

export function ApiTokensCard() {
  const list = useCall('apiTokens')
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<ApiToken | null>(null)
  const tokens = list.data?.tokens ?? []
  const create = useSend('createApiToken', {
    invalidates: ['apiTokens'],
    onSuccess: () => setCreating(false),
  })
  // The new token's secret, shown once until the owner says it is saved.
  const made = create.data ? { name: create.data.token.name, secret: create.data.secret } : null
  const revoke = useSend('revokeApiToken', {
    input: (token: ApiToken) => ({ id: token.id }),
    invalidates: ['apiTokens'],
  })
  const done =
    revoke.variables && revoke.isSuccess ? `Revoked ${revoke.variables.name}. Calls with it now get 401.` : null

  return (
    <Card labelledBy="api-tokens-heading" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="api-tokens-heading" className="font-semibold">
          API tokens
        </h2>
        {creating ? null : <Button onClick={() => setCreating(true)}>Create token</Button>}
      </div>
      <p className="text-sm">
        Your own tools read the figures and the list, or add people, with{' '}
        <code className="[overflow-wrap:anywhere]">Authorization: Bearer lp_…</code> at <code>/api/v1</code> (the
        OpenAPI file is docs/api/openapi.json). Each token has its own rate limit (600 calls a minute unless the server
        sets another).
      </p>
      {made ? <TokenNotice {...made} onDone={() => create.reset()} /> : null}
      {creating ? (
        <TokenForm
          onCancel={() => (setCreating(false), create.reset())}
          onSubmit={(fields) => create.mutate(fields)}
          busy={create.isPending}
          error={create.error?.message ?? null}
        />
      ) : null}
      <ErrorText message={(revoke.error ?? list.error)?.message ?? null} />
      <DoneText message={done} />
      {!list.isPending && tokens.length === 0 && !creating ? (
        <p className="text-sm text-fg-muted">No token yet.</p>
      ) : null}
      {tokens.length > 0 ? (
        <ul className="grid gap-2" aria-label="Tokens">
          {tokens.map((t) => (
            <li
              key={t.id}
              className={`grid gap-1 rounded-xl border border-border p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center ${t.revokedAt ? 'text-fg-muted' : ''}`}
            >
              <div className="grid min-w-0 gap-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold [overflow-wrap:anywhere]">{t.name}</span>
                  <code className="rounded bg-subtle px-1.5">{t.prefix}…</code>
                  {t.revokedAt ? (
                    <span className="rounded-full bg-danger/15 px-2 py-0.5 text-xs font-semibold text-danger">
                      Revoked
                    </span>
                  ) : null}
                </p>
                <p>{t.scopes.join(', ')}</p>
                <p className="text-fg-muted">
                  Created {when(t.createdAt)} by {t.createdBy} · last used {when(t.lastUsedAt)}
                  {t.revokedAt ? ` · revoked ${when(t.revokedAt)}` : ''}
                </p>
              </div>
              {t.revokedAt ? null : (
                <Button variant="secondary" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name}`}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this token?"
        confirmLabel="Revoke"
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking, { onSettled: () => setRevoking(null) })}
      >
        {revoking ? (
          <p>
            Calls with {revoking.name} ({revoking.prefix}…) get 401 from now on. This cannot be undone; create a new
            token if a tool still needs one.
          </p>
        ) : null}
      </ConfirmDialog>
    </Card>
  )
}

function TokenForm({
  onSubmit,
  onCancel,
  busy,
  error,
}: {
  onSubmit: (fields: { name: string; scopes: ApiScope[] }) => void
  onCancel: () => void
  /** The create on its way, and its failure (the card's write). */
  busy: boolean
  error: string | null
}) {
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<Set<ApiScope>>(new Set(['stats:read']))
  function submit(e: FormEvent) {
    e.preventDefault()
    onSubmit({ name, scopes: (Object.keys(SCOPES) as ApiScope[]).filter((s) => scopes.has(s)) })
  }

  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((s) => {
      const next = new Set(s)
      if (on) next.add(scope)
      else next.delete(scope)
      return next
    })

  return (
    <form className="grid gap-3" onSubmit={(e) => void submit(e)}>
      <LabelledField id="token-name" label="Name (what uses it)">
        <input
          id="token-name"
          className={`${FIELD} w-full`}
          required
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Grafana dashboard"
        />
      </LabelledField>
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">Scopes</legend>
        {(Object.keys(SCOPES) as ApiScope[]).map((scope) => (
          <label key={scope} className="flex min-h-8 flex-wrap items-center gap-x-2 text-sm">
            <input type="checkbox" checked={scopes.has(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
            <code>{scope}</code>
            <span className="text-fg-muted">{SCOPES[scope]}</span>
          </label>
        ))}
      </fieldset>
      <ErrorText message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || scopes.size === 0}>
          Create token
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

/** The new token, shown once: the server keeps only its hash. */
function TokenNotice({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null)
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret)
      setCopied('Copied.')
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text is selectable.
      setCopied('Select the token and copy it by hand.')
    }
  }
  return (
    <div role="status" className="grid gap-2 rounded-xl border border-border-strong bg-subtle p-3 text-sm">
      <p className="font-semibold">Copy the token for {name} now: it is shown only once.</p>
      <code data-testid="new-token" className="rounded-lg bg-surface p-2 [overflow-wrap:anywhere] select-all">
        {secret}
      </code>
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void copy()}>Copy token</Button>
        <Button variant="secondary" onClick={onDone}>
          I have copied it
        </Button>
        <DoneText message={copied} />
      </div>
    </div>
  )
}
