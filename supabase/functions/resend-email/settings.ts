import { z } from 'zod'
import { EMAIL_CAPACITY_SETTINGS } from '../../../src/mail-core/queue-settings.ts'
import { isWebhookSecret, WEBHOOK_SECRET_MESSAGE } from '../../../src/mail-core/resend-webhook.ts'

/**
 * The function's settings (docs/deploy-supabase.md). On Supabase, SUPABASE_DB_URL is set for every
 * function; the others are `supabase secrets set`. Read once at start: a missing one stops the
 * function with every problem named, instead of failing on the first sign-up.
 */
const Settings = z.object({
  SUPABASE_DB_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  RESEND_API_KEY: z.string().min(1),
  EMAIL_FROM: z
    .string()
    .min(3)
    .refine((v) => !/[\r\n]/.test(v), 'must be on one line'),
  /** The page's public address: the email's links point there. */
  SITE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((u) => u.replace(/\/+$/, '')),
  RESEND_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.resend.com'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  /**
   * Set by Supabase for every function (not a secret to set): the only key the retry entry point
   * accepts, the one the pg_cron job sends from Vault.
   */
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
  /** As on the Node server: 'pow' (default) asks the page for a proof of work; 'off': today's behaviour. */
  SIGNUP_CHALLENGE: z.enum(['pow', 'off'], { error: 'must be pow or off' }).default('pow'),
  /** Signs the challenges; unset: the key migration 20261124100000 keeps in Vault (signup_challenge_key). */
  SIGNUP_CHALLENGE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Emails per clock hour, shared with every instance, for calls without a valid proof. */
  UNVERIFIED_EMAILS_PER_HOUR: z.coerce.number().int().min(0).default(20),
  /** The signing secret of Resend's webhook (`whsec_…`) for /resend-email/webhook; unset: it answers 401. */
  RESEND_WEBHOOK_SECRET: z.string().min(1).refine(isWebhookSecret, WEBHOOK_SECRET_MESSAGE).optional(),
  /** The email plan's pace and daily quota, shared with the Node server's sending through the database. */
  ...EMAIL_CAPACITY_SETTINGS,
  /** Set by Supabase for every function (not a secret to set): where one-click unsubscribes go. */
  SUPABASE_URL: z.url({ protocol: /^https?$/ }).optional(),
})

export type Settings = z.infer<typeof Settings>

/** Empty values count as unset, as in the Node server's config. */
export function loadSettings(env: Record<string, string | undefined>): Settings {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const r = Settings.safeParse(present)
  if (r.success) return r.data
  const problems = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')
  throw new Error(`Invalid settings for resend-email:\n${problems}`)
}
