/**
 * The name of the bot-trap form field (see honeypot.ts). Kept free of zod so the page can
 * render the field without loading the schema library.
 */
export const HONEYPOT_FIELD = 'website'

/**
 * The class that keeps the field's wrapper off screen (src/web/styles.css). The build always puts
 * its rule in the critical CSS (scripts/first-view.ts), so the trap stays hidden even when the
 * full stylesheet does not arrive.
 */
export const HONEYPOT_CLASS = 'honeypot'
