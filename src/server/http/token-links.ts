import type { MiddlewareHandler } from 'hono'

// Marks a mail client may take into a link that ends a sentence, as typed or percent-encoded
// (. , ; : ! ? ) > ' "). `/beta/feedback?token=UUID.` once answered "link not valid".
const TRAILING = /(?:[.,;:!?)>'"]|%(?:2[1279CcEe]|3[ABEFabef]))+$/

/**
 * Token pages (feedback, Play answers, phone choice, store links, unsubscribe, confirmation,
 * sign-in) ignore trailing punctuation: a GET whose query ends with such marks is redirected
 * (308) to the same address without them, so the page, its form and the address bar all carry
 * the clean token. Nothing else changes: a token is never punctuation.
 */
export function forgiveTrailingPunctuation(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const url = new URL(c.req.url)
    if (!url.search.includes('token=') || !TRAILING.test(url.search)) return next()
    return c.redirect(`${url.pathname}${url.search.replace(TRAILING, '')}`, 308)
  }
}
