import type { Db } from '../../db/db.ts'

/** The newest backup the audit log records (the server's, the CLI's, the schedule's). */
export async function lastBackup(db: Db): Promise<{ at: string; takenAt: string; actor: string } | null> {
  const r = await db.query<{ at: Date | string; actor: string; taken_at: string | null }>(
    `select at, actor, detail ->> 'takenAt' as taken_at from app_private.owner_audit
     where action = 'backup.create' order by id desc limit 1`,
  )
  const row = r.rows[0]
  if (!row) return null
  const at = new Date(row.at).toISOString()
  return { at, takenAt: row.taken_at ? new Date(row.taken_at).toISOString() : at, actor: row.actor }
}
