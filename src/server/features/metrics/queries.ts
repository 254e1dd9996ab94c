import type { Db } from '../../db/db.ts'
import { readEmailQueueState, type CapacitySettings } from '../../../mail-core/email-capacity.ts'
import type { EmailQueueState } from '../../../shared/email-queue.ts'

// What /metrics reads from the database at each scrape: so every process behind a proxy answers
// the same counts, and nothing runs between scrapes. Each statement is a grouped count over one
// table (indexes of migration 20261126170000) or a min() on a queue's due index.
// docs/decisions/metrics.md

/** More distinct sources than this are summed under OTHER_SOURCE: a source is visitor-chosen text. */
export const MAX_SOURCES = 30
export const NO_SOURCE = '(none)'
export const OTHER_SOURCE = '(other)'

type QueueState = { depth: number; oldestDueSeconds: number }

export type MetricsSnapshot = {
  signups: { source: string; count: number }[]
  emails: { kind: string; status: string; count: number }[]
  deliveries: { destination: string; outcome: string; count: number }[]
  queues: { email: QueueState; outbound: QueueState }
  /** The email queue against the plan's capacity (issue 52): waiting by kind, pace, drain time. */
  emailCapacity: EmailQueueState
}

type QueueRow = { depth: string | number; oldest_due_s: string | number | null }

export async function readMetrics(db: Db, capacity: CapacitySettings): Promise<MetricsSnapshot> {
  // One repeatable-read snapshot, so the figures of one scrape agree with each other.
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only')
    const signups = await tx.query<{ source: string | null; n: string | number }>(
      `select source, count(*) as n from public.beta_signups group by source order by count(*) desc, source`,
    )
    const emails = await tx.query<{ kind: string; status: string; n: string | number }>(
      `select kind, status, count(*) as n from app_private.email_queue group by kind, status order by kind, status`,
    )
    const deliveries = await tx.query<{ kind: string; status: string; n: string | number }>(
      `select e.kind, d.status, sum(d.n) as n
       from (select endpoint_id, status, count(*) as n from app_private.outbound_deliveries
             group by endpoint_id, status) d
       join app_private.outbound_endpoints e on e.id = d.endpoint_id
       group by e.kind, d.status order by e.kind, d.status`,
    )
    // Depth: everything not yet sent, due or scheduled. Oldest due: how long the longest-waiting
    // due item has waited (0 when none is due): the figure to alert on when a queue stops.
    const email = await tx.query<QueueRow>(
      `select count(*) as depth,
         extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())) as oldest_due_s
       from app_private.email_queue where status in ('pending', 'sending')`,
    )
    // A paused endpoint's deliveries wait for the owner, not for the sender: they are not due.
    const outbound = await tx.query<QueueRow>(
      `select count(*) as depth,
         extract(epoch from now() - min(d.next_attempt_at) filter (where d.next_attempt_at <= now())) as oldest_due_s
       from app_private.outbound_deliveries d
       join app_private.outbound_endpoints e on e.id = d.endpoint_id and e.enabled
       where d.status in ('pending', 'sending')`,
    )
    const emailCapacity = await readEmailQueueState(tx, capacity)
    return {
      emailCapacity,
      signups: bySource(signups.rows.map((r) => ({ source: r.source ?? NO_SOURCE, count: Number(r.n) }))),
      emails: emails.rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.n) })),
      deliveries: deliveries.rows.map((r) => ({ destination: r.kind, outcome: r.status, count: Number(r.n) })),
      queues: { email: queueState(email.rows[0]), outbound: queueState(outbound.rows[0]) },
    }
  })
}

function queueState(row: QueueRow | undefined): QueueState {
  const age = row?.oldest_due_s
  return { depth: Number(row?.depth ?? 0), oldestDueSeconds: age === null || age === undefined ? 0 : Number(age) }
}

/** The biggest sources by name, the rest summed: bounded labels whatever visitors send. */
function bySource(rows: { source: string; count: number }[]): { source: string; count: number }[] {
  const named = rows.filter((r) => r.source !== NO_SOURCE)
  const kept = named.slice(0, MAX_SOURCES)
  const rest = named.slice(MAX_SOURCES).reduce((n, r) => n + r.count, 0)
  const none = rows.find((r) => r.source === NO_SOURCE)
  return [...kept, ...(rest > 0 ? [{ source: OTHER_SOURCE, count: rest }] : []), ...(none ? [none] : [])]
}
