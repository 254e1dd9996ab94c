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

/**
 * Whether a server sees the page's forms: the self-hosted server (no Supabase project named at
 * build) takes them posted without JavaScript (its features/page-forms). A static host in front
 * of Supabase cannot: there the forms need their script, and say so in a <noscript>. Fixed at
 * build, so the prerendered markup and the browser's agree.
 */
export const FORMS_POST_TO_SERVER = !import.meta.env.VITE_SUPABASE_URL?.trim()
