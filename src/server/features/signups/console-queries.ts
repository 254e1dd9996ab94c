import type { InvitationStatus, PlatformChoice, WelcomeState } from '../../../shared/beta-testers.ts'
import type { Selection } from '../../../shared/console-common.ts'
import type { Signup } from '../../../shared/signups.ts'
import type { Db } from '../../db/db.ts'
import { selectionWhere } from '../../owner/selection.ts'
import { isDisposable } from '../../owner/disposable.ts'
import { mailboxKeyPrefix } from '../../../emails/dedupe-key.ts'
import { welcome } from '../../../emails/welcome.kind.ts'

/** A sign-up as the console lists it (src/shared/console-api.ts). */
type SignupRow = Signup

/** `like` pattern for "contains `part`", case-insensitive, with % and _ taken literally. */
function containsPattern(part: string): string {
  return `%${part.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

// The welcome email's row for a sign-up, found by its dedupe key (one per mailbox, ever); the key's
// prefix, the kind's (WELCOME_KEY_PREFIX), is the parameter numbered `param`.
const welcomeJoin = (param: number) =>
  `left join app_private.email_queue q on q.dedupe_key = $${param}::text || app_private.canonical_email(s.email)`
const WELCOME_KEY_PREFIX = mailboxKeyPrefix(welcome)

// A mailbox that bounced or complained shows that, whatever its email did. The
// uncorrelated exists() runs once per query, so the keyed hash of each row is computed only when
// the list has such mailboxes at all.
const SUPPRESSED_SQL = `case when exists (select 1 from app_private.email_suppressions where reason <> 'unsubscribed')
  then (select x.reason from app_private.email_suppressions x
        where x.reason <> 'unsubscribed' and x.mailbox_hmac = app_private.mailbox_hmac(s.email)) end`

// 'cancelled' happens when the address left the list before the email went out.
const STATE_SQL = `coalesce(${SUPPRESSED_SQL}, case
  when q.status is null and s.welcome_withheld_at is not null then 'withheld'
  when q.status is null then 'none'
  when q.status = 'pending' and q.attempts > 0 then 'retrying'
  when q.status = 'pending' then 'queued'
  when q.status = 'cancelled' then 'unsubscribed'
  else q.status end)`

type Raw = {
  id: string | number
  email: string
  created_at: Date | string
  welcome: WelcomeState
  welcome_error: string | null
  platform?: PlatformChoice
  status?: InvitationStatus
  invited_at?: Date | string | null
  opened_at?: Date | string | null
}
const iso = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v).toISOString())
const toRow = (r: Raw): SignupRow => ({
  id: Number(r.id),
  email: r.email,
  createdAt: new Date(r.created_at).toISOString(),
  welcome: r.welcome,
  welcomeError: r.welcome === 'retrying' || r.welcome === 'failed' ? r.welcome_error : null,
  platform: r.platform ?? 'unknown',
  status: r.status ?? 'waiting',
  invitedAt: iso(r.invited_at),
  openedAt: iso(r.opened_at),
  disposable: isDisposable(r.email),
})

/** One page of sign-ups, newest first, optionally filtered by status, platform and part of the address. */
export async function listSignups(
  db: Db,
  input: { q: string; page: number; size: number } & Partial<Pick<Selection, 'status' | 'platform'>>,
) {
  const where = selectionWhere({ status: input.status ?? 'all', platform: input.platform ?? 'all', q: input.q }, 4)
  const counted = selectionWhere({ status: input.status ?? 'all', platform: input.platform ?? 'all', q: input.q }, 1)
  const [rows, total] = await Promise.all([
    db.query<Raw>(
      `select s.id, s.email, s.created_at, ${STATE_SQL} as welcome, q.last_error as welcome_error,
         s.platform, s.status, s.invited_at, s.opened_at
       from public.beta_signups s ${welcomeJoin(3)} where ${where.sql}
       order by s.id desc limit $1 offset $2`,
      [input.size, (input.page - 1) * input.size, WELCOME_KEY_PREFIX, ...where.params],
    ),
    db.query<{ n: string | number }>(
      `select count(*) as n from public.beta_signups s where ${counted.sql}`,
      counted.params,
    ),
  ])
  return { rows: rows.rows.map(toRow), total: Number(total.rows[0]!.n), page: input.page, size: input.size }
}

/** Totals and sign-ups per UTC day over the last `days` days (today included), gaps as zeros. */
export async function signupStats(db: Db, days: number) {
  const r = await db.query<{ day: string; n: string | number }>(
    `with days as (
       select generate_series((now() at time zone 'UTC')::date - ($1::int - 1), (now() at time zone 'UTC')::date, '1 day')::date as day
     )
     select to_char(d.day, 'YYYY-MM-DD') as day, count(s.id) as n
     from days d left join public.beta_signups s
       on s.created_at >= d.day::timestamp at time zone 'UTC' and s.created_at < (d.day + 1)::timestamp at time zone 'UTC'
     group by d.day order by d.day`,
    [days],
  )
  const totals = await db.query<{ total: string | number; today: string | number; week: string | number }>(
    `select count(*) as total,
       count(*) filter (where created_at >= (now() at time zone 'UTC')::date::timestamp at time zone 'UTC') as today,
       count(*) filter (where created_at >= now() - interval '7 days') as week
     from public.beta_signups`,
  )
  const t = totals.rows[0]!
  return {
    total: Number(t.total),
    today: Number(t.today),
    last7Days: Number(t.week),
    perDay: r.rows.map((x) => ({ day: x.day, count: Number(x.n) })),
  }
}

/**
 * Every sign-up, newest first, in batches by key (no OFFSET, no cursor: the same on PGlite and
 * PostgreSQL, and memory stays one batch whatever the list's size).
 */
export async function* allSignups(db: Db, q: string, batch = 5000): AsyncGenerator<SignupRow[]> {
  let before: number | null = null
  for (;;) {
    const params: unknown[] = [batch, before, WELCOME_KEY_PREFIX]
    if (q) params.push(containsPattern(q))
    const r: { rows: Raw[] } = await db.query<Raw>(
      `select s.id, s.email, s.created_at, ${STATE_SQL} as welcome, q.last_error as welcome_error
       from public.beta_signups s ${welcomeJoin(3)}
       where ($2::bigint is null or s.id < $2) ${q ? 'and lower(s.email) like $4' : ''}
       order by s.id desc limit $1`,
      params,
    )
    if (r.rows.length === 0) return
    const rows = r.rows.map(toRow)
    yield rows
    if (rows.length < batch) return
    before = rows.at(-1)!.id
  }
}
