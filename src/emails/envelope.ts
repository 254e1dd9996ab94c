import type { ClaimedEmail, EmailBuild, KindSettings } from './define-kind.ts'
import { paths } from '../shared/paths.ts'

type Rendered = { subject: string; html: string; text: string }

/**
 * The logo every email shows: the build's 192 px icon (made from content/brand/), since mail
 * clients show neither inline SVG nor data: images. The frame writes this path; envelope() puts
 * the server's own address (PUBLIC_URL; SITE_URL on Supabase, the host of the built page) in
 * front, so the logo loads wherever the page is served, not only once `product.url` is live.
 */
export const LOGO_PATH = '/icon-192.png'

/** The frame's logo path as an absolute URL on the site that serves the built page. */
function withLogoFrom(html: string, publicUrl: string): string {
  // The frame's own attribute: React escapes the quotes of any text an email carries, so a
  // message cannot contain this string.
  return html.replaceAll(`src="${LOGO_PATH}"`, `src="${publicUrl}${LOGO_PATH}"`)
}

/** A rendered email addressed as its queue row says: the row's id (the idempotency key), our sender, its recipient. */
export function envelope(
  email: ClaimedEmail,
  settings: KindSettings,
  rendered: Rendered,
  headers: Record<string, string> = {},
): EmailBuild {
  const { subject, text } = rendered
  const html = withLogoFrom(rendered.html, settings.PUBLIC_URL)
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
