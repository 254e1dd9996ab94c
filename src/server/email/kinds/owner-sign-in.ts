import type { ClaimedEmail } from '../../db/email-queue.ts'
import type { EmailBuild, EmailKindConfig } from '../email-build.ts'
import { envelope } from './envelope.ts'

/** An emailed one-time sign-in link; never sent once it has expired (payload: {url, expiresAt}). */
export async function buildOwnerSignInEmail(email: ClaimedEmail, config: EmailKindConfig): Promise<EmailBuild> {
  const url = email.payload?.url
  const expiresAt = Number(email.payload?.expiresAt)
  if (typeof url !== 'string' || !(expiresAt > Date.now())) return { cancel: 'sign-in link expired' }
  const { renderOwnerSignInEmail } = await import('../../../emails/owner-sign-in.tsx')
  const minutes = Math.max(1, Math.round((expiresAt - Date.now()) / 60_000))
  const rendered = await renderOwnerSignInEmail({ url, minutes })
  return envelope(email, config, rendered)
}
