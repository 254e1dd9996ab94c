import type { Db } from '../../db/db.ts'
import type {
  ChannelTarget,
  Device,
  LaunchBucket,
  LaunchSourceRow,
  LeftOutReason,
  LeftOutRow,
  ShareChannel,
  System,
} from '../../../shared/launch-analytics.ts'
import { LEFT_OUT_REASONS, MAX_SOURCE_ROWS, OTHER_SOURCE } from '../../../shared/launch-analytics.ts'

// The SQL of launch analytics. docs/decisions/launch-analytics.md

export type Labels = { source: string; medium: string; campaign: string; device: Device; os: System }

/** One visitor of one day, as a flush writes it: the hashes only, never what they were made of. */
export type VisitorBatchRow = Labels & {
  day: string
  /** HMAC under the day's salt, hex. */
  visitor: string
  /** The same visitor's HMAC under yesterday's salt, hex; null when there is none. */
  previous: string | null
  /** The hour of their first visit in this batch (ISO). */
  hour: string
  joinable: boolean
  pageviews: number
}
type ViewBatchRow = Labels & { hour: string; pageviews: number }
type LeftOutBatchRow = { hour: string; reason: LeftOutReason; requests: number }

export type Batch = {
  id: string
  visitors: VisitorBatchRow[]
  views: ViewBatchRow[]
  leftOut: LeftOutBatchRow[]
  /** Share-link openings counted since the last flush, per link. */
  opens?: { name: string; opens: number }[]
  /** /app openings counted since the last flush, per hour, source and platform. */
  appOpens?: { hour: string; source: string; os: System; opens: number }[]
}

/**
 * Writes one flush in one transaction. Its id goes in analytics_flushes first: a flush retried
 * after an unknown outcome finds it and writes nothing, so nothing is counted twice. Returns
 * false when the batch had been written already.
 */
export async function writeBatch(db: Db, batch: Batch): Promise<boolean> {
  return db.transaction(async (tx) => {
    const fresh = await tx.query(
      'insert into app_private.analytics_flushes (id) values ($1::uuid) on conflict (id) do nothing returning id',
      [batch.id],
    )
    if (fresh.rows.length === 0) return false
    const hourly = new Map<string, Labels & { hour: string; visitors: number; pageviews: number }>()
    const add = (row: Labels & { hour: string }, visitors: number, pageviews: number) => {
      const key = JSON.stringify([row.hour, row.source, row.medium, row.campaign, row.device, row.os])
      const h = hourly.get(key) ?? { ...pick(row), hour: row.hour, visitors: 0, pageviews: 0 }
      h.visitors += visitors
      h.pageviews += pageviews
      hourly.set(key, h)
    }
    for (const v of batch.views) add(v, 0, v.pageviews)
    if (batch.visitors.length) {
      // A visitor of yesterday in this very batch (a visit across midnight within one flush).
      const inBatch = new Set(batch.visitors.map((v) => `${v.day}:${v.visitor}`))
      const r = await tx.query<{ day: string; visitor: string; inserted: boolean }>(
        `with input as (
           select * from jsonb_to_recordset($1::jsonb) as x(day date, visitor text, source text, medium text,
             campaign text, device text, os text, joinable boolean, pageviews integer)
         )
         insert into app_private.analytics_visitors as v
           (day, visitor, source, medium, campaign, device, os, joinable, pageviews)
         select day, decode(visitor, 'hex'), source, medium, campaign, device, os, joinable, pageviews from input
         on conflict (day, visitor) do update set
           pageviews = v.pageviews + excluded.pageviews,
           -- The latest named source wins over "direct" (last click, as the tools we read do).
           source = case when excluded.source <> 'direct' then excluded.source else v.source end,
           medium = case when excluded.source <> 'direct' then excluded.medium else v.medium end,
           campaign = case when excluded.source <> 'direct' then excluded.campaign else v.campaign end,
           joinable = v.joinable and excluded.joinable
         returning to_char(day, 'YYYY-MM-DD') as day, encode(visitor, 'hex') as visitor, (xmax = 0) as inserted`,
        [JSON.stringify(batch.visitors)],
      )
      const inserted = new Set(r.rows.filter((x) => x.inserted).map((x) => `${x.day}:${x.visitor}`))
      const candidates = batch.visitors.filter((v) => inserted.has(`${v.day}:${v.visitor}`))
      const yesterday = await seenYesterday(tx, candidates)
      for (const v of candidates) {
        const prevKey = v.previous === null ? null : `${dayBeforeIso(v.day)}:${v.previous}`
        if (prevKey && (yesterday.has(prevKey) || inBatch.has(prevKey))) continue
        add(v, 1, 0)
      }
    }
    if (hourly.size) {
      await tx.query(
        `insert into app_private.analytics_hourly as h (hour, source, medium, campaign, device, os, visitors, pageviews)
         select hour, source, medium, campaign, device, os, visitors, pageviews
         from jsonb_to_recordset($1::jsonb) as x(hour timestamptz, source text, medium text, campaign text,
           device text, os text, visitors integer, pageviews integer)
         on conflict (hour, source, medium, campaign, device, os) do update set
           visitors = h.visitors + excluded.visitors, pageviews = h.pageviews + excluded.pageviews`,
        [JSON.stringify([...hourly.values()])],
      )
    }
    if (batch.leftOut.length) {
      await tx.query(
        `insert into app_private.analytics_left_out as l (hour, reason, requests)
         select hour, reason, requests from jsonb_to_recordset($1::jsonb) as x(hour timestamptz, reason text, requests integer)
         on conflict (hour, reason) do update set requests = l.requests + excluded.requests`,
        [JSON.stringify(batch.leftOut)],
      )
    }
    if (batch.opens?.length) {
      // A link deleted in the meantime simply takes nothing.
      await tx.query(
        `update app_private.analytics_channels c set opens = c.opens + x.opens
         from jsonb_to_recordset($1::jsonb) as x(name text, opens integer) where c.name = x.name`,
        [JSON.stringify(batch.opens)],
      )
    }
    if (batch.appOpens?.length) {
      await tx.query(
        `insert into app_private.analytics_app_opens as a (hour, source, os, opens)
         select hour, source, os, opens from jsonb_to_recordset($1::jsonb) as x(hour timestamptz, source text, os text, opens integer)
         on conflict (hour, source, os) do update set opens = a.opens + excluded.opens`,
        [JSON.stringify(batch.appOpens)],
      )
    }
    return true
  })
}

function pick(l: Labels): Labels {
  return { source: l.source, medium: l.medium, campaign: l.campaign, device: l.device, os: l.os }
}

function dayBeforeIso(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
}

async function seenYesterday(tx: Pick<Db, 'query'>, visitors: readonly VisitorBatchRow[]): Promise<Set<string>> {
  const keys = visitors
    .filter((v) => v.previous !== null)
    .map((v) => ({ day: dayBeforeIso(v.day), visitor: v.previous! }))
  if (!keys.length) return new Set()
  const r = await tx.query<{ day: string; visitor: string }>(
    `select to_char(v.day, 'YYYY-MM-DD') as day, encode(v.visitor, 'hex') as visitor
     from app_private.analytics_visitors v
     join jsonb_to_recordset($1::jsonb) as x(day date, visitor text) on v.day = x.day and v.visitor = decode(x.visitor, 'hex')`,
    [JSON.stringify(keys)],
  )
  return new Set(r.rows.map((x) => `${x.day}:${x.visitor}`))
}

/** A visitor's attribution on one of the given days (hex HMACs), the latest day first. */
export async function visitorLabels(
  db: Db,
  keys: readonly { day: string; visitor: string }[],
): Promise<(Labels & { joinable: boolean }) | null> {
  if (!keys.length) return null
  const r = await db.query<Labels & { joinable: boolean }>(
    `select v.source, v.medium, v.campaign, v.device, v.os, v.joinable
     from app_private.analytics_visitors v
     join jsonb_to_recordset($1::jsonb) as x(day date, visitor text) on v.day = x.day and v.visitor = decode(x.visitor, 'hex')
     order by v.day desc limit 1`,
    [JSON.stringify(keys)],
  )
  return r.rows[0] ?? null
}

type Range = { from: string; to: string; bucket: 'hour' | 'day' }

const UNKNOWN = '(unknown)'

/**
 * Visitors per source from the hourly counts, and the sign-ups' funnel per source, in the range:
 * the first MAX_SOURCE_ROWS sources (most sign-ups, then most visitors), then one OTHER_SOURCE row
 * with the rest and the visits counted past the caps on new sources.
 */
export async function sourceRows(db: Db, range: Range): Promise<LaunchSourceRow[]> {
  const r = await db.query<Record<string, string | number | null>>(
    `with visits as (
       select source, sum(visitors) as visitors, sum(pageviews) as pageviews,
         sum(visitors) filter (where os = 'ios') as ios, sum(visitors) filter (where os = 'android') as android,
         sum(visitors) filter (where os = 'other') as other, sum(visitors) filter (where device = 'mobile') as mobile
       from app_private.analytics_hourly where hour >= $1::timestamptz and hour < $2::timestamptz
       group by source
     ), app as (
       select source, sum(opens) as app_opens, sum(opens) filter (where os = 'ios') as app_opens_ios,
         sum(opens) filter (where os = 'android') as app_opens_android, sum(opens) filter (where os = 'other') as app_opens_other
       from app_private.analytics_app_opens where hour >= $1::timestamptz and hour < $2::timestamptz
       group by source
     ), signups as (
       select coalesce(s.source, $3) as source, count(*) as signups,
         count(*) filter (where s.confirmed_at is not null) as confirmed,
         count(*) filter (where s.invited_at is not null) as invited,
         count(*) filter (where s.opened_at is not null) as opened,
         count(*) filter (where exists (select 1 from app_private.beta_feedback f where f.signup_id = s.id)) as feedback,
         count(*) filter (where s.app_opened_at is not null) as opened_after_launch
       from public.beta_signups s where s.created_at >= $1::timestamptz and s.created_at < $2::timestamptz
       group by 1
     ), joined as (
       select coalesce(v.source, g.source, a.source) as source, coalesce(v.visitors, 0) as visitors,
         coalesce(v.pageviews, 0) as pageviews,
         coalesce(g.signups, 0) as signups, coalesce(g.confirmed, 0) as confirmed, coalesce(g.invited, 0) as invited,
         coalesce(g.opened, 0) as opened, coalesce(g.feedback, 0) as feedback, coalesce(v.ios, 0) as ios,
         coalesce(v.android, 0) as android, coalesce(v.other, 0) as other, coalesce(v.mobile, 0) as mobile,
         coalesce(a.app_opens, 0) as app_opens, coalesce(a.app_opens_ios, 0) as app_opens_ios,
         coalesce(a.app_opens_android, 0) as app_opens_android, coalesce(a.app_opens_other, 0) as app_opens_other,
         coalesce(g.opened_after_launch, 0) as opened_after_launch
       from visits v full join signups g on g.source = v.source
         full join app a on a.source = coalesce(v.source, g.source)
     ), ranked as (
       select *, row_number() over (order by source = $4, signups desc, visitors desc, app_opens desc, source) as rank
       from joined
     ), grouped as (
       select case when rank <= $5 and source <> $4 then source else $4 end as source,
         min(rank) as first_rank, sum(visitors) as visitors, sum(pageviews) as pageviews, sum(signups) as signups,
         sum(confirmed) as confirmed, sum(invited) as invited, sum(opened) as opened, sum(feedback) as feedback,
         sum(ios) as ios, sum(android) as android, sum(other) as other, sum(mobile) as mobile,
         sum(app_opens) as app_opens, sum(app_opens_ios) as app_opens_ios, sum(app_opens_android) as app_opens_android,
         sum(app_opens_other) as app_opens_other, sum(opened_after_launch) as opened_after_launch
       from ranked group by 1
     )
     select * from grouped order by source = $4, first_rank`,
    [range.from, range.to, UNKNOWN, OTHER_SOURCE, MAX_SOURCE_ROWS],
  )
  return r.rows.map((row) => {
    const n = (k: string) => Number(row[k] ?? 0)
    const visitors = n('visitors')
    return {
      source: String(row.source),
      visitors,
      pageviews: n('pageviews'),
      signups: n('signups'),
      conversion: visitors > 0 ? n('signups') / visitors : null,
      confirmed: n('confirmed'),
      invited: n('invited'),
      opened: n('opened'),
      feedback: n('feedback'),
      ios: n('ios'),
      android: n('android'),
      other: n('other'),
      mobile: n('mobile'),
      appOpens: n('app_opens'),
      appOpensIos: n('app_opens_ios'),
      appOpensAndroid: n('app_opens_android'),
      appOpensOther: n('app_opens_other'),
      openedAfterLaunch: n('opened_after_launch'),
    }
  })
}

/** Visitors, document requests and sign-ups per hour or day of the range, empty ones included. */
export async function buckets(db: Db, range: Range): Promise<LaunchBucket[]> {
  const step = range.bucket === 'hour' ? '1 hour' : '1 day'
  const r = await db.query<{
    at: string
    visitors: string | number
    pageviews: string | number
    signups: string | number
  }>(
    `with slots as (
       select generate_series(date_trunc($3, $1::timestamptz at time zone 'UTC') at time zone 'UTC',
                              $2::timestamptz - interval '1 microsecond', $4::interval) as at
     )
     select to_char(s.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
       coalesce((select sum(h.visitors) from app_private.analytics_hourly h
                 where h.hour >= s.at and h.hour < s.at + $4::interval), 0) as visitors,
       coalesce((select sum(h.pageviews) from app_private.analytics_hourly h
                 where h.hour >= s.at and h.hour < s.at + $4::interval), 0) as pageviews,
       (select count(*) from public.beta_signups b
        where b.created_at >= greatest(s.at, $1::timestamptz) and b.created_at < s.at + $4::interval
          and b.created_at < $2::timestamptz) as signups
     from slots s order by s.at`,
    [range.from, range.to, range.bucket, step],
  )
  return r.rows.map((b) => ({
    at: b.at,
    visitors: Number(b.visitors),
    pageviews: Number(b.pageviews),
    signups: Number(b.signups),
  }))
}

/**
 * Whether any page request was ever counted here, as a visit or left out: a server that has the
 * page but whose proxy serves it has none, and the Launch view says so instead of showing zeros.
 */
export async function documentsSeen(db: Db): Promise<boolean> {
  const r = await db.query<{ seen: boolean }>(
    `select exists (select 1 from app_private.analytics_hourly where pageviews > 0)
       or exists (select 1 from app_private.analytics_left_out) as seen`,
  )
  return r.rows[0]?.seen === true
}

/** The ledger: every reason, with how many requests it left out in the range (zeros included). */
export async function leftOutRows(db: Db, range: Range): Promise<LeftOutRow[]> {
  const r = await db.query<{ reason: string; requests: string | number }>(
    `select reason, sum(requests) as requests from app_private.analytics_left_out
     where hour >= $1::timestamptz and hour < $2::timestamptz group by reason`,
    [range.from, range.to],
  )
  const found = new Map(r.rows.map((x) => [x.reason, Number(x.requests)]))
  return LEFT_OUT_REASONS.map((reason) => ({ reason, requests: found.get(reason) ?? 0 }))
}

// --- Share links

export async function listChannels(db: Db): Promise<ShareChannel[]> {
  const r = await db.query<{
    name: string
    source: string
    medium: string
    target: ChannelTarget
    opens: number
    created_at: Date | string
  }>(
    'select name, source, medium, target, opens, created_at from app_private.analytics_channels order by created_at, name',
  )
  return r.rows.map((c) => ({
    name: c.name,
    source: c.source,
    medium: c.medium,
    target: c.target,
    opens: Number(c.opens),
    createdAt: new Date(c.created_at).toISOString(),
  }))
}

/** Makes a share link, or changes the source of the one with that name; true when it is new. */
export async function saveChannel(
  db: Db,
  c: { name: string; source: string; medium: string; target: ChannelTarget },
): Promise<boolean> {
  const r = await db.query<{ inserted: boolean }>(
    `insert into app_private.analytics_channels as c (name, source, medium, target) values ($1, $2, $3, $4)
     on conflict (name) do update set source = excluded.source, medium = excluded.medium, target = excluded.target
     returning (xmax = 0) as inserted`,
    [c.name, c.source, c.medium, c.target],
  )
  return r.rows[0]!.inserted
}

export async function deleteChannel(db: Db, name: string): Promise<boolean> {
  const r = await db.query('delete from app_private.analytics_channels where name = $1', [name])
  return r.rowCount > 0
}

/** The link's source and medium; null for no such link. Its openings are counted in memory (counter.ts). */
export async function findChannel(
  db: Db,
  name: string,
): Promise<{ source: string; medium: string; target: ChannelTarget } | null> {
  const r = await db.query<{ source: string; medium: string; target: ChannelTarget }>(
    'select source, medium, target from app_private.analytics_channels where name = $1',
    [name],
  )
  return r.rows[0] ?? null
}

// --- A person's own /app link

/**
 * The person of an /app link's token: their language, and whether this was the link's first
 * opening (written once, in the same statement). Null for a token nobody has.
 */
export async function recordAppOpened(
  db: Db,
  token: string,
): Promise<{ locale: string | null; first: boolean } | null> {
  const r = await db.query<{ locale: string | null; first: boolean }>(
    `with person as (select id, locale from public.beta_signups where app_token = $1::uuid),
     opened as (
       update public.beta_signups s set app_opened_at = now()
       from person where s.id = person.id and s.app_opened_at is null returning s.id
     )
     select person.locale, exists (select 1 from opened) as first from person`,
    [token],
  )
  return r.rows[0] ?? null
}
