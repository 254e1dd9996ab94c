import type { Context } from 'hono'
import { enqueue } from '../../../mail-core/enqueue.ts'
import { ownerSignIn } from '../../../emails/owner-sign-in.kind.ts'
import { countQueuedSince } from '../../../mail-core/queue-rows.ts'
import type { Db } from '../../db/db.ts'
import type { OwnerDeps } from '../../owner/deps.ts'
import { signInUrl, signLinkToken, verifyLinkToken } from './link-token.ts'

const ROLLBACK = Symbol('rollback')

/**
 * Queues an emailed one-time sign-in link, unless `email` already got `perQuarterHour` in the last
 * 15 minutes (OWNER_SIGN_IN_EMAILS; 400 reached one owner in 2.5 minutes) (counted in the queue, so all processes share it; the advisory lock
 * makes concurrent requests count one after the other). With `commit` false the same statements
 * run and are rolled back: a stranger's address costs what an owner's does. Returns whether a
 * link was queued.
 */
async function queueSignInEmail(
  db: Db,
  input: { email: string; url: string; expiresAt: number; nonce: string },
  perQuarterHour: number,
  commit: boolean,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`owner-sign-in:${input.email}`])
      const recent = await countQueuedSince(tx, ownerSignIn.kind, input.email, 15)
      const queued =
        recent < perQuarterHour
          ? await enqueue(tx, ownerSignIn, {
              to: input.email,
              key: input.nonce,
              payload: { url: input.url, expiresAt: input.expiresAt },
            })
          : []
      if (!commit) throw ROLLBACK
      return queued.length > 0
    })
  } catch (err) {
    if (err === ROLLBACK) return false
    throw err
  }
}

/**
 * The work of `POST /admin/auth/email`, run after the answer has left: the answer time
 * must not tell whether an address is an owner's. A stranger's address gets the same work,
 * rolled back, so that even the load it leaves behind is the same. Nobody waits for it, so a
 * failure is logged here.
 */
export function sendSignInLinkLater(deps: OwnerDeps, email: string, owner: boolean, c: Context): void {
  deps.afterAnswer.run(c, async () => {
    try {
      const secret = await deps.secret()
      const token = signLinkToken(secret, email)
      const claims = verifyLinkToken(secret, token)!
      const url = signInUrl(deps.config.PUBLIC_URL, token)
      const link = { email, url, expiresAt: claims.expiresAt, nonce: claims.nonce }
      if (await queueSignInEmail(deps.db, link, deps.config.OWNER_SIGN_IN_EMAILS, owner)) deps.wakeEmailQueue()
    } catch (err) {
      deps.logger.error({ err, event: 'owner.sign-in-email' }, 'sign-in link could not be queued')
    }
  })
}
