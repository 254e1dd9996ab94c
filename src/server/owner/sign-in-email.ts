import type { Context } from 'hono'
import type { ServerResponse } from 'node:http'
import type { Db } from '../db/db.ts'
import type { OwnerDeps } from './deps.ts'
import { signInUrl, signLinkToken, verifyLinkToken } from './link-token.ts'

/** Queues an emailed one-time sign-in link for `email` (an owner's, already checked). */
export async function queueSignInEmail(
  db: Db,
  input: { email: string; url: string; expiresAt: number; nonce: string },
) {
  await db.query(
    `insert into app_private.email_queue (kind, to_email, dedupe_key, payload)
     values ('owner-sign-in', $1, $2, $3::jsonb)`,
    [input.email, `owner-sign-in:${input.nonce}`, JSON.stringify({ url: input.url, expiresAt: input.expiresAt })],
  )
}

/**
 * The owner's part of `POST /admin/auth/email`, run after the answer was written (issue 15):
 * signing and queueing cost time a stranger's address does not, and the answer time must not
 * tell whether an address is an owner's. Nobody waits for it, so a failure is logged here.
 */
export function sendSignInLinkLater(deps: OwnerDeps, email: string, c: Context): void {
  afterAnswer(c, () => {
    void (async () => {
      const secret = await deps.secret()
      const token = signLinkToken(secret, email)
      const claims = verifyLinkToken(secret, token)!
      const url = signInUrl(deps.config.PUBLIC_URL, token)
      await queueSignInEmail(deps.db, { email, url, expiresAt: claims.expiresAt, nonce: claims.nonce })
      deps.wakeEmailQueue()
    })().catch((err: unknown) => {
      deps.logger.error({ err, event: 'owner.sign-in-email' }, 'sign-in link could not be queued')
    })
  })
}

/**
 * Runs `fn` once the answer has left: on Node, after the response's last byte was handed to the
 * socket (on PGlite the owner's query blocks the thread, and the answer must not wait for it);
 * elsewhere (app.request in tests) on the next turn of the event loop, after the answer was
 * returned.
 */
function afterAnswer(c: Context, fn: () => void): void {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing
  if (outgoing && !outgoing.writableFinished) {
    // Not in 'finish' itself: Node corks the socket and flushes on the next tick, and PGlite's
    // query would hold the thread before the bytes left (the bench measured 1.8 ms of it).
    outgoing.once('finish', () => setImmediate(fn))
    // A client that leaves before the answer ends still asked for its link.
    outgoing.once('close', () => {
      if (!outgoing.writableFinished) fn()
    })
  } else setImmediate(fn)
}
