/**
 * The name of the bot-trap form field (see honeypot.ts). Kept free of zod so the page can
 * render the field without loading the schema library.
 */
export const HONEYPOT_FIELD = 'website'
