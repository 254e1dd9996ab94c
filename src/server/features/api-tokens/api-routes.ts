import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import { apiError } from '../../../shared/http/errors.ts'
import {
  NewSignup,
  SignupsQuery,
  StatsQuery,
  type ApiScope,
  type ApiStats,
  type SignupAdded,
} from '../../../shared/api-tokens.ts'
import type { Db } from '../../db/db.ts'
import { readJsonBody } from '../../http/json-body.ts'
import { createRateLimiter, type Limits } from '../../http/rate-limit.ts'
import { authFailureBudget } from './auth-budget.ts'
import { liveToken, signupCounts, signupsAfter, touchToken, type TokenUse } from './queries.ts'
import { looksLikeToken, tokenHash } from './tokens.ts'
import { decodeCursor, encodeCursor } from './cursor.ts'

// /api/v1: the owner's tokens read the figures and the list, and add people the way the page
// does. Every refusal is in PostgREST's error shape. docs/decisions/api-tokens.md

export type ApiDeps = {
  db: Db
  /** Requests a token may make per minute (API_RATE_LIMIT_PER_MINUTE); 0 turns the limit off. */
  perMinute: number
  /** Failed authentications per client address (RATE_LIMIT_BAD_TOKEN_*), before the lookup. */
  failedAuth: Limits
  /** The client address the budgets count by (an IPv4 address or an IPv6 /64). */
  addressOf: (c: Context) => string
  /** launch-analytics' funnel per source over the last `days` (app.ts hands it over). */
  funnel: (days: number) => Promise<ApiStats['funnel']>
  /** play-testing's card: testers in now and the day to apply on (app.ts hands it over). */
  play: () => Promise<ApiStats['play']>
  /**
   * The page's insert of a sign-up (rest's rule: columns, validation, suppression and the
   * database's checks); throws its ApiError; returns the row as validated.
   */
  addSignup: (c: Context, row: Record<string, unknown>) => Promise<Record<string, unknown>>
  /** The page's step two: the welcome email, or the request to confirm under double opt-in. */
  emailStep: (email: string) => Promise<SignupAdded['email_queued']>
}

type ApiEnv = { Variables: { apiToken: TokenUse } }

/** At most one last-used write per token and minute: a read-heavy client costs no write per request. */
const TOUCH_INTERVAL_MS = 60_000

const BEARER = /^Bearer +([^\s]+) *$/i

function unauthorized(c: Context, message: string, code: string, invalid: boolean) {
  c.header('WWW-Authenticate', invalid ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"')
  return apiError(
    401,
    code,
    message,
    null,
    'Send an API token from the console (Integrations, API tokens) as "Authorization: Bearer lp_…".',
  )
}

export function apiRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const { db } = deps
  const limiter = createRateLimiter({ perMinute: deps.perMinute, perHour: 0 })
  const failures = authFailureBudget(deps.failedAuth)
  const app = new Hono<ApiEnv>()

  // Who is asking: a live token, within its budget. Unknown and revoked tokens look the same.
  const authenticate: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const header = c.req.header('authorization')
    if (!header) throw unauthorized(c, 'This API needs a token.', 'PGRST302', false)
    const token = BEARER.exec(header)?.[1] ?? ''
    const invalid = () => unauthorized(c, 'The token is not valid (unknown or revoked).', 'PGRST301', true)
    if (!looksLikeToken(token)) throw invalid()
    const hash = tokenHash(token)
    const [address, key] = [deps.addressOf(c), hash.toString('base64')]
    failures.admit(c, address, key)
    const found = await liveToken(db, hash)
    if (!found) {
      failures.failed(address, key)
      throw invalid()
    }
    failures.passed(key)
    const taken = limiter.take(String(found.id))
    if (!taken.ok) {
      const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000))
      c.header('Retry-After', String(seconds))
      throw apiError(
        429,
        'RATE_LIMITED',
        `Too many requests. Please try again in ${seconds} seconds.`,
        `At most ${deps.perMinute} requests per minute per token.`,
        `Retry after ${seconds} seconds.`,
      )
    }
    if (found.lastUsedAt === null || Date.now() - found.lastUsedAt >= TOUCH_INTERVAL_MS) await touchToken(db, found.id)
    c.set('apiToken', found)
    await next()
  }

  const need =
    (scope: ApiScope): MiddlewareHandler<ApiEnv> =>
    async (c, next) => {
      if (!c.get('apiToken').scopes.includes(scope)) {
        c.header('WWW-Authenticate', `Bearer realm="api", error="insufficient_scope", scope="${scope}"`)
        throw apiError(403, '42501', `This token lacks the scope ${scope}.`, null, 'Create a token with that scope.')
      }
      await next()
    }

  const query = <T>(schema: z.ZodType<T>, c: Context): T => {
    const r = schema.safeParse(c.req.query())
    if (!r.success) throw apiError(400, '22023', r.error.issues[0]?.message ?? 'Bad query')
    return r.data
  }

  app.use('*', authenticate)

  app.get('/stats', need('stats:read'), async (c) => {
    const { days } = query(StatsQuery, c)
    const stats: ApiStats = {
      signups: await signupCounts(db),
      funnel: await deps.funnel(days),
      play: await deps.play(),
    }
    return c.json(stats)
  })

  app.get('/signups', need('signups:read'), async (c) => {
    const { limit, cursor } = query(SignupsQuery, c)
    const after = cursor === undefined ? 0 : decodeCursor(cursor)
    if (after === null) throw apiError(400, '22023', 'The cursor is not one this API gave.')
    const data = await signupsAfter(db, after, limit)
    const last = data.at(-1)
    return c.json({ data, next_cursor: data.length === limit && last ? encodeCursor(last.id) : null })
  })

  app.post('/signups', need('signups:write'), async (c) => {
    const body = await readJsonBody(c)
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw apiError(400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object with an email.')
    // Only the fields NewSignup names; their values are checked by the page's own rule below, so
    // the API refuses exactly what the page refuses, with the same messages.
    const unknown = Object.keys(body).find((k) => !Object.hasOwn(NewSignup.shape, k))
    if (unknown !== undefined)
      throw apiError(
        400,
        'PGRST204',
        `Could not find the '${unknown}' column of 'beta_signups' in the schema cache`,
        null,
        `This call takes ${Object.keys(NewSignup.shape).join(', ')}.`,
      )
    const row = body as Record<string, unknown>
    const stored = await deps.addSignup(c, { ...row, source: row.source ?? 'api' })
    const email = String(stored.email)
    const added: SignupAdded = {
      email,
      source: typeof stored.source === 'string' ? stored.source : null,
      email_queued: await deps.emailStep(email),
    }
    return c.json(added, 201)
  })

  app.all('*', () => {
    throw apiError(404, 'PGRST125', 'Invalid path specified in request URL')
  })
  return app
}
