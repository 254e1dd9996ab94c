import { LOCAL_ANON_KEY } from '../../shared/self-hosted.ts'

type BackendEnv = { url: string; anonKey: string }

/**
 * Where the page's backend lives. Read when a form is submitted, never at import, so the
 * prerender (which has no window) never touches it.
 */
export function readBackendEnv(env: ImportMetaEnv = import.meta.env): BackendEnv {
  const url = (env.VITE_SUPABASE_URL?.trim() || window.location.origin).replace(/\/+$/, '')
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim() || LOCAL_ANON_KEY
  return { url, anonKey }
}
