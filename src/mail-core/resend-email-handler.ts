import { ResendEmailRequest } from '../shared/beta-signup.ts'
import { CORS_HEADERS } from '../shared/http/cors.ts'
import type { MailDb } from './db.ts'
import {
  ApiError,
  apiError,
  databaseUnavailable,
  INTERNAL_ERROR,
  isDatabaseUnavailable,
  OUTAGE_RETRY_AFTER_S,
} from '../shared/http/errors.ts'
import { readJsonRequest } from '../shared/http/json-body.ts'
import { emailHash } from './log-redact.ts'
import type { MailLogger } from './logger.ts'
import { hasServiceKey } from './service-key.ts'
import {
  enqueueSignupEmail,
  enqueueSignupEmailIn,
  unsubscribe,
  withholdWelcome,
  type SignupEmailKind,
} from './signup-emails.ts'
import {
  createSignupChallenge,
  spendSignupProof,
  takeUnverifiedEmail,
  type SignupChallengeSettings,
} from './signup-proof.ts'
import { SIGNUP_PROOF_HEADER } from '../shared/signup-challenge.ts'
import type { ResendWebhookSettings } from './resend-webhook.ts'
import { handleResendWebhook } from './resend-webhook.ts'
import { isTokenShaped } from './tokens.ts'
import { validate } from '../shared/http/validation.ts'

/** The same answer whether or not the address is on the list: the function must not tell who signed up. */
const RESEND_EMAIL_ANSWER = { queued: true } as const

/** Unknown and already used tokens get this one answer: it tells nobody whether an address was on the list. */
const UNKNOWN_TOKEN_HINT = 'The address may have left the beta already; nothing else is needed.'
const RETRY_HINT = 'Send it as Authorization: Bearer <SUPABASE_SERVICE_ROLE_KEY>; see docs/deploy-supabase.md.'

type ResendEmailDeps = {
  db: MailDb
  logger: MailLogger
  /** Double opt-in (the Node server's SIGNUP_CONFIRMATION): the first email asks to confirm. */
  signupConfirmation?: boolean
  /**
   * Sends what is queued and due: the Node server wakes its worker; the edge function runs one
   * pass of the queue itself (after the answer, where the runtime allows: sendInBackground).
   */
  sendQueued: () => Promise<void>
  /**
   * The retry entry point, which pg_cron calls on Supabase with the service-role key. The Node
   * server has none: its worker polls.
   */
  retry?: { serviceRoleKey: string }
  /**
   * The JSON unsubscribe entry point, where List-Unsubscribe points on Supabase (whose static
   * host cannot take the POST). The Node server has its own pages at /unsubscribe.
   */
  unsubscribe?: boolean
  /**
   * The proof of work: `GET /resend-email/challenge` hands out challenges, and a call
   * without a valid proof is queued only within the shared hourly budget. Unset: today's behaviour.
   */
  challenge?: SignupChallengeSettings
  /**
   * Resend's signed webhook at `POST /resend-email/webhook` (the edge function; the Node server
   * mounts the same handler at /webhooks/resend).
   */
  webhook?: ResendWebhookSettings
}

/**
 * The function's own path of a request (`/resend-email`, `/resend-email/challenge`…): Supabase's
 * `/functions/v1` prefix and trailing slashes dropped. The one normalisation: the Node server's
 * rate limits read the same (a trailing slash once skipped the email limit).
 */
export function functionPath(url: URL): string {
  return url.pathname.replace(/^\/functions\/v1(?=\/)/, '').replace(/\/+$/, '')
}

/** How often the over-budget case is logged at most: one line per interval, with the count. */
const OVER_BUDGET_LOG_INTERVAL_MS = 60_000

/** Thrown inside the budget's transaction to undo the queued email when the hour's budget is spent. */
class OverBudget extends Error {}

/** What a sign-up's email step needs: `ResendEmailDeps` without the function's other routes. */
export type SignupEmailDeps = Pick<ResendEmailDeps, 'db' | 'logger' | 'signupConfirmation' | 'sendQueued' | 'challenge'>

/**
 * Step two of a sign-up, wherever it is asked for: the resend-email call, and the Node server's
 * form post without JavaScript (features/page-forms), which has no proof and is held to the same
 * rules as a call without one. Queues the sign-up's email and has it sent; returns the kind
 * queued, or null (nothing new to send, not on the list, or withheld by the unverified budget).
 */
export function signupEmailStep(
  deps: SignupEmailDeps,
): (email: string, proof: string | null) => Promise<SignupEmailKind | null> {
  const { db, logger } = deps
  // A flood over the budget once wrote one warning per call (about 8 GB of log a day): one line
  // per interval, saying how many calls it stands for.
  let overBudgetLoggedAt = -Infinity
  let overBudgetUnlogged = 0
  const logOverBudget = (email: string) => {
    overBudgetUnlogged += 1
    const now = Date.now()
    if (now - overBudgetLoggedAt < OVER_BUDGET_LOG_INTERVAL_MS) return
    logger.warn(
      { event: 'email.unverified_over_budget', to: emailHash(email), calls: overBudgetUnlogged },
      "no valid proof of work and the hour's budget is spent: no email queued",
    )
    overBudgetLoggedAt = now
    overBudgetUnlogged = 0
  }

  /**
   * A call with a valid proof queues as before. One without (a script, an old page, a forged,
   * expired or reused proof, a form posted without JavaScript) gets the same answer, and its email
   * is queued only while the hour's shared budget lasts: the budget is taken in the transaction
   * that queues, so only a real email spends it, and one over budget is undone.
   */
  async function queueFor(email: string, proof: string | null): Promise<SignupEmailKind | null> {
    const confirmation = deps.signupConfirmation ?? false
    const challenge = deps.challenge
    if (!challenge || challenge.mode === 'off') return enqueueSignupEmail(db, email, confirmation)
    const proven = await spendSignupProof(db, await challenge.secret(), proof)
    if (proven) return enqueueSignupEmail(db, email, confirmation)
    try {
      return await db.transaction(async (tx) => {
        const kind = await enqueueSignupEmailIn(tx, email, confirmation)
        if (kind && !(await takeUnverifiedEmail(tx, challenge.unverifiedEmailsPerHour))) throw new OverBudget()
        return kind
      })
    } catch (err) {
      if (!(err instanceof OverBudget)) throw err
      await withholdWelcome(db, email)
      logOverBudget(email)
      return null
    }
  }

  return async (email, proof) => {
    const kind = await queueFor(email, proof)
    if (kind) {
      logger.info({ event: 'email.queued', kind, to: emailHash(email) }, `${kind} email queued`)
      await deps.sendQueued()
    }
    return kind
  }
}

/**
 * The resend-email function's routes, for the Node server and the edge function alike:
 * - `POST /resend-email` queues the sign-up email of a listed address and has it sent;
 * - `POST /resend-email/retry` sends the emails whose retry is due (pg_cron, every minute);
 * - `POST /resend-email/unsubscribe?token=…` takes an address off the list for good
 *   (app_private.unsubscribe: the sign-up, its queued email, and a suppression of its mailbox);
 * - `GET /resend-email/challenge` hands out a proof-of-work challenge;
 * - `POST /resend-email/webhook` takes Resend's signed bounce and complaint events.
 * Paths may carry Supabase's `/functions/v1` prefix (the Node server, and local runs behind a
 * proxy). Expected failures are thrown as ApiError; the Node server's onError answers them, as
 * createResendEmailHandler does for the edge function. `emailStep` is the Node server's one step
 * two, shared with its form route; absent, the routes make their own.
 */
export function resendEmailRoutes(
  deps: ResendEmailDeps & { emailStep?: ReturnType<typeof signupEmailStep> },
): (req: Request) => Promise<Response> {
  const { db, logger } = deps
  const emailStep = deps.emailStep ?? signupEmailStep(deps)
  const post = (req: Request) => {
    if (req.method !== 'POST')
      throw apiError(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed; use POST.`)
  }

  return async (req) => {
    const url = new URL(req.url)
    const path = functionPath(url)
    if (path === '/resend-email') {
      post(req)
      const { email } = validate(ResendEmailRequest, await readJsonRequest(req))
      await emailStep(email, req.headers.get(SIGNUP_PROOF_HEADER))
      return Response.json(RESEND_EMAIL_ANSWER, { status: 200 })
    }
    if (path === '/resend-email/challenge' && deps.challenge?.mode === 'pow') {
      if (req.method !== 'GET')
        throw apiError(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed; use GET.`)
      const challenge = await createSignupChallenge(await deps.challenge.secret())
      return Response.json(challenge, { status: 200, headers: { 'Cache-Control': 'no-store' } })
    }
    if (path === '/resend-email/webhook' && deps.webhook) {
      post(req)
      return handleResendWebhook(req, { db, logger, settings: deps.webhook })
    }
    if (path === '/resend-email/retry' && deps.retry) {
      // Calling it sends nothing more and nothing sooner (the queue's backoff and leases), but each
      // call claims on the database and is a billed invocation, so only pg_cron may, with the
      // service-role key. Checked before anything else touches the database.
      if (!(await hasServiceKey(req, deps.retry.serviceRoleKey)))
        throw apiError(
          401,
          'UNAUTHORIZED',
          "The retry entry point needs the project's service-role key.",
          null,
          RETRY_HINT,
        )
      post(req)
      await deps.sendQueued()
      return new Response(null, { status: 202 })
    }
    if (path === '/resend-email/unsubscribe' && deps.unsubscribe) {
      // A GET never removes anyone: mail scanners fetch links. The page's button and RFC 8058's
      // one-click request (List-Unsubscribe-Post) both POST.
      post(req)
      const token = url.searchParams.get('token') ?? ''
      const removed = isTokenShaped(token) && (await unsubscribe(db, token))
      if (!removed) throw apiError(404, 'UNKNOWN_TOKEN', 'This link is not valid (any more).', null, UNKNOWN_TOKEN_HINT)
      logger.info({ event: 'beta.unsubscribed' }, 'an address left the beta')
      return Response.json({ unsubscribed: true }, { status: 200 })
    }
    // Supabase's edge runtime answers an unknown function with this body.
    throw apiError(404, 'NOT_FOUND', 'Requested function was not found')
  }
}

/**
 * The edge function's whole answer: the routes above, the CORS preflight and headers (what
 * Supabase's gateway and the Node server allow), and errors in PostgREST's shape.
 */
export function createResendEmailHandler(deps: ResendEmailDeps): (req: Request) => Promise<Response> {
  const routes = resendEmailRoutes(deps)
  const withCors = (res: Response) => {
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.headers.set(name, value)
    return res
  }
  return async (req) => {
    if (req.method === 'OPTIONS') return withCors(new Response(null, { status: 204 }))
    try {
      return withCors(await routes(req))
    } catch (err) {
      if (err instanceof ApiError) return withCors(Response.json(err.body, { status: err.status }))
      // A database outage is the Node server's 503 too (app.ts): the page retries, nothing is lost.
      if (isDatabaseUnavailable(err)) {
        const { body, status } = databaseUnavailable()
        deps.logger.warn({ event: 'db.unavailable', method: req.method }, 'database unavailable: answered 503')
        const res = Response.json(body, { status })
        res.headers.set('Retry-After', String(OUTAGE_RETRY_AFTER_S))
        return withCors(res)
      }
      deps.logger.error({ err, method: req.method }, 'request failed')
      return withCors(Response.json(INTERNAL_ERROR, { status: 500 }))
    }
  }
}

/**
 * A queue pass for the edge function: after the answer where the runtime offers waitUntil
 * (Supabase's EdgeRuntime), as the Node server's worker sends after its answer; before it
 * otherwise (deno run). A failed pass is logged; the rows stay due for the next.
 */
export function sendInBackground(
  queue: { runOnce(): Promise<number> },
  logger: MailLogger,
  waitUntil?: (work: Promise<unknown>) => void,
): () => Promise<void> {
  return () => {
    const run = queue.runOnce().then(
      () => {},
      (err: unknown) => logger.error({ err }, 'email queue pass failed'),
    )
    if (!waitUntil) return run
    waitUntil(run)
    return Promise.resolve()
  }
}
