import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/db.ts'

// The salt of each UTC day, random (a salt derived from the date could be tested against
// a guessed address and browser), shared by every process through the database, and deleted 48
// hours after its day began together with the visitor rows made under it (on delete cascade).

const SALT_BYTES = 16

/** YYYY-MM-DD of the UTC day `ms` falls in. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** The UTC day before `day`. */
export function dayBefore(day: string): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) - 86_400_000)
}

type SaltStore = {
  /** The day's salt if this process has it already; the counter hashes at once with it. */
  cached(day: string): Buffer | undefined
  /** The day's salt, made (once for all processes) when it does not exist yet. */
  ensure(day: string): Promise<Buffer>
  /** The day's salt if it exists (yesterday's, to keep a visit across midnight one); never made. */
  find(day: string): Promise<Buffer | undefined>
  /**
   * Deletes the salts (and their visitor rows) of days before `today - 1`, and counts older than
   * 25 months; returns how many salts went.
   */
  purgeBefore(today: string): Promise<number>
}

export function createSaltStore(db: Db): SaltStore {
  const salts = new Map<string, Buffer | null>()
  const keep = (day: string, salt: Buffer | null) => {
    salts.set(day, salt)
    // Only today and yesterday are ever used.
    if (salts.size > 4) for (const d of [...salts.keys()].sort().slice(0, salts.size - 4)) salts.delete(d)
  }
  return {
    cached: (day) => salts.get(day) ?? undefined,
    async ensure(day) {
      const known = salts.get(day)
      if (known) return known
      await db.query(
        'insert into app_private.analytics_salts (day, salt) values ($1::date, $2) on conflict (day) do nothing',
        [day, randomBytes(SALT_BYTES)],
      )
      const salt = await readSalt(db, day)
      if (!salt) throw new Error(`analytics: the salt of ${day} was deleted as it was made`)
      keep(day, salt)
      return salt
    },
    async find(day) {
      if (salts.has(day)) return salts.get(day) ?? undefined
      const salt = await readSalt(db, day)
      // A missing salt is not remembered: another process may make it later today.
      if (salt) keep(day, salt)
      return salt
    },
    async purgeBefore(today) {
      const oldest = dayBefore(today)
      for (const d of salts.keys()) if (d < oldest) salts.delete(d)
      const r = await db.query('delete from app_private.analytics_salts where day < $1::date', [oldest])
      await db.query("delete from app_private.analytics_flushes where at < now() - interval '48 hours'")
      // The counts themselves: at most 25 months, as the privacy text says (CNIL's limit for
      // audience measurement without consent).
      const limit = `${today}T00:00:00Z`
      await db.query("delete from app_private.analytics_hourly where hour < $1::timestamptz - interval '25 months'", [
        limit,
      ])
      await db.query("delete from app_private.analytics_left_out where hour < $1::timestamptz - interval '25 months'", [
        limit,
      ])
      await db.query(
        "delete from app_private.analytics_app_opens where hour < $1::timestamptz - interval '25 months'",
        [limit],
      )
      return r.rowCount ?? 0
    },
  }
}

async function readSalt(db: Db, day: string): Promise<Buffer | undefined> {
  const r = await db.query<{ salt: Buffer | Uint8Array }>(
    'select salt from app_private.analytics_salts where day = $1::date',
    [day],
  )
  const salt = r.rows[0]?.salt
  return salt ? Buffer.from(salt) : undefined
}
