import type { Db } from '../db/db.ts'

// What an owner set in the console (app_private.console_settings): one text per name, and no
// row for "not set", so the setting's default applies.

export async function readConsoleSetting(db: Db, name: string): Promise<string | null> {
  const r = await db.query<{ value: string }>('select value from app_private.console_settings where name = $1', [name])
  return r.rows[0]?.value ?? null
}

/** Sets the value; null removes it. */
export async function writeConsoleSetting(db: Db, name: string, value: string | null): Promise<void> {
  if (value === null) await db.query('delete from app_private.console_settings where name = $1', [name])
  else
    await db.query(
      `insert into app_private.console_settings (name, value) values ($1, $2)
       on conflict (name) do update set value = excluded.value, updated_at = now()`,
      [name, value],
    )
}
