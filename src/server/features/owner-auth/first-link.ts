import type { Config } from '../../config.ts'
import type { Db } from '../../db/db.ts'
import { releaseLease, takeLease } from '../../db/scheduled-runs.ts'
import type { Logger } from '../../log.ts'
import { ownerSecret } from '../../owner/keys.ts'
import { LINK_TTL_MS, signInUrl, signLinkToken } from './link-token.ts'

// The first sign-in without a shell (issue 53): while no owner has ever signed in, a start prints
// a one-time sign-in link to the log, so that a platform's log view is enough. The link is the
// CLI's (`npm run owner -- link`): the same token, the same 15 minutes, spent once.
// docs/decisions/owner-console.md, "The first sign-in from the log"

/** The row in app_private.scheduled_runs that says which process printed the link, until it expires. */
const JOB = 'first-sign-in-link'

/** Whether any owner ever signed in: the audit log keeps every sign-in (sessions are pruned). */
async function anOwnerHasSignedIn(db: Db): Promise<boolean> {
  const r = await db.query("select 1 from app_private.owner_audit where action = 'sign-in' limit 1")
  return r.rows.length > 0
}

const clock = (d: Date) => `${d.toISOString().slice(11, 16)} UTC`

/**
 * At start: the link, or nothing once an owner has signed in. Of several processes starting at
 * once on one PostgreSQL, one prints it (a lease on the job's row until the link expires) and the
 * others say where it is; a process that stops gives the lease up, so a restart prints a new link.
 */
export function firstSignInLink(deps: { db: Db; config: Config; logger: Logger }) {
  const { db, config, logger } = deps
  let held = false
  return {
    start: async () => {
      const owner = config.OWNER_EMAILS[0]
      if (!owner) return
      if (await anOwnerHasSignedIn(db)) {
        logger.debug({ event: 'owner.first_sign_in_link_not_needed' }, 'an owner has signed in: no link is printed')
        return
      }
      const now = Date.now()
      const expires = new Date(now + LINK_TTL_MS)
      const holder = await takeLease(db, JOB, expires, !config.DATABASE_URL)
      if (holder) {
        logger.info(
          { event: 'owner.first_sign_in_link_elsewhere', printedBy: holder.claimedBy, expiresAt: holder.until },
          `No owner has signed in yet. ${holder.claimedBy} printed the one-time sign-in link at ${clock(holder.since)} (owner.first_sign_in_link in its log), valid until ${clock(holder.until)}; a start after that prints a new one.`,
        )
        return
      }
      held = true
      const url = signInUrl(config.PUBLIC_URL, signLinkToken(await ownerSecret(db), owner, now))
      logger.info(
        { event: 'owner.first_sign_in_link', url, expiresAt: expires },
        `First sign-in: open ${url} before ${clock(expires)} and press Sign in. It works once, for the first address in OWNER_EMAILS. No owner has signed in yet; once one has, no link is printed again.`,
      )
    },
    stop: async () => {
      if (held) await releaseLease(db, JOB).catch(() => {})
    },
  }
}
