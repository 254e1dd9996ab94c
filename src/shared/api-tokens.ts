import { z } from 'zod'
import { LaunchSourceRow } from './launch-analytics.ts'
import { count, id, iso } from './console-common.ts'

// API tokens and the /api/v1 API (issue 41 item 3). docs/decisions/api-tokens.md
// The console's part (create, list, revoke) is in console-api.ts's table; the public API's
// schemas below are what docs/api/openapi.json is generated from (scripts/api-doc.ts), so the
// file and the server cannot drift apart silently (features/api-tokens/api.test.ts).

export const API_SCOPES = ['stats:read', 'signups:read', 'signups:write'] as const
export const ApiScope = z.enum(API_SCOPES)
export type ApiScope = z.infer<typeof ApiScope>

/** What each scope lets a token do, as the console says it. */
export const SCOPE_LABELS: Record<ApiScope, string> = {
  'stats:read': 'Read the figures (GET /api/v1/stats)',
  'signups:read': 'Read the sign-up list (GET /api/v1/signups)',
  'signups:write': 'Add people (POST /api/v1/signups)',
}

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_MARK = 'lp_'
/** The visible prefix: the mark and 6 more characters, enough to tell a handful of tokens apart. */
export const PREFIX_LENGTH = TOKEN_MARK.length + 6

// --- The console's contract

export const ApiTokenRequest = z.strictObject({
  name: z.string().trim().min(1, 'Name the token (what uses it).').max(80, 'A name is at most 80 characters.'),
  scopes: z
    .array(ApiScope)
    .min(1, 'Choose at least one scope.')
    .max(API_SCOPES.length)
    .transform((s) => API_SCOPES.filter((scope) => s.includes(scope))),
})

export const ApiTokenView = z.strictObject({
  id,
  name: z.string(),
  /** The token's first characters (lp_ and 6 more): recognisable, not secret. */
  prefix: z.string(),
  scopes: z.array(ApiScope),
  createdAt: iso,
  createdBy: z.string(),
  /** Precise to a minute: it is written at most once a minute per token. */
  lastUsedAt: iso.nullable(),
  revokedAt: iso.nullable(),
})
export type ApiTokenView = z.infer<typeof ApiTokenView>

export const ApiTokenList = z.strictObject({ tokens: z.array(ApiTokenView) })
/** POST /integrations/tokens: the token's row and, this once, the token itself. */
export const ApiTokenCreated = z.strictObject({ token: ApiTokenView, secret: z.string() })

export const ApiTokenId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)

// --- The public API, /api/v1 (snake_case, as PostgREST answers)

/** PostgREST's error shape: every refusal of the API has it. */
export const ApiErrorBody = z
  .strictObject({
    code: z.string(),
    message: z.string(),
    details: z.string().nullable(),
    hint: z.string().nullable(),
  })
  .meta({ id: 'Error' })

export const StatsQuery = z.strictObject({
  days: z.coerce
    .number()
    .int()
    .min(1, 'days is 1 to 90')
    .max(90, 'days is 1 to 90')
    .default(30)
    .meta({ description: 'How many days back the funnel per source reaches (1 to 90, default 30).' }),
})

export const ApiStats = z
  .strictObject({
    signups: z.strictObject({
      total: count,
      confirmed: count,
      /** Their mailbox bounced, complained or is otherwise on the suppression list. */
      suppressed: count,
      invited: count,
      opened: count,
    }),
    funnel: z.strictObject({
      from: iso,
      to: iso,
      /** Whether this deployment counts the page's visits (false: visitors are 0, sign-ups still count). */
      visits_measured: z.boolean(),
      sources: z.array(LaunchSourceRow.meta({ id: 'FunnelRow' })),
    }),
    play: z
      .strictObject({
        required: id,
        days: id,
        counting: count,
        required_since: iso.nullable(),
        apply_on: z.iso.date().nullable(),
        reached: z.boolean(),
      })
      .meta({
        description: "Google Play's closed test: testers in now, and the day production access can be applied for.",
      }),
  })
  .meta({ id: 'Stats' })
export type ApiStats = z.infer<typeof ApiStats>

const MAX_PAGE = 500

export const SignupsQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit is 1 to ${MAX_PAGE}`)
    .max(MAX_PAGE, `limit is 1 to ${MAX_PAGE}`)
    .default(100)
    .meta({ description: `Rows per page, 1 to ${MAX_PAGE} (default 100).` }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'The next_cursor of the previous page; absent for the first page.' }),
})

export const ApiSignup = z
  .strictObject({
    id,
    email: z.string(),
    created_at: iso,
    confirmed_at: iso.nullable(),
    source: z.string().nullable(),
    source_medium: z.string().nullable(),
    source_campaign: z.string().nullable(),
    locale: z.string().nullable(),
    platform: z.string(),
    status: z.string(),
    invited_at: iso.nullable(),
    opened_at: iso.nullable(),
    suppressed: z.boolean(),
  })
  .meta({ id: 'Signup' })
export type ApiSignup = z.infer<typeof ApiSignup>

export const ApiSignupPage = z
  .strictObject({
    data: z.array(ApiSignup),
    /** Opaque; null on the last page. Oldest first, so people who sign up meanwhile come on later pages. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'SignupPage' })

/**
 * POST /api/v1/signups: the page's own fields (the same validation as the page's insert decides
 * what is accepted; this schema names what the API takes).
 */
export const NewSignup = z
  .strictObject({
    email: z.string().meta({ description: 'The address, validated exactly as the page validates it.' }),
    source: z.string().optional().meta({ description: 'Where the person came from (default "api").' }),
    source_medium: z.string().optional(),
    source_campaign: z.string().optional(),
    locale: z.string().optional().meta({ description: "The language of the person's emails (the page's locales)." }),
  })
  .meta({ id: 'NewSignup' })
export type NewSignup = z.infer<typeof NewSignup>

export const SignupAdded = z
  .strictObject({
    email: z.string(),
    source: z.string().nullable(),
    /** The email queued now: the welcome, the request to confirm (double opt-in), or none (suppressed, or already sent). */
    email_queued: z.enum(['welcome', 'confirm-signup']).nullable(),
  })
  .meta({ id: 'SignupAdded' })
export type SignupAdded = z.infer<typeof SignupAdded>
