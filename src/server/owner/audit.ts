import { createHmac } from 'node:crypto'
import type { Db, Tx } from '../db/db.ts'
import { derivedKey } from './keys.ts'

type AuditAction =
  | 'sign-in'
  | 'sign-out'
  | 'session.revoke'
  | 'passkey.add'
  | 'passkey.remove'
  | 'signups.export'
  | 'message.handled'
  | 'message.reopened'
  | 'person.erase'
  | 'suppression.lift'
  | 'welcome.send'
  | 'invitations.send'
  | 'invitations.export'
  | 'messages.send'
  | 'feedback.export'
  | 'feedback.build-label'
  | 'play.nudge'
  | 'person.access'
  | 'launch.export'
  | 'launch.channel'
  | 'launch.channel-delete'
  | 'launch.expected'
  | 'backup.create'
  | 'backup.restore'
  | 'signups.import'
  | 'webhook.create'
  | 'webhook.update'
  | 'webhook.delete'
  | 'webhook.rotate'
  | 'webhook.replay'
  | 'api-token.create'
  | 'api-token.revoke'

/** Writes who did what; call inside the action's transaction where there is one. */
export async function audit(db: Db | Tx, actor: string, action: AuditAction, detail: Record<string, unknown> = {}) {
  await db.query('insert into app_private.owner_audit (actor, action, detail) values ($1, $2, $3::jsonb)', [
    actor,
    action,
    JSON.stringify(detail),
  ])
}

/**
 * The newest 200 entries, newest first, as the console's audit view shows them; `detail` is the
 * object audit() wrote (a jsonb object, never null).
 */
export async function recentAudit(db: Db) {
  const r = await db.query<{ at: Date | string; actor: string; action: string; detail: Record<string, unknown> }>(
    'select at, actor, action, detail from app_private.owner_audit order by id desc limit 200',
  )
  return r.rows.map((e) => ({ ...e, at: new Date(e.at).toISOString() }))
}

/**
 * How the audit log names an erased person: a keyed hash of the normalised address. It lets the
 * owner check "did I erase x?" by hashing x again, but reveals nothing to a reader of the table.
 */
export function addressHash(secret: Buffer, email: string): string {
  return createHmac('sha256', derivedKey(secret, 'audit')).update(email.trim().toLowerCase()).digest('hex').slice(0, 32)
}
