import { z } from 'zod'
import {
  API_SCOPES,
  ApiErrorBody,
  ApiSignupPage,
  ApiStats,
  NewSignup,
  SCOPE_LABELS,
  SignupAdded,
  SignupsQuery,
  StatsQuery,
  type ApiScope,
} from '../../../shared/api-tokens.ts'

// The OpenAPI 3.1 description of /api/v1, generated from the very zod schemas the server answers
// with (src/shared/api-tokens.ts): `npm run api:doc` writes docs/api/openapi.json, and api.test.ts
// checks that the file is current and validates real answers against it.

/** The named schemas of the API (their `.meta({ id })`); only these become components. */
const COMPONENTS = ['Error', 'Stats', 'FunnelRow', 'Signup', 'SignupPage', 'NewSignup', 'SignupAdded'] as const

const ref = (id: (typeof COMPONENTS)[number]) => ({ $ref: `#/components/schemas/${id}` })
const json = (schema: object) => ({ 'application/json': { schema } })

type Json = Record<string, unknown>

function components(): Json {
  // Referenced so that their `.meta({ id })` is in the registry whatever else is imported.
  void [ApiErrorBody, ApiStats, ApiSignupPage, NewSignup, SignupAdded]
  const all = z.toJSONSchema(z.globalRegistry, {
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
  }).schemas as Record<string, Json>
  return Object.fromEntries(
    COMPONENTS.map((id) => {
      const { $schema: _s, $id: _i, ...schema } = all[id]!
      return [id, schema]
    }),
  )
}

/** A query schema as OpenAPI parameters. */
function parameters(schema: z.ZodObject): Json[] {
  const s = z.toJSONSchema(schema, { io: 'input' }) as { properties: Record<string, Json>; required?: string[] }
  return Object.entries(s.properties).map(([name, p]) => {
    const { description, ...rest } = p
    return {
      name,
      in: 'query',
      required: s.required?.includes(name) ?? false,
      ...(description ? { description } : {}),
      schema: rest,
    }
  })
}

const error = (description: string) => ({ description, content: json(ref('Error')) })

function refusals(scope: ApiScope): Json {
  return {
    '401': error('No token, or an unknown or revoked one (PGRST302, PGRST301).'),
    '403': error(`The token lacks the scope ${scope} (42501).`),
    '429': {
      ...error('Over the per-token rate limit, or too many failed authentications from the address (RATE_LIMITED).'),
      headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer', minimum: 1 } } },
    },
  }
}

function openApiDocument(): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Launch page API',
      version: '1',
      description:
        "The owner's API: the figures, the sign-up list, and adding people the way the page does. " +
        'Tokens are made in the console (Integrations, API tokens) and sent as `Authorization: Bearer lp_…`. ' +
        "Every refusal has PostgREST's error shape ({code, message, details, hint}). See docs/decisions/api-tokens.md.",
    },
    servers: [{ url: '/api/v1' }],
    security: [{ token: [] }],
    paths: {
      '/stats': {
        get: {
          operationId: 'getStats',
          summary: 'Counts, the funnel per source and the Play card’s date',
          description: `Scope \`stats:read\`.`,
          security: [{ token: ['stats:read'] }],
          parameters: parameters(StatsQuery),
          responses: {
            '200': { description: 'The figures.', content: json(ref('Stats')) },
            '400': error('A query value out of range (22023).'),
            ...refusals('stats:read'),
          },
        },
      },
      '/signups': {
        get: {
          operationId: 'listSignups',
          summary: 'The sign-up list, oldest first, a page at a time',
          description:
            'Scope `signups:read`. Pass `next_cursor` back as `cursor` until it is null; people who sign up ' +
            'meanwhile come on later pages, and every row comes exactly once.',
          security: [{ token: ['signups:read'] }],
          parameters: parameters(SignupsQuery),
          responses: {
            '200': { description: 'A page of sign-ups.', content: json(ref('SignupPage')) },
            '400': error('A bad limit or a cursor this API did not give (22023).'),
            ...refusals('signups:read'),
          },
        },
        post: {
          operationId: 'addSignup',
          summary: 'Adds a person the way the page does',
          description:
            'Scope `signups:write`. The same validation and errors as the page, suppression, double opt-in and ' +
            'the welcome email all apply; no proof of work is asked. `source` defaults to "api".',
          security: [{ token: ['signups:write'] }],
          requestBody: { required: true, content: json(ref('NewSignup')) },
          responses: {
            '201': {
              description:
                'Accepted, as the page accepts it; says which email was queued. An address already on the list ' +
                '(the same mailbox) is accepted again and changes nothing (email_queued is null), as on the page.',
              content: json(ref('SignupAdded')),
            },
            '400': error('The address or a field is not accepted (the page’s messages).'),
            ...refusals('signups:write'),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        token: {
          type: 'http',
          scheme: 'bearer',
          description: `An API token (lp_…). Scopes: ${API_SCOPES.map((s) => `\`${s}\`: ${SCOPE_LABELS[s]}`).join('; ')}.`,
        },
      },
      schemas: components(),
    },
  }
}

/** The file's text, as `npm run api:doc` writes it. */
export function openApiText(): string {
  return JSON.stringify(openApiDocument(), null, 2) + '\n'
}
