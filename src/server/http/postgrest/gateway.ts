import { cors } from 'hono/cors'
import { CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS, CORS_MAX_AGE_SECONDS } from '../../../shared/http/cors.ts'

// What Supabase's API gateway allows (the list the edge function answers with too), so
// supabase-js and the page's clients work cross-origin.
export const supabaseCors = cors({
  origin: '*',
  allowMethods: CORS_ALLOW_METHODS,
  allowHeaders: CORS_ALLOW_HEADERS,
  exposeHeaders: ['Content-Range', 'Preference-Applied'],
  maxAge: CORS_MAX_AGE_SECONDS,
})
