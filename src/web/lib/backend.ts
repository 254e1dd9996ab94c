import './zod-jitless.ts'
import { FunctionsClient } from '@supabase/functions-js'
import { PostgrestClient } from '@supabase/postgrest-js'
import { BetaSignup } from '../../shared/beta-signup.ts'
import { attribute, deviceOf, type SignupSource } from '../../shared/launch-analytics.ts'
import { ContactMessage } from '../../shared/contact-message.ts'
import { isLocale, type Locale } from '../../shared/locales.ts'
import { SIGNUP_PROOF_HEADER } from '../../shared/signup-challenge.ts'
import { readBackendEnv } from './env.ts'

// Loaded with import() on the first submit, so the page's first load carries neither the
// clients nor the schemas. The two Supabase parts speak the same wire protocol as supabase-js.

type Clients = { rest: PostgrestClient; functions: FunctionsClient }
let clients: Clients | undefined

function getClients(): Clients {
  if (!clients) {
    const { url, anonKey } = readBackendEnv()
    const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}` }
    // PostgrestClient would keep the fetch it sees at construction; look it up per request instead.
    const lateFetch: typeof fetch = (input, init) => fetch(input, init)
    clients = {
      rest: new PostgrestClient(`${url}/rest/v1`, { headers, fetch: lateFetch }),
      functions: new FunctionsClient(`${url}/functions/v1`, { headers }),
    }
  }
  return clients
}

/** Form input: the honeypot is passed only when something typed into it. */
/** `platform`: the phone still in beta when the other's store is live (the form's, never the visitor's). */
export type BetaSignupInput = { email: string; website?: string; platform?: 'ios' | 'android' }
/**
 * The proof of work for the resend-email call (lib/signup-proof.ts): a header value, or
 * null when the backend asks for none. Rejects when the solver failed.
 */
export type ProofSource = () => Promise<string | null>
export type JoinBetaResult =
  | { ok: true; email: string }
  | { ok: false; reason: 'invalid'; message: string }
  | { ok: false; reason: 'insert' | 'email' }

/** Step one stores the address; step two, only after it, asks the server to send the welcome email. */
export async function joinBeta(input: BetaSignupInput, proof?: ProofSource): Promise<JoinBetaResult> {
  const fields = {
    email: input.email,
    ...(input.website ? { website: input.website } : {}),
    ...(input.platform ? { platform: input.platform } : {}),
    ...pageSource(),
    ...pageLocale(),
  }
  const parsed = BetaSignup.safeParse(fields)
  if (!parsed.success) return { ok: false, reason: 'invalid', message: firstIssue(parsed.error) }
  const { rest, functions } = getClients()
  try {
    const { error, status } = await rest.from('beta_signups').insert(parsed.data)
    // A repeat sign-up is a unique violation; for the visitor it is the same success.
    const repeat = error?.code === '23505' || status === 409
    if (error && !repeat) return { ok: false, reason: 'insert' }
    let solved: string | null = null
    try {
      solved = proof ? await proof() : null
    } catch {
      // The solver failed: step two cannot be asked for, and the specification's alert for it shows.
      return { ok: false, reason: 'email' }
    }
    const invoked = await functions.invoke('resend-email', {
      body: { email: parsed.data.email },
      ...(solved ? { headers: { [SIGNUP_PROOF_HEADER]: solved } } : {}),
    })
    if (invoked.error) return { ok: false, reason: 'email' }
    return { ok: true, email: parsed.data.email }
  } catch {
    return { ok: false, reason: 'insert' }
  }
}

/**
 * Where this visitor came from, as the page reads it (its address's utm_source, source
 * or ref, else document.referrer), sent with the sign-up. On Supabase no server sees the page, so
 * this is the only reading; the Node server prefers the visit it counted. Nothing when the browser
 * sends Global Privacy Control. No cookie and no storage: read once, at the sign-up.
 */
function pageSource(): SignupSource {
  if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl) return {}
  const { source, medium, campaign } = attribute(
    new URLSearchParams(location.search),
    document.referrer,
    location.hostname,
  )
  const { device, os } = deviceOf(navigator.userAgent)
  return {
    source,
    ...(medium ? { source_medium: medium } : {}),
    ...(campaign ? { source_campaign: campaign } : {}),
    source_device: device,
    source_os: os,
  }
}

/**
 * The page's language, from its `<html lang>`: one bundle serves every language's page, so the
 * document says which one this is. Nothing when the tag is not one of the site's.
 */
function pageLocale(): { locale?: Locale } {
  const lang = document.documentElement.lang
  return isLocale(lang) ? { locale: lang } : {}
}

export type ContactInput = { name: string; email: string; subject: string; message: string; website?: string }
/** `message` is the server's own error message, or null when there is none to show. */
export type ContactResult = { ok: true } | { ok: false; message: string | null }

export async function sendContactMessage(input: ContactInput): Promise<ContactResult> {
  const { website, ...fields } = input
  const parsed = ContactMessage.safeParse(website ? input : fields)
  if (!parsed.success) return { ok: false, message: firstIssue(parsed.error) }
  try {
    const { error, status } = await getClients().rest.from('contact_messages').insert(parsed.data)
    if (!error) return { ok: true }
    // Status 0 means no server answered (network failure): its text is not a server message.
    return { ok: false, message: status > 0 && error.message ? error.message : null }
  } catch {
    return { ok: false, message: null }
  }
}

function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Please check the form.'
}
