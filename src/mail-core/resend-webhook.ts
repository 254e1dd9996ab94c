import { Webhook } from 'standardwebhooks'
import { z } from 'zod'
import type { MailDb } from './db.ts'
import { apiError } from '../shared/http/errors.ts'
import { MAX_BODY_BYTES, tooLarge } from '../shared/http/json-body.ts'
import { emailHash } from './log-redact.ts'
import type { MailLogger } from './logger.ts'

/**
 * Resend's webhook: a hard bounce or a complaint puts the mailbox on the suppression
 * list, so nothing more is ever sent to it. Resend signs its events the Svix way (svix-id,
 * svix-timestamp, svix-signature over "id.timestamp.body"), which is the Standard Webhooks scheme
 * under other header names; `standardwebhooks` checks the signature and refuses a timestamp more
 * than five minutes off. A delivery id seen before is a replay (app_private.webhook_deliveries).
 * Served by the Node server at POST /webhooks/resend and by the edge function at
 * /resend-email/webhook. Set-up: docs/deploy.md.
 */

export type ResendWebhookSettings = {
  /** RESEND_WEBHOOK_SECRET, `whsec_…` from Resend's webhook page; unset: every event gets 401. */
  secret?: string
}

/**
 * Whether a RESEND_WEBHOOK_SECRET can sign at all (`whsec_` and base64, as Resend shows it): both
 * deployments' settings refuse one that cannot, so a mistyped secret stops the start
 * with the setting's name instead of answering every event 401 in silence.
 */
export function isWebhookSecret(secret: string): boolean {
  try {
    new Webhook(secret)
    return true
  } catch {
    return false
  }
}

/** The zod message for a secret that fails isWebhookSecret. */
export const WEBHOOK_SECRET_MESSAGE = "must be Resend's webhook signing secret (whsec_ followed by base64)"

const HINT = 'Resend signs its webhook events; see docs/deploy.md, "Bounces and complaints".'

const unauthorized = (message: string) => apiError(401, 'UNAUTHORIZED', message, null, HINT)

// Only what is read; Resend sends more. `to` is a list of addresses.
const Event = z.object({
  type: z.string(),
  data: z
    .object({
      to: z.union([z.array(z.string()), z.string()]).optional(),
      bounce: z.object({ type: z.string().optional() }).partial().optional(),
    })
    .optional(),
})

/** The suppression reason an event gives, or null for the events that change nothing. */
function suppressionFor(event: z.infer<typeof Event>): 'bounced' | 'complained' | null {
  if (event.type === 'email.complained') return 'complained'
  // Transient and undetermined bounces (a full mailbox, a greylist) may pass later: only Permanent ones suppress.
  if (event.type === 'email.bounced' && event.data?.bounce?.type === 'Permanent') return 'bounced'
  return null
}

async function readText(req: Request): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? 0)
  if (declared > MAX_BODY_BYTES) throw tooLarge()
  const text = await req.text()
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) throw tooLarge()
  return text
}

export async function handleResendWebhook(
  req: Request,
  deps: { db: MailDb; logger: MailLogger; settings: ResendWebhookSettings },
): Promise<Response> {
  const { db, logger, settings } = deps
  const id = req.headers.get('svix-id')
  const timestamp = req.headers.get('svix-timestamp')
  const signature = req.headers.get('svix-signature')
  if (!settings.secret) throw unauthorized('The webhook is not set up (RESEND_WEBHOOK_SECRET).')
  if (!id || !timestamp || !signature) throw unauthorized('The event is not signed.')
  const body = await readText(req)
  let payload: unknown
  try {
    payload = new Webhook(settings.secret).verify(body, {
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': signature,
    })
  } catch {
    // A wrong signature, a stale or future timestamp, or a malformed header: nothing is changed.
    throw unauthorized('The event signature is not valid.')
  }
  const event = Event.safeParse(payload)
  if (!event.success) throw apiError(400, 'PGRST102', 'Not a Resend event', event.error.issues[0]?.message ?? null)
  const reason = suppressionFor(event.data)
  const to = event.data.data?.to
  const addresses = (Array.isArray(to) ? to : to ? [to] : []).filter((a) => a.includes('@') && a.length <= 320)
  const fresh = await db.transaction(async (tx) => {
    const seen = await tx.query<{ fresh: boolean }>('select app_private.record_webhook_delivery($1) as fresh', [id])
    if (seen.rows[0]?.fresh !== true) return false
    if (reason)
      for (const address of addresses)
        await tx.query('select app_private.suppress_mailbox($1, $2)', [address.trim(), reason])
    return true
  })
  // A known id with a valid signature is Resend retrying a delivery whose 200 was lost (it retries
  // any other answer for about a day): 200 again, and nothing done twice.
  if (!fresh) return Response.json({ received: true, duplicate: true }, { status: 200 })
  if (reason)
    for (const address of addresses)
      logger.info({ event: `email.${reason}`, to: emailHash(address) }, `mailbox suppressed: ${reason}`)
  return Response.json({ received: true }, { status: 200 })
}
