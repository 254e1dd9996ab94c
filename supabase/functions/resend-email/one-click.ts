import type { Transport } from '../../../src/mail-core/transport.ts'

/**
 * Points the List-Unsubscribe header (RFC 8058 one-click: the mail client POSTs to it) at this
 * function on the project's URL. The welcome builder points it at SITE_URL/unsubscribe like the
 * link in the email's body, which on Supabase is a static page that cannot take a POST. The body's
 * link is left alone: a person lands on the page, which asks before anything is removed.
 */
export function withOneClickUnsubscribe(transport: Transport, projectUrl: string): Transport {
  const endpoint = `${projectUrl.replace(/\/+$/, '')}/functions/v1/resend-email/unsubscribe`
  return {
    name: transport.name,
    close: () => transport.close(),
    send(email) {
      const token = /[?&]token=([^&>]+)/.exec(email.headers['List-Unsubscribe'] ?? '')?.[1]
      if (!token) return transport.send(email)
      return transport.send({
        ...email,
        headers: { ...email.headers, 'List-Unsubscribe': `<${endpoint}?token=${token}>` },
      })
    },
  }
}
