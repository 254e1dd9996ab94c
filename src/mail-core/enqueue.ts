import type { EmailKind } from '../emails/define-kind.ts'
import type { Queryable } from './db.ts'
import { KINDS, type RegisteredKind } from '../emails/kinds.ts'
import { dedupeKeyOf } from '../emails/dedupe-key.ts'

/** One email to queue: its recipient, what makes it unique (see the kind's dedupeKey), its payload. */
type EnqueueItem<Key, Payload> = {
  to: string
  key: Key
  payload: Payload
  /** Not before this many milliseconds from now (the database's now); default 0. */
  delayMs?: number
}

type ItemOf<K> = K extends EmailKind<string, infer Key, infer Payload> ? EnqueueItem<Key, Payload> : never

/**
 * The one place TypeScript inserts into app_private.email_queue. Queues each item unless an email
 * with its dedupe key was ever queued (`<kind>:<dedupeKey(key)>`, unique in the table), all in one
 * statement; returns the items queued now, in the order given. Only kinds of the registry
 * (kinds.ts) can be queued, and each payload must match its kind's schema.
 */
export async function enqueue<K extends RegisteredKind>(
  db: Queryable,
  kind: K,
  items: ItemOf<K> | readonly ItemOf<K>[],
): Promise<ItemOf<K>[]> {
  if (KINDS[kind.kind as keyof typeof KINDS] !== kind) throw new Error(`enqueue: unknown email kind ${kind.kind}`)
  const list: ItemOf<K>[] = Array.isArray(items) ? [...items] : [items as ItemOf<K>]
  if (list.length === 0) return []
  const definition = kind as EmailKind<string, unknown, unknown>
  const rows = list.map((item) => ({
    to_email: item.to,
    dedupe_key: dedupeKeyOf(definition, item.key),
    payload: definition.payload.parse(item.payload),
    delay_ms: item.delayMs ?? 0,
  }))
  const r = await db.query<{ dedupe_key: string }>(
    `insert into app_private.email_queue (kind, to_email, dedupe_key, payload, next_attempt_at)
     select $1, r.to_email, r.dedupe_key, r.payload, now() + make_interval(secs => r.delay_ms / 1000)
     from jsonb_to_recordset($2::jsonb) as r(to_email text, dedupe_key text, payload jsonb, delay_ms double precision)
     on conflict (dedupe_key) do nothing
     returning dedupe_key`,
    [kind.kind, JSON.stringify(rows)],
  )
  const queued = new Set(r.rows.map((row) => row.dedupe_key))
  return list.filter((_, i) => queued.has(rows[i]!.dedupe_key))
}
