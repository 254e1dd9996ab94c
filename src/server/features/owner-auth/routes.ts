import { Hono, type Context } from 'hono'
import type { ReactElement } from 'react'
import { z } from 'zod'
import { normaliseEmail } from '../../../shared/email-address.ts'
import { apiError } from '../../../shared/http/errors.ts'
import { clientIp, rateLimitKey } from '../../http/client-ip.ts'
import { takeAttempt } from './attempts.ts'
import { audit } from '../../owner/audit.ts'
import { setSessionCookie } from './cookie.ts'
import type { OwnerDeps } from '../../owner/deps.ts'
import { verifyLinkToken } from './link-token.ts'
import { sendSignInLinkLater } from './sign-in-email.ts'
import { authenticationOptions, verifyPasskeySignIn } from './passkeys.ts'
import { createSession, pruneSessions } from './sessions.ts'
import { linkSpent, spendLink } from './used-links.ts'
import { badLinkPage, confirmSignInPage, tooManyAttemptsPage } from './pages.tsx'
import { sendPage } from '../../http/server-page.tsx'
import { paths } from '../../../shared/paths.ts'
import { readPageForm } from '../../http/page-form.ts'
import { endpointAnswer, endpointInput } from '../../http/console-endpoint.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'

/** A path under /admin, where these routes are mounted. */
const underAdmin = (path: string) => path.slice(paths.console.prefix.length)

/** The sign-in link page's form: the link's token, posted by its button. */
const LinkForm = z.object({ token: z.string() })

/** Same words whether or not the address is an owner's: the answer must not tell. */
export const EMAIL_LINK_ANSWER =
  'If this address belongs to an owner, a sign-in link is on its way. It works once, for 15 minutes.'

/** Signing in without a session: the one-time link's page and its POST, and asking for an emailed link. */
export function adminAuthRoutes(deps: OwnerDeps): Hono {
  const { db, config } = deps
  const app = new Hono()
  const attempt = (c: Context) =>
    takeAttempt(db, rateLimitKey(clientIp(c, config.TRUST_PROXY)), config.OWNER_SIGN_IN_ATTEMPTS)
  const isOwner = (email: string) => config.OWNER_EMAILS.includes(normaliseEmail(email))

  // Opening the link: a page with a button. Nothing is spent here, so a scanner's GET is harmless.
  app.get(underAdmin(paths.ownerSignIn.pattern), async (c, next) => {
    const token = c.req.query('token')
    if (token === undefined) return next()
    const claims = verifyLinkToken(await deps.secret(), token)
    if (!claims || !isOwner(claims.email)) return page(c, badLinkPage(), 400)
    // A spent link's page offers no button that could only fail.
    if (await linkSpent(db, claims)) return page(c, badLinkPage(), 400)
    return page(c, confirmSignInPage(token, claims.email), 200)
  })

  app.post(underAdmin(paths.ownerSignIn.spend), async (c) => {
    noStore(c)
    if (!(await attempt(c))) return page(c, tooManyAttemptsPage(), 429)
    const { token = '' } = (await readPageForm(c, LinkForm)).values
    const claims = verifyLinkToken(await deps.secret(), token)
    if (!claims || !isOwner(claims.email)) return page(c, badLinkPage(), 400)
    const email = normaliseEmail(claims.email)
    const fresh = await db.transaction(async (tx) => {
      if (!(await spendLink(tx, claims))) return false
      await audit(tx, email, 'sign-in', { method: 'link' })
      return true
    })
    if (!fresh) return page(c, badLinkPage(), 400)
    await openSession(c, deps, email, 'link')
    return c.redirect(paths.console.href(), 303)
  })

  app.post(routePath(endpoints.emailSignInLink), async (c) => {
    if (!(await attempt(c)))
      throw apiError(429, 'RATE_LIMITED', 'Too many sign-in attempts. Try again in a few minutes.')
    const email = normaliseEmail((await endpointInput(c, 'emailSignInLink')).email)
    // Both kinds of address cost the same, and the work waits for the answer.
    sendSignInLinkLater(deps, email, isOwner(email), c)
    return endpointAnswer(c, 'emailSignInLink', { message: EMAIL_LINK_ANSWER }, 202)
  })

  // Passkey sign-in: options (a challenge kept in the database), then the signed answer.
  app.post(routePath(endpoints.passkeySignInOptions), async (c) =>
    endpointAnswer(c, 'passkeySignInOptions', await authenticationOptions(db, c.req.header('origin')!)),
  )
  app.post(routePath(endpoints.passkeySignIn), async (c) => {
    if (!(await attempt(c)))
      throw apiError(429, 'RATE_LIMITED', 'Too many sign-in attempts. Try again in a few minutes.')
    const answer = await endpointInput(c, 'passkeySignIn')
    const email = await verifyPasskeySignIn(db, c.req.header('origin')!, config.OWNER_EMAILS, answer)
    if (!email) throw apiError(401, 'PASSKEY_REFUSED', 'This passkey cannot sign in here.')
    await audit(db, email, 'sign-in', { method: 'passkey' })
    await openSession(c, deps, email, 'passkey')
    return endpointAnswer(c, 'passkeySignIn', { email })
  })

  return app
}

/** A new session (new id and token, whatever cookie came in) and its cookie. */
async function openSession(c: Context, deps: OwnerDeps, email: string, method: 'link' | 'passkey') {
  // Sign-ins are rare: the moment to forget dead sessions and spent links, with no timer.
  await pruneSessions(deps.db)
  const token = await createSession(deps.db, { email, method, userAgent: c.req.header('user-agent') }, deps.config)
  setSessionCookie(c, deps.config, token, deps.config.OWNER_SESSION_ABSOLUTE_HOURS * 3600)
}

// The token is in the address: never pass it on, never keep it.
// same-origin, not no-referrer: with no-referrer the button's POST would carry Origin: null.
const page = (c: Context, body: ReactElement, status: 200 | 400 | 429) =>
  sendPage(c, body, status, { referrerPolicy: 'same-origin' })

/** The link's POST ends in a redirect: the same two headers as its pages. */
function noStore(c: Context) {
  c.header('Referrer-Policy', 'same-origin')
  c.header('Cache-Control', 'no-store')
}
