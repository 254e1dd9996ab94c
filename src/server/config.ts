import { z } from 'zod'
import { LOCAL_ANON_KEY } from '../shared/self-hosted.ts'
import { SITE } from '../shared/site.ts'

const port = z.coerce.number().int().min(0).max(65535)
const positiveMs = z.coerce.number().int().min(1)

const Config = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
    PGLITE_DIR: z.string().default('./data/pglite'),
    ANON_KEY: z.string().min(1).default(LOCAL_ANON_KEY),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    STATIC_DIR: z.string().default('dist/client'),
    EMAIL_TRANSPORT: z.enum(['outbox', 'smtp', 'resend']).default('outbox'),
    OUTBOX_DIR: z.string().default('./data/outbox'),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    RESEND_API_KEY: z.string().optional(),
    RESEND_API_URL: z.url().default('https://api.resend.com'),
    EMAIL_FROM: z.string().min(3).default(`${SITE.name} <hello@localhost>`),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** How often the email worker looks for due emails when nobody wakes it. */
    EMAIL_POLL_INTERVAL_MS: positiveMs.default(5_000),
    /** Sending attempts per email before it is marked failed. */
    EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
    /** First retry delay; doubles on each attempt, with jitter, capped at EMAIL_RETRY_MAX_MS. */
    EMAIL_RETRY_BASE_MS: positiveMs.default(60_000),
    EMAIL_RETRY_MAX_MS: positiveMs.default(6 * 60 * 60 * 1000),
    /** How long a worker owns a claimed email; past it, another worker (or a restart) takes it over. */
    EMAIL_LEASE_MS: positiveMs.default(2 * 60 * 1000),
  })
  .superRefine((c, ctx) => {
    if (c.EMAIL_TRANSPORT === 'resend' && !c.RESEND_API_KEY)
      ctx.addIssue({ code: 'custom', path: ['RESEND_API_KEY'], message: 'required when EMAIL_TRANSPORT=resend' })
    if (c.EMAIL_TRANSPORT === 'smtp' && !c.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when EMAIL_TRANSPORT=smtp' })
    if (/[\r\n]/.test(c.EMAIL_FROM))
      ctx.addIssue({ code: 'custom', path: ['EMAIL_FROM'], message: 'must be on one line' })
  })
  .transform((c) => ({ ...c, PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '') }))

export type Config = z.infer<typeof Config>

/** Validates the environment once, reporting every problem at once. Empty values count as unset. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const r = Config.safeParse(present)
  if (r.success) return r.data
  const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
  throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
}
