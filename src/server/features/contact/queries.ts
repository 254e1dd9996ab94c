import type { InboxFilter } from '../../../shared/contact.ts'
import type { Db } from '../../db/db.ts'

type Raw = {
  id: string | number
  name: string
  email: string
  subject: string
  message: string
  created_at: Date | string
  handled_at: Date | string | null
  handled_by: string | null
}

/** Contact messages newest first, each new (no state row) or handled. */
export async function listContactMessages(db: Db, input: { filter: InboxFilter; page: number; size: number }) {
  const where =
    input.filter === 'new'
      ? 'where h.contact_message_id is null'
      : input.filter === 'handled'
        ? 'where h.contact_message_id is not null'
        : ''
  const rows = await db.query<Raw>(
    `select m.id, m.name, m.email, m.subject, m.message, m.created_at, h.handled_at, h.handled_by
     from public.contact_messages m left join app_private.contact_message_states h on h.contact_message_id = m.id
     ${where} order by m.id desc limit $1 offset $2`,
    [input.size, (input.page - 1) * input.size],
  )
  const counts = await db.query<{ all: string | number; handled: string | number }>(
    `select (select count(*) from public.contact_messages) as all,
            (select count(*) from app_private.contact_message_states) as handled`,
  )
  const all = Number(counts.rows[0]!.all)
  const handled = Number(counts.rows[0]!.handled)
  return {
    rows: rows.rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      email: r.email,
      subject: r.subject,
      message: r.message,
      createdAt: new Date(r.created_at).toISOString(),
      handledAt: r.handled_at === null ? null : new Date(r.handled_at).toISOString(),
      handledBy: r.handled_by,
    })),
    counts: { all, new: all - handled, handled },
    page: input.page,
    size: input.size,
  }
}

/** Marks a message handled (idempotent); false when there is no such message. */
export async function markHandled(db: Db, id: number, by: string): Promise<boolean> {
  const r = await db.query(
    `insert into app_private.contact_message_states (contact_message_id, handled_by)
     select id, $2 from public.contact_messages where id = $1
     on conflict (contact_message_id) do nothing`,
    [id, by],
  )
  if (r.rowCount > 0) return true
  return (await db.query('select 1 from public.contact_messages where id = $1', [id])).rows.length > 0
}

export async function reopen(db: Db, id: number): Promise<boolean> {
  await db.query('delete from app_private.contact_message_states where contact_message_id = $1', [id])
  return (await db.query('select 1 from public.contact_messages where id = $1', [id])).rows.length > 0
}
