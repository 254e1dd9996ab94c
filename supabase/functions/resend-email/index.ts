// The resend-email edge function. Locally, from the repository root:
//   deno run --allow-net --allow-env --allow-read supabase/functions/resend-email/index.ts
// Settings: docs/deploy-supabase.md. Supabase deploys it with verify_jwt = false (config.toml):
// the function guards itself (see handler.ts and docs/deploy-supabase.md).
import { loadConfig } from '../../../src/server/config.ts'
import { createEmailQueue } from '../../../src/mail/queue.ts'
import { createResendTransport } from '../../../src/mail/resend.ts'
import { openDb } from './db.ts'
import { createHandler } from './handler.ts'
import { createFunctionLogger } from './logger.ts'
import { withOneClickUnsubscribe } from './one-click.ts'
import { loadSettings } from './settings.ts'

const settings = loadSettings(Deno.env.toObject())
// The retry rules (attempts, backoff, lease) are the Node server's defaults, from the same code.
const defaults = loadConfig({})
const encoder = new TextEncoder()
const logger = createFunctionLogger((line) => Deno.stdout.writeSync(encoder.encode(line)))
const db = openDb(settings.SUPABASE_DB_URL)
const resend = createResendTransport({ apiKey: settings.RESEND_API_KEY, apiUrl: settings.RESEND_API_URL })
const queue = createEmailQueue({
  db,
  transport: settings.SUPABASE_URL ? withOneClickUnsubscribe(resend, settings.SUPABASE_URL) : resend,
  logger,
  config: {
    EMAIL_FROM: settings.EMAIL_FROM,
    PUBLIC_URL: settings.SITE_URL,
    // The static host has no /beta pages: the welcome email asks no phone choice there.
    BETA_PAGES: false,
    EMAIL_POLL_INTERVAL_MS: defaults.EMAIL_POLL_INTERVAL_MS,
    EMAIL_MAX_ATTEMPTS: defaults.EMAIL_MAX_ATTEMPTS,
    EMAIL_RETRY_BASE_MS: defaults.EMAIL_RETRY_BASE_MS,
    EMAIL_RETRY_MAX_MS: defaults.EMAIL_RETRY_MAX_MS,
    EMAIL_LEASE_MS: defaults.EMAIL_LEASE_MS,
  },
})

type EdgeRuntimeGlobal = { EdgeRuntime?: { waitUntil(work: Promise<unknown>): void } }
const edge = (globalThis as EdgeRuntimeGlobal).EdgeRuntime

Deno.serve(
  { port: settings.PORT, onListen: ({ port }) => logger.info({ event: 'listening', port }, 'resend-email listening') },
  createHandler({ db, queue, logger, waitUntil: edge ? (work) => edge.waitUntil(work) : undefined }),
)
