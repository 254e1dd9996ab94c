import type { Db } from '../../db/db.ts'
import { readConsoleSetting, writeConsoleSetting } from '../../owner/console-settings.ts'

// The readiness card's reads and its one write (readiness-routes.ts).

const EXPECTED = 'launch_expected_signups'

export async function readExpected(db: Db): Promise<number | null> {
  const value = await readConsoleSetting(db, EXPECTED)
  return value === null ? null : Number(value)
}

export const writeExpected = (db: Db, expected: number | null) =>
  writeConsoleSetting(db, EXPECTED, expected === null ? null : String(expected))

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
