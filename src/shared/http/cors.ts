// What Supabase's API gateway allows cross-origin, so supabase-js and the page's clients work
// against either deployment: the Node server's CORS middleware (app.ts) and the edge function's
// answers (resend-email-handler.ts) both read this one list.

export const CORS_ALLOW_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
export const CORS_ALLOW_HEADERS = [
  'authorization',
  'x-client-info',
  'apikey',
  'content-type',
  'prefer',
  'x-supabase-api-version',
  'accept-profile',
  'content-profile',
  'x-region',
  // The sign-up's proof of work, on the resend-email call.
  'x-signup-proof',
]
export const CORS_MAX_AGE_SECONDS = 86_400

/** The CORS headers of every answer the function gives, the preflight's included. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': CORS_ALLOW_METHODS.join(','),
  'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS.join(','),
  'Access-Control-Max-Age': String(CORS_MAX_AGE_SECONDS),
}
