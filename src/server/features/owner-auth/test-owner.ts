import type { Db } from '../../db/db.ts'
import { settleAfterAnswer, testApp } from '../../test-app.ts'
import { ownerSecret } from '../../owner/keys.ts'
import { signLinkToken } from './link-token.ts'
import { syncOwnerEmails } from './owners.ts'

export const OWNER = 'owner@example.com'
export const ORIGIN = 'http://localhost'

/** The console's app as tests use it: one owner, sign-in attempts effectively unlimited unless given. */
export async function ownerApp(
  db: Db,
  config: Record<string, unknown> = {},
  options: Pick<
    Parameters<typeof testApp>[1] & {},
    'transport' | 'testflight' | 'outboundResolve' | 'wakeOutbound' | 'dnsTxt'
  > = {},
) {
  await syncOwnerEmails(db, [OWNER])
  return testApp(db, {
    config: { OWNER_EMAILS: [OWNER], OWNER_SIGN_IN_ATTEMPTS: 1_000_000, PUBLIC_URL: ORIGIN, ...config },
    ...options,
  })
}

export async function linkToken(db: Db, email = OWNER, now = Date.now()) {
  return signLinkToken(await ownerSecret(db), email, now)
}

/** Spends a link as the page's button does; returns the answer. */
export function postLink(app: ReturnType<typeof testApp>, token: string, base = ORIGIN, env?: unknown) {
  return app.request(
    `${base}/admin/auth/link`,
    {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    },
    env,
  )
}

/** A signed-in owner's cookie header ("name=value"). */
export async function signIn(app: ReturnType<typeof testApp>, db: Db): Promise<string> {
  const res = await postLink(app, await linkToken(db))
  if (res.status !== 303) throw new Error(`sign-in failed: ${res.status}`)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

export function asOwner(
  cookie: string,
  init: { method?: string; body?: unknown; origin?: string | null } = {},
): RequestInit {
  const headers: Record<string, string> = { cookie }
  if (init.origin !== null) headers.origin = init.origin ?? ORIGIN
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  return {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  }
}

/** Empties every table of the owner's side (truncateAll covers the page's tables). */
export async function truncateOwner(db: Db): Promise<void> {
  await settleAfterAnswer()
  await db.exec(
    `truncate public.beta_signups, public.contact_messages, app_private.email_queue, app_private.owner_sessions,
     app_private.owner_used_links, app_private.owner_attempts, app_private.owner_audit,
     app_private.contact_message_states, app_private.owner_passkeys, app_private.owner_challenges,
     app_private.email_suppressions, app_private.beta_feedback, app_private.group_messages,
     app_private.console_settings, app_private.play_testers, app_private.play_answers,
     app_private.outbound_events, app_private.outbound_endpoints, app_private.api_tokens,
     app_private.owner_notify_counts restart identity cascade`,
  )
}
