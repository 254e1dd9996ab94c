import type { Db } from '../../db/db.ts'

// The readiness card's reads and its one write (readiness-routes.ts).

const EXPECTED = 'launch_expected_signups'

export async function readExpected(db: Db): Promise<number | null> {
  const r = await db.query<{ value: string }>('select value from app_private.console_settings where name = $1', [
    EXPECTED,
  ])
  return r.rows[0] ? Number(r.rows[0].value) : null
}

export async function writeExpected(db: Db, expected: number | null): Promise<void> {
  if (expected === null) await db.query('delete from app_private.console_settings where name = $1', [EXPECTED])
  else
    await db.query(
      `insert into app_private.console_settings (name, value) values ($1, $2)
       on conflict (name) do update set value = excluded.value, updated_at = now()`,
      [EXPECTED, String(expected)],
    )
}

/** The most sign-ups stored in one UTC day of the last seven (today included). */
export async function busiestDay(db: Db): Promise<number> {
  const r = await db.query<{ n: number | string | null }>(
    `select max(n) as n from (
       select count(*) as n from public.beta_signups
       where created_at >= ((now() at time zone 'UTC')::date - 6)::timestamp at time zone 'UTC'
       group by (created_at at time zone 'UTC')::date
     ) days`,
  )
  return Number(r.rows[0]?.n ?? 0)
}
