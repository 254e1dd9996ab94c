import { z } from 'zod'
import { defineKind } from './define-kind.ts'
import { envelope, oneClickUnsubscribe, unsubscribeUrl } from './envelope.ts'
import { paths } from '../shared/paths.ts'
import { localeOr } from '../shared/locales.ts'

/**
 * The welcome email of a beta sign-up, at most one per mailbox ever (key: the canonical mailbox,
 * as app_private.canonical_email gives it); cancelled once the address has left the list. Also
 * queued in SQL, by app_private.enqueue_welcome_email, with the same key.
 */
export const welcome = defineKind({
  kind: 'welcome',
  priority: 1,
  payload: z.null(),
  dedupeKey: (mailbox: string) => mailbox,
  example: { key: 'tester@example.com', payload: null },
  async build(email, _payload, settings) {
    if (email.unsubscribeToken === null) return { cancel: 'address no longer on the beta list' }
    const leave = unsubscribeUrl(settings, email.unsubscribeToken)
    // Loaded on first use: React Email and its dependencies cost start-up time and resident
    // memory that an idle server should not pay.
    const { renderWelcomeEmail } = await import('./welcome.tsx')
    const phone = (platform: 'ios' | 'android') =>
      `${settings.PUBLIC_URL}${paths.phoneChoice.href(platform, email.signup?.platformToken ?? '')}`
    const rendered = await renderWelcomeEmail({
      // The language of the page they signed up on (docs/decisions/languages.md).
      locale: localeOr(email.signup?.locale),
      unsubscribeUrl: leave,
      siteUrl: `${settings.PUBLIC_URL}/`,
      // Which phone, recorded by a button on /beta/phone (mail scanners fetch links); not asked
      // again when the page already said (a half-live page's sign-up is for the other store's beta).
      ...(email.signup?.platform === 'unknown' && settings.BETA_PAGES !== false
        ? { phoneUrls: { ios: phone('ios'), android: phone('android') } }
        : {}),
    })
    return envelope(email, settings, rendered, oneClickUnsubscribe(leave))
  },
})
