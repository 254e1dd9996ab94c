import type { FeedbackEntry, FeedbackQuery, FeedbackSummaryRow } from '../../../shared/feedback.ts'
import type { PlatformChoice } from '../../../shared/beta-testers.ts'
import type { Db } from '../../db/db.ts'
import { readConsoleSetting, writeConsoleSetting } from '../../owner/console-settings.ts'

// Tester feedback, stored by /beta/feedback and read by the console's Feedback view.
// Decisions: docs/decisions/tester-messages-and-feedback.md

/** The sign-up a feedback link belongs to, or null for an unknown token. */
export async function signupByFeedbackToken(
  db: Db,
  token: string,
): Promise<{ id: string; email: string; platform: PlatformChoice; locale: string | null } | null> {
  const r = await db.query<{ id: string; email: string; platform: PlatformChoice; locale: string | null }>(
    'select id::text as id, email, platform, locale from public.beta_signups where feedback_token = $1::uuid',
    [token],
  )
  return r.rows[0] ?? null
}

type NewFeedback = {
  signupId: string | null
  email: string
  rating: number
  works: string
  broken: string
  platform: PlatformChoice
  os_version: string
  build: string
}

/** Stores one entry; its trigger queues the owners' notification under the hourly cap. */
export async function insertFeedback(db: Db, f: NewFeedback): Promise<number> {
  const r = await db.query<{ id: string }>(
    `insert into app_private.beta_feedback (signup_id, email, rating, works, broken, platform, os_version, build)
     values ($1::bigint, $2, $3, $4, $5, $6, $7, $8) returning id::text as id`,
    [f.signupId, f.email, f.rating, f.works, f.broken, f.platform, f.os_version, f.build],
  )
  return Number(r.rows[0]!.id)
}

const BUILD_LABEL = 'beta_build_label'

/** The build label the page fills in: the console's, else the setting (BETA_BUILD_LABEL). */
export async function currentBuildLabel(db: Db, fallback: string): Promise<string> {
  return (await readConsoleSetting(db, BUILD_LABEL)) ?? fallback
}

/** Sets the label; an empty one goes back to the setting. */
export const setBuildLabel = (db: Db, label: string) =>
  writeConsoleSetting(db, BUILD_LABEL, label === '' ? null : label)

type Filters = Pick<FeedbackQuery, 'build' | 'rating' | 'platform'>

function where(f: Filters, first: number): { sql: string; params: unknown[] } {
  const parts: string[] = []
  const params: unknown[] = []
  if (f.build !== undefined) parts.push(`f.build = $${first + params.push(f.build) - 1}`)
  if (f.rating !== undefined) parts.push(`f.rating = $${first + params.push(f.rating) - 1}`)
  if (f.platform !== 'all') parts.push(`f.platform = $${first + params.push(f.platform) - 1}`)
  return { sql: parts.length ? parts.join(' and ') : 'true', params }
}

type Raw = {
  id: string
  email: string
  rating: number
  works: string
  broken: string
  platform: FeedbackEntry['platform']
  os_version: string
  build: string
  created_at: string | Date
}
const COLUMNS =
  'f.id::text as id, f.email, f.rating, f.works, f.broken, f.platform, f.os_version, f.build, f.created_at'
const entry = (r: Raw): FeedbackEntry => ({
  id: Number(r.id),
  email: r.email,
  rating: Number(r.rating),
  works: r.works,
  broken: r.broken,
  platform: r.platform,
  osVersion: r.os_version,
  build: r.build,
  createdAt: new Date(r.created_at).toISOString(),
})

/** A page of entries, newest first, with the filtered total. */
export async function listFeedback(db: Db, q: FeedbackQuery): Promise<{ rows: FeedbackEntry[]; total: number }> {
  const w = where(q, 3)
  const rows = await db.query<Raw>(
    `select ${COLUMNS} from app_private.beta_feedback f where ${w.sql} order by f.id desc limit $1 offset $2`,
    [q.size, (q.page - 1) * q.size, ...w.params],
  )
  const total = await db.query<{ n: string | number }>(
    `select count(*) as n from app_private.beta_feedback f where ${where(q, 1).sql}`,
    w.params,
  )
  return { rows: rows.rows.map(entry), total: Number(total.rows[0]!.n) }
}

/** Count and average rating per build, the build with the newest entry first. */
export async function feedbackSummary(db: Db): Promise<FeedbackSummaryRow[]> {
  const r = await db.query<{ build: string; n: string | number; average: string | number }>(
    `select build, count(*) as n, round(avg(rating), 2) as average
     from app_private.beta_feedback group by build order by max(id) desc limit 100`,
  )
  return r.rows.map((x) => ({ build: x.build, count: Number(x.n), average: Number(x.average) }))
}

/** Every entry matching the filters, newest first, in batches by key (as the sign-ups' export). */
export async function* allFeedback(db: Db, f: Filters, batch = 2000): AsyncGenerator<FeedbackEntry[]> {
  const w = where(f, 3)
  let before = Number.MAX_SAFE_INTEGER
  for (;;) {
    const r = await db.query<Raw>(
      `select ${COLUMNS} from app_private.beta_feedback f where f.id < $2 and ${w.sql} order by f.id desc limit $1`,
      [batch, before, ...w.params],
    )
    if (r.rows.length === 0) return
    yield r.rows.map(entry)
    if (r.rows.length < batch) return
    before = Number(r.rows.at(-1)!.id)
  }
}
