import { z } from 'zod'
import { defineKind } from './define-kind.ts'
import { envelope } from './envelope.ts'

/** An emailed one-time sign-in link (key: the link's nonce); never sent once it has expired. */
export const ownerSignIn = defineKind({
  kind: 'owner-sign-in',
  priority: 0,
  payload: z.object({ url: z.string(), expiresAt: z.number() }),
  dedupeKey: (nonce: string) => nonce,
  example: {
    key: 'nonce-1',
    payload: { url: 'https://example.com/admin/sign-in?token=example', expiresAt: Date.UTC(2100, 0, 1) },
  },
  async build(email, { url, expiresAt }, settings) {
    if (!(expiresAt > Date.now())) return { cancel: 'sign-in link expired' }
    const { renderOwnerSignInEmail } = await import('./owner-sign-in.tsx')
    const minutes = Math.max(1, Math.round((expiresAt - Date.now()) / 60_000))
    const rendered = await renderOwnerSignInEmail({ url, minutes })
    return envelope(email, settings, rendered)
  },
})
