import type { ClaimedEmail, EmailBuild, KindSettings } from './define-kind.ts'
import { paths } from '../shared/paths.ts'

type Rendered = { subject: string; html: string; text: string }

/** A rendered email addressed as its queue row says: the row's id (the idempotency key), our sender, its recipient. */
export function envelope(
  email: ClaimedEmail,
  settings: KindSettings,
  rendered: Rendered,
  headers: Record<string, string> = {},
): EmailBuild {
  const { subject, html, text } = rendered
  return { email: { id: email.id, from: settings.EMAIL_FROM, to: email.toEmail, subject, html, text, headers } }
}

/** The link that takes an address off the beta list (the page's button POSTs). */
export function unsubscribeUrl(settings: KindSettings, token: string): string {
  return `${settings.PUBLIC_URL}${paths.unsubscribe.href(token)}`
}

/** RFC 8058 one-click unsubscribe: mail clients POST to the URL with List-Unsubscribe=One-Click. */
export function oneClickUnsubscribe(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

/** The person's own feedback page; undefined where PUBLIC_URL has no /beta pages (Supabase). */
export function feedbackUrl(settings: KindSettings, token: string): string | undefined {
  return settings.BETA_PAGES === false ? undefined : `${settings.PUBLIC_URL}${paths.feedback.href(token)}`
}
