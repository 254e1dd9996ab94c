// The resend-email edge function: a thin Deno entry around the mail core's handler
// (src/mail-core/resend-email-handler.ts), which the Node server mounts too. Locally, from the
// repository root:
//   deno run --allow-net --allow-env --allow-read supabase/functions/resend-email/index.ts
// Settings: docs/deploy-supabase.md. Supabase deploys it with verify_jwt = false (config.toml):
// the function guards itself (the retry entry point asks for the service-role key).
import { createHmac } from 'node:crypto'
import { keyAddressHashes } from '../../../src/mail-core/log-redact.ts'
import { createEmailQueue } from '../../../src/mail-core/queue.ts'
import { QUEUE_DEFAULTS } from '../../../src/mail-core/queue-settings.ts'
import { createResendEmailHandler, sendInBackground } from '../../../src/mail-core/resend-email-handler.ts'
import { createResendTransport } from '../../../src/mail-core/resend.ts'
import { signupChallengeKeyFrom } from '../../../src/mail-core/signup-proof.ts'
import { openDb } from './db.ts'
import { createFunctionLogger } from './logger.ts'
import { withOneClickUnsubscribe } from './one-click.ts'
import { loadSettings } from './settings.ts'

const settings = loadSettings(Deno.env.toObject())
// The logs' address hashes are keyed: here by the one secret Supabase gives every
// function; the owner secret the Node server uses would cost a database round trip at each start.
keyAddressHashes(settings.SUPABASE_SERVICE_ROLE_KEY, (key, data) => createHmac('sha256', key).update(data).digest())
const encoder = new TextEncoder()
const logger = createFunctionLogger((line) => Deno.stdout.writeSync(encoder.encode(line)))
const db = openDb(settings.SUPABASE_DB_URL)
const resend = createResendTransport({ apiKey: settings.RESEND_API_KEY, apiUrl: settings.RESEND_API_URL })
const queue = createEmailQueue({
  db,
  transport: settings.SUPABASE_URL ? withOneClickUnsubscribe(resend, settings.SUPABASE_URL) : resend,
  logger,
  // The retry rules (attempts, backoff, lease) are the Node server's defaults.
  config: {
    ...QUEUE_DEFAULTS,
    EMAIL_FROM: settings.EMAIL_FROM,
    PUBLIC_URL: settings.SITE_URL,
    EMAIL_RATE_PER_SECOND: settings.EMAIL_RATE_PER_SECOND,
    EMAIL_DAILY_LIMIT: settings.EMAIL_DAILY_LIMIT,
    // The static host has no /beta pages: the welcome email asks no phone choice there.
    BETA_PAGES: false,
  },
})

type EdgeRuntimeGlobal = { EdgeRuntime?: { waitUntil(work: Promise<unknown>): void } }
const edge = (globalThis as EdgeRuntimeGlobal).EdgeRuntime

Deno.serve(
  { port: settings.PORT, onListen: ({ port }) => logger.info({ event: 'listening', port }, 'resend-email listening') },
  createResendEmailHandler({
    db,
    logger,
    sendQueued: sendInBackground(queue, logger, edge ? (work) => edge.waitUntil(work) : undefined),
    retry: { serviceRoleKey: settings.SUPABASE_SERVICE_ROLE_KEY },
    unsubscribe: true,
    challenge: {
      mode: settings.SIGNUP_CHALLENGE,
      secret: signupChallengeKeyFrom(db, settings.SIGNUP_CHALLENGE_SECRET),
      unverifiedEmailsPerHour: settings.UNVERIFIED_EMAILS_PER_HOUR,
    },
    webhook: { secret: settings.RESEND_WEBHOOK_SECRET },
  }),
)
