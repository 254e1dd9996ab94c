import type { Tx } from '../../db/db.ts'

export type ImportRow = { email: string; created_at: string | null; locale: string | null }

/**
 * One batch of an import, one statement: which rows' mailboxes are already on the list or
 * suppressed, and (unless `dryRun`) the others inserted with the import's source. The insert
 * goes through the sign-up trigger like any other, so a mailbox signed up by a visitor in the
 * same instant is dropped there (counted by the caller as already on the list). Imported people
 * count as confirmed (they were on the founder's list) unless a confirmation request is to ask
 * them; then they are new sign-ups of today, whose week to confirm starts now.
 *
 * The batch is one `signups.imported` outbound event, in its transaction, rather than a
 * `signup.created` per row (migration 20261127021130; docs/decisions/list-import.md).
 */
export async function importBatch(
  tx: Tx,
  rows: readonly ImportRow[],
  options: { source: string; unconfirmed: boolean; dryRun: boolean },
): Promise<{ listed: number; suppressed: number; inserted: string[] }> {
  if (!options.dryRun) await tx.query(`select set_config('app.signup_origin', 'import', true)`)
  const r = await tx.query<{ listed: number; suppressed: number; inserted: string[] }>(
    `with r as (
       select * from jsonb_to_recordset($1::jsonb) as r(email text, created_at timestamptz, locale text)
     ), c as (
       select r.*,
              exists (select 1 from public.beta_signups s
                      where app_private.canonical_email(s.email) = app_private.canonical_email(r.email)) as listed,
              app_private.is_suppressed(r.email) as suppressed
       from r
     ), ins as (
       insert into public.beta_signups (email, created_at, locale, source, confirmed_at)
       select email,
              case when $3::boolean then now() else coalesce(created_at, now()) end,
              locale, $2,
              case when $3::boolean then null else now() end
       from c
       where not $4::boolean and not listed and not suppressed
       returning email
     )
     select (select count(*)::int from c where listed) as listed,
            (select count(*)::int from c where suppressed and not listed) as suppressed,
            (select coalesce(json_agg(email), '[]'::json) from ins) as inserted`,
    [JSON.stringify(rows), options.source, options.unconfirmed, options.dryRun],
  )
  const row = r.rows[0]!
  if (row.inserted.length) {
    const data = { source: options.source, count: row.inserted.length, confirmed: !options.unconfirmed }
    await tx.query(
      `select app_private.emit_outbound_event('signups.imported', null, $1::jsonb || jsonb_build_object('imported_at', now()))`,
      [JSON.stringify(data)],
    )
  }
  return { listed: Number(row.listed), suppressed: Number(row.suppressed), inserted: row.inserted }
}
