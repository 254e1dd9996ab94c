import type { Db } from '../../db/db.ts'

/**
 * Makes app_private.owner_emails hold exactly `emails` (already lower-cased): the trigger that
 * queues owner emails reads it, so the database knows the owners without reading our settings.
 * Every process writes the same list at its start; the last one's settings win.
 */
export async function syncOwnerEmails(
  db: Db,
  emails: readonly string[],
  /** OWNER_NOTIFY_MAX_PER_HOUR, which the trigger reads per owner; unset keeps what is stored. */
  notifyMaxPerHour?: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from app_private.owner_emails where not (email = any($1::text[]))', [emails])
    await tx.query(
      'insert into app_private.owner_emails (email) select unnest($1::text[]) on conflict (email) do nothing',
      [emails],
    )
    if (notifyMaxPerHour !== undefined)
      await tx.query('update app_private.owner_emails set notify_max_per_hour = $1', [notifyMaxPerHour])
  })
}
