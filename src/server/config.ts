import { z } from 'zod'
import { emailAddress, normaliseEmail } from '../shared/email-address.ts'
import { FEEDBACK_LIMITS } from '../shared/feedback.ts'
import { LOCAL_ANON_KEY } from '../shared/self-hosted.ts'
import { PRODUCT } from '../shared/content.ts'
import { EMAIL_CAPACITY_SETTINGS, QUEUE_DEFAULTS } from '../mail-core/queue-settings.ts'
import { isWebhookSecret, WEBHOOK_SECRET_MESSAGE } from '../mail-core/resend-webhook.ts'
import { ANON_POOL_SIZE_DEFAULT, POOL_SIZE_DEFAULT } from './db/pool-sizes.ts'

const port = z.coerce.number().int().min(0).max(65535)
const positiveMs = z.coerce.number().int().min(1)
/** Connections of one PostgreSQL pool of this process. */
const poolSize = z.coerce
  .number()
  .int()
  .min(1, 'must be at least 1')
  .max(1000, 'must be at most 1000 (docs/deploy.md, "Connection budget")')
/** Requests allowed per client address in one window; 0 turns that window off. */
const limit = z.coerce.number().int().min(0)
/** 'false', 'true' (one proxy) or the number of proxies in front of the server. */
const trustProxy = z
  .union([z.enum(['true', 'false']), z.string().regex(/^\d+$/, 'must be true, false or a number of proxies')])
  .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
/** Origins the page may also connect to (a separate Supabase project), separated by spaces or commas. */
const origins = z
  .string()
  .transform((v) => v.split(/[\s,]+/).filter(Boolean))
  .pipe(
    z.array(
      z
        .url({ protocol: /^(https?|wss?)$/, error: 'must list http(s):// or ws(s):// origins' })
        .transform((u) => new URL(u).origin),
    ),
  )

/** The owners' addresses, separated by commas; each must be a valid address. */
const ownerEmails = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  )
  .pipe(z.array(emailAddress.transform(normaliseEmail)))
  .transform((list) => [...new Set(list)])

/** Standard Webhooks' example: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h after the first, immediate attempt. */
const OUTBOUND_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400].map((s) => s * 1000)

const Settings = z.object({
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  PGLITE_DIR: z.string().default('./data/pglite'),
  // Two pools on PostgreSQL: trusted work (migrations, email queue), and sessions that are anon
  // from their start for the sign-up and contact inserts. Sized in docs/decisions/perf-server.md.
  // The connection budget (docs/deploy.md): checked at start against the server's max_connections.
  DATABASE_POOL_SIZE: poolSize.default(POOL_SIZE_DEFAULT),
  DATABASE_ANON_POOL_SIZE: poolSize.default(ANON_POOL_SIZE_DEFAULT),
  // Through a pooler (docs/decisions/postgres-poolers.md): `transaction` when DATABASE_URL is
  // PgBouncer or Supavisor in transaction mode; the direct (or session-mode) URL then carries the
  // migrations and LISTEN.
  DATABASE_POOL_MODE: z
    .enum(['session', 'transaction'], { error: 'must be session or transaction' })
    .default('session'),
  DATABASE_DIRECT_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  ANON_KEY: z.string().min(1).default(LOCAL_ANON_KEY),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  STATIC_DIR: z.string().default('dist/client'),
  EMAIL_TRANSPORT: z.enum(['outbox', 'smtp', 'resend']).default('outbox'),
  OUTBOX_DIR: z.string().default('./data/outbox'),
  // Backups (docs/decisions/backups.md): the folder of the daily backups and of the suppression
  // journal, the time of day (UTC) they are taken, and how many daily ones to keep (0: none).
  BACKUP_DIR: z.string().default('./data/backups'),
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (UTC), such as 03:30')
    .default('03:30'),
  BACKUP_KEEP: z.coerce.number().int().min(0).max(1000).default(7),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  RESEND_API_KEY: z.string().optional(),
  RESEND_API_URL: z.url().default('https://api.resend.com'),
  // `"Name <a@b>"` whole in quotes is never a sender: it is deploy/launch-page.env.example's
  // shell quoting, which `docker run --env-file` keeps (bash and systemd remove it).
  EMAIL_FROM: z
    .string()
    .min(3)
    .transform((v) => (/^"[^"]*<[^"]*>"$/.test(v) ? v.slice(1, -1) : v))
    .default(`${PRODUCT.name} <hello@localhost>`),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How often the email worker looks for due emails when nobody wakes it. */
  EMAIL_POLL_INTERVAL_MS: positiveMs.default(QUEUE_DEFAULTS.EMAIL_POLL_INTERVAL_MS),
  /** Sending attempts per email before it is marked failed. */
  EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(QUEUE_DEFAULTS.EMAIL_MAX_ATTEMPTS),
  /** First retry delay; doubles on each attempt, with jitter, capped at EMAIL_RETRY_MAX_MS. */
  EMAIL_RETRY_BASE_MS: positiveMs.default(QUEUE_DEFAULTS.EMAIL_RETRY_BASE_MS),
  EMAIL_RETRY_MAX_MS: positiveMs.default(QUEUE_DEFAULTS.EMAIL_RETRY_MAX_MS),
  /** How long a worker owns a claimed email; past it, another worker (or a restart) takes it over. */
  EMAIL_LEASE_MS: positiveMs.default(QUEUE_DEFAULTS.EMAIL_LEASE_MS),
  ...EMAIL_CAPACITY_SETTINGS,
  /**
   * Double opt-in: the first email asks to confirm, and the welcome email follows the
   * confirmation. Off by default, which is the specification's behaviour. README: "Double opt-in".
   */
  SIGNUP_CONFIRMATION: z
    .enum(['true', 'false', 'on', 'off'], { error: 'must be on or off' })
    .transform((v) => v === 'true' || v === 'on')
    .default(false),
  /**
   * The page proves work (ALTCHA) before the resend-email call. 'pow': a call without a
   * valid proof is queued only within UNVERIFIED_EMAILS_PER_HOUR; 'off': today's behaviour.
   * docs/decisions/launch-day-bots.md
   */
  SIGNUP_CHALLENGE: z.enum(['pow', 'off'], { error: 'must be pow or off' }).default('pow'),
  /** Signs the challenges; unset: a random key migration 20261124100000 keeps in the database. */
  SIGNUP_CHALLENGE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Welcome (or confirmation) emails per clock hour, for all processes together, for calls without a valid proof. */
  UNVERIFIED_EMAILS_PER_HOUR: z.coerce.number().int().min(0).default(20),
  /** The signing secret of Resend's webhook (`whsec_…`), for POST /webhooks/resend; unset: it answers 401. */
  RESEND_WEBHOOK_SECRET: z.string().min(1).refine(isWebhookSecret, WEBHOOK_SECRET_MESSAGE).optional(),
  /** How many reverse proxies stand in front; their X-Forwarded-For and X-Forwarded-Proto are believed. */
  TRUST_PROXY: trustProxy.default(0),
  CSP_CONNECT_SRC: origins.default([]),
  // Per client address (an IPv6 /64): a burst window of one minute and a sustained one of one hour.
  // Sized in docs/decisions/server-hardening.md.
  RATE_LIMIT_SIGNUP_PER_MINUTE: limit.default(30),
  RATE_LIMIT_SIGNUP_PER_HOUR: limit.default(300),
  RATE_LIMIT_EMAIL_PER_MINUTE: limit.default(30),
  RATE_LIMIT_EMAIL_PER_HOUR: limit.default(300),
  // The proof-of-work challenge (GET /functions/v1/resend-email/challenge); the page
  // asks once per visit, on the field's first focus.
  RATE_LIMIT_CHALLENGE_PER_MINUTE: limit.default(30),
  RATE_LIMIT_CHALLENGE_PER_HOUR: limit.default(300),
  RATE_LIMIT_CONTACT_PER_MINUTE: limit.default(10),
  RATE_LIMIT_CONTACT_PER_HOUR: limit.default(100),
  RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE: limit.default(60),
  RATE_LIMIT_UNSUBSCRIBE_PER_HOUR: limit.default(1000),
  // Where an invitation's links lead (a TestFlight public link, a Play testing opt-in URL).
  // Unset: nobody is invited to that platform. Decisions: docs/decisions/beta-invitations.md
  BETA_IOS_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  BETA_ANDROID_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  // While iPhone invitations wait, read BETA_IOS_URL's public TestFlight join page (about every 15
  // minutes, and before each batch) and hold them while it says full or closed. off: never read
  // it. TESTFLIGHT_CHECK_URL reads another page instead (a stand-in, for tests).
  // Decisions: docs/decisions/testflight-link-health.md
  TESTFLIGHT_CHECK: z
    .enum(['true', 'false', 'on', 'off'], { error: 'must be on or off' })
    .transform((v) => v === 'true' || v === 'on')
    .default(true),
  TESTFLIGHT_CHECK_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Time between two invitation emails of a batch, so a batch of 1,000 stays under the provider's rate limit. */
  INVITATION_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  // The build the feedback page fills in (the console can change it). Empty: none.
  BETA_BUILD_LABEL: z
    .string()
    .trim()
    .max(FEEDBACK_LIMITS.build, `must be at most ${FEEDBACK_LIMITS.build} characters`)
    .default(''),
  // Google Play's closed-test rule (it was 20 testers until December 2024), and how long
  // after an Android invitation was opened its "Did you join the test?" email goes out.
  // docs/decisions/play-closed-testing.md
  PLAY_REQUIRED_TESTERS: z.coerce.number().int().min(1).max(10_000).default(12),
  PLAY_REQUIRED_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  PLAY_ASK_DELAY_MS: z.coerce.number().int().min(0).default(86_400_000),
  // Launch analytics (docs/decisions/launch-analytics.md). false: counts only, and a
  // sign-up never takes its visit's source.
  ANALYTICS_JOIN_SIGNUPS: z
    .enum(['true', 'false', 'on', 'off'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === 'on')
    .default(true),
  /** How long visits wait in memory before they are written (a crash loses at most this much). */
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  RATE_LIMIT_BETA_PER_MINUTE: limit.default(60),
  RATE_LIMIT_BETA_PER_HOUR: limit.default(1000),
  /** `/go/<name>` per client address: each opening reads the link (docs/decisions/launch-analytics.md). */
  RATE_LIMIT_SHARE_LINK_PER_MINUTE: limit.default(60),
  RATE_LIMIT_SHARE_LINK_PER_HOUR: limit.default(1000),
  // The console's sign-in (link page, link, emailed link, passkey) and its API, counted in
  // memory before any database work. Sized in docs/decisions/server-hardening.md.
  RATE_LIMIT_SIGN_IN_PER_MINUTE: limit.default(10),
  RATE_LIMIT_SIGN_IN_PER_HOUR: limit.default(60),
  RATE_LIMIT_CONSOLE_PER_MINUTE: limit.default(300),
  RATE_LIMIT_CONSOLE_PER_HOUR: limit.default(5000),
  /** /api/v1 requests per API token per minute (docs/decisions/api-tokens.md). */
  RATE_LIMIT_API_TOKEN_PER_MINUTE: limit.default(600),
  // Unknown or revoked API tokens per client address, counted before the lookup (docs/decisions/api-tokens.md).
  RATE_LIMIT_BAD_TOKEN_PER_MINUTE: limit.default(10),
  RATE_LIMIT_BAD_TOKEN_PER_HOUR: limit.default(100),
  // The owner's side (docs/decisions/owner-console.md).
  OWNER_EMAILS: ownerEmails.default([]),
  /** Hour of the day (UTC) at which the owners get yesterday's sign-ups; unset: no digest. */
  OWNER_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).optional(),
  /** Contact notifications per owner per clock hour; past it, one summary at the hour's end. */
  OWNER_NOTIFY_MAX_PER_HOUR: z.coerce.number().int().min(0).default(10),
  OWNER_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  OWNER_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  /** Emailed sign-in links per owner in any 15 minutes, whoever asks, shared by all processes. */
  OWNER_SIGN_IN_EMAILS: z.coerce.number().int().min(1).default(3),
  /** Sign-in attempts (links, passkeys, emailed-link requests) per client address per 15 minutes, shared by all processes. */
  OWNER_SIGN_IN_ATTEMPTS: z.coerce.number().int().min(1).default(20),
  // Connections and timeouts: sized in docs/decisions/server-hardening.md.
  /** Open connections in total; unset, derived from the process's file-descriptor limit. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  /** Open connections per client address (IPv6: per /64); 0 turns it off. Not applied with TRUST_PROXY. */
  MAX_CONNECTIONS_PER_ADDRESS: limit.default(256),
  HTTP_HEADERS_TIMEOUT_MS: positiveMs.default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: positiveMs.default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveMs.default(5_000),
  // Outbound webhooks (docs/decisions/outbound-events.md).
  /** Lets webhooks go to 127.0.0.1 and localhost, over plain HTTP too; for development and tests, refused in production. */
  OUTBOUND_ALLOW_LOOPBACK: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .default(false),
  /** How often the webhook sender looks for due deliveries when nobody wakes it. */
  OUTBOUND_POLL_INTERVAL_MS: positiveMs.default(5_000),
  /** How long a sender owns a claimed delivery; past it, a restart sends it again under the same webhook-id. */
  OUTBOUND_LEASE_MS: positiveMs.default(60_000),
  /** How long one attempt may take (Standard Webhooks: 15 to 30 s). */
  OUTBOUND_TIMEOUT_MS: positiveMs.default(15_000),
  /** The waits between attempts, in ms, comma-separated; Standard Webhooks' example schedule by default. */
  OUTBOUND_RETRY_SCHEDULE_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be milliseconds separated by commas')
    .transform((v) => v.split(',').map(Number))
    .default(OUTBOUND_RETRY_SCHEDULE),
  /** A streak of failures this long pauses an endpoint and tells the owners (five days). */
  OUTBOUND_PAUSE_AFTER_MS: positiveMs.default(5 * 24 * 60 * 60 * 1000),
  /** A Slack or Discord destination gets at most one message per this interval; a burst becomes one grouped message. */
  OUTBOUND_CHAT_INTERVAL_MS: positiveMs.default(60_000),
  /**
   * The bearer token GET /metrics asks for (docs/decisions/metrics.md); unset, /metrics is a 404.
   * Long and printable, so it can be neither guessed nor mangled in a scraper's config.
   */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,512}$/, 'must be 24 to 512 printable characters without spaces (openssl rand -hex 32)')
    .optional(),
})

/** Every setting the server reads; the README documents each (config.test.ts checks). */
export const SETTING_NAMES = Object.keys(Settings.shape)

const Config = Settings.transform((c) => ({
  ...c,
  PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
  /**
   * The address the built documents name (canonical links, sitemap, share cards): PUBLIC_URL's
   * origin when it is set; unset, the build's stays, so a forgotten setting never tells search
   * engines the page lives on localhost (docs/decisions/public-url-at-run-time.md).
   */
  PUBLIC_ORIGIN: c.PUBLIC_URL === undefined ? undefined : new URL(c.PUBLIC_URL).origin,
}))

/**
 * Rules between settings, checked on the raw values so they are reported together with every
 * other problem (zod skips refinements of an object that already failed).
 */
function crossChecks(env: Record<string, string>): string[] {
  const problems: string[] = []
  const transport = env.EMAIL_TRANSPORT ?? 'outbox'
  if (transport === 'resend' && !env.RESEND_API_KEY)
    problems.push('RESEND_API_KEY: required when EMAIL_TRANSPORT=resend')
  if (transport === 'smtp' && !env.SMTP_URL) problems.push('SMTP_URL: required when EMAIL_TRANSPORT=smtp')
  if (env.EMAIL_FROM !== undefined && /[\r\n]/.test(env.EMAIL_FROM)) problems.push('EMAIL_FROM: must be on one line')
  // Node refuses a headers timeout longer than the request timeout.
  const headersMs = Number(env.HTTP_HEADERS_TIMEOUT_MS ?? 10_000)
  const requestMs = Number(env.HTTP_REQUEST_TIMEOUT_MS ?? 30_000)
  if (env.OUTBOUND_ALLOW_LOOPBACK === 'true' && env.NODE_ENV === 'production')
    problems.push('OUTBOUND_ALLOW_LOOPBACK: must not be true with NODE_ENV=production')
  if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL)
    problems.push('DATABASE_DIRECT_URL: needs DATABASE_URL (it is the direct URL of the same database)')
  if (env.DATABASE_POOL_MODE === 'transaction' && !env.DATABASE_URL)
    problems.push("DATABASE_POOL_MODE: transaction needs DATABASE_URL (the pooler's URL)")
  if (headersMs > requestMs) problems.push('HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS')
  return problems
}

export type Config = z.infer<typeof Config>

/** Validates the environment once, reporting every problem at once. Empty values count as unset. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  )
  const r = Config.safeParse(present)
  const problems = [
    ...(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)),
    ...crossChecks(present),
  ]
  if (r.success && problems.length === 0) return r.data
  throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`)
}
