import { randomUUID } from 'node:crypto'
import { DIRECT, OTHER_SOURCE, type LeftOutReason, type System } from '../../../shared/launch-analytics.ts'
import type { createBudgets } from './budgets.ts'
import type { Batch, Labels, VisitorBatchRow } from './queries.ts'
import type { createSaltDays } from './salt-days.ts'
import { utcDay } from './salts.ts'
import { hash, hourOf } from './visitor-keys.ts'

// The counts in memory between two flushes, and their cut into small batches for the database.
// docs/decisions/launch-analytics.md

/** Distinct visitors held in memory between two flushes; past this many, the rest are a flood. */
const MAX_BUFFERED = 100_000
/**
 * Rows per transaction: a flood's flush is written in small transactions with a turn of the event
 * loop between them, so the page's answers never wait long behind it (PGlite runs in this process).
 */
const ROWS_PER_BATCH = 100

/** `visitor` and `address` are per-process HMACs: the budgets tell clients apart without keeping them. */
export type Visit = Labels & { at: number; key: string; visitor: string; address: string; joinable: boolean }
type Buffered = Labels & {
  day: string
  hour: string
  key: string | null
  visitor: string | null
  previous: string | null
  joinable: boolean
  pageviews: number
}

export function createVisitBuffer(deps: {
  budgets: ReturnType<typeof createBudgets>
  days: ReturnType<typeof createSaltDays>
  /** Arms the flush timer (the first count after an empty buffer). */
  schedule: () => void
}) {
  const { budgets, days, schedule } = deps
  let visitors = new Map<string, Buffered>()
  // Visitors taken out of the buffer by a flush and not yet written: a sign-up in that window
  // still finds its visit (neither the buffer nor the database has it then).
  let writing: Map<string, Buffered>[] = []
  let views = new Map<string, Labels & { hour: string; pageviews: number }>()
  let leftOut = new Map<string, { hour: string; reason: LeftOutReason; requests: number }>()
  let opens = new Map<string, number>()
  let appOpens = new Map<string, { hour: string; source: string; os: System; opens: number }>()

  const empty = () => !visitors.size && !views.size && !leftOut.size && !opens.size && !appOpens.size

  /** The left-out ledger: one request not counted as a visit, and why. */
  function leave(reason: LeftOutReason, at: number): void {
    const hour = hourOf(at)
    const k = `${hour}|${reason}`
    const row = leftOut.get(k) ?? { hour, reason, requests: 0 }
    row.requests += 1
    leftOut.set(k, row)
    schedule()
  }

  /** Buffers a visit that passed the flood rule (and the owner's check): its source within the caps. */
  function record(visit: Visit): void {
    const day = utcDay(visit.at)
    const hour = hourOf(visit.at)
    const m = visit.visitor
    const k = `${day}|${m}`
    let v = visitors.get(k)
    if (!v && visitors.size >= MAX_BUFFERED) return leave('flood', visit.at)
    // Past the caps on new sources the visit still counts, under "other"; the ledger says how often.
    if (!budgets.admits(visit, m, visit.address, visit.at)) {
      leave('source-cap', visit.at)
      visit = { ...visit, source: OTHER_SOURCE, medium: '', campaign: '' }
    }
    if (!v) {
      const pair = days.loaded(day)
      v = {
        day,
        hour,
        source: visit.source,
        medium: visit.medium,
        campaign: visit.campaign,
        device: visit.device,
        os: visit.os,
        joinable: visit.joinable,
        pageviews: 0,
        // Hashed now when the day's salt is loaded; else the key waits in memory for the flush.
        key: pair ? null : visit.key,
        visitor: pair ? hash(pair.salt, visit.key) : null,
        previous: pair?.previous ? hash(pair.previous, visit.key) : null,
      }
      visitors.set(k, v)
    } else if (visit.source !== DIRECT) {
      // The latest named source wins over "direct" for the sign-up's join (last click).
      Object.assign(v, { source: visit.source, medium: visit.medium, campaign: visit.campaign })
    }
    v.joinable &&= visit.joinable
    v.pageviews += 1
    const labels = [hour, visit.source, visit.medium, visit.campaign, visit.device, visit.os]
    const vk = labels.join('|')
    const row = views.get(vk) ?? {
      hour,
      source: visit.source,
      medium: visit.medium,
      campaign: visit.campaign,
      device: visit.device,
      os: visit.os,
      pageviews: 0,
    }
    row.pageviews += 1
    views.set(vk, row)
    schedule()
  }

  /** One opening of a share link. */
  function open(name: string): void {
    opens.set(name, (opens.get(name) ?? 0) + 1)
    schedule()
  }

  /** One opening of /app, per hour, source and platform. */
  function appOpen(at: number, source: string, os: System): void {
    const hour = hourOf(at)
    const k = `${hour}|${source}|${os}`
    const row = appOpens.get(k) ?? { hour, source, os, opens: 0 }
    row.opens += 1
    appOpens.set(k, row)
    schedule()
  }

  /** A visitor's labels today or yesterday, from memory (the buffer or a flush under way). */
  function find(dayKeys: string[], memo: string): (Labels & { joinable: boolean }) | null {
    let found: (Labels & { joinable: boolean }) | null = null
    for (const d of dayKeys) {
      found ??= visitors.get(`${d}|${memo}`) ?? null
      for (const batch of writing) found ??= batch.get(`${d}|${memo}`) ?? null
    }
    return found
  }

  /** Takes what is buffered out as batches of at most ROWS_PER_BATCH rows, keys hashed. */
  async function take(): Promise<Batch[]> {
    if (empty()) return []
    // Salts first: a database that is away leaves the buffer as it was, for the next try.
    for (const v of visitors.values()) if (v.key !== null) await days.pairFor(v.day)
    const batchVisitors = visitors
    writing.push(batchVisitors)
    const batchViews = views
    const batchLeft = leftOut
    const batchOpens = opens
    const batchAppOpens = appOpens
    visitors = new Map()
    views = new Map()
    leftOut = new Map()
    opens = new Map()
    appOpens = new Map()
    const rows: VisitorBatchRow[] = []
    for (const v of batchVisitors.values()) {
      // Hashing a flood's keys takes a while: let the page's answers go in between.
      if (rows.length % 2_000 === 1_999) await turn()
      const pair = days.loaded(v.day)
      if (v.key !== null && pair) {
        v.visitor = hash(pair.salt, v.key)
        v.previous = pair.previous ? hash(pair.previous, v.key) : null
        v.key = null
      }
      rows.push({
        day: v.day,
        visitor: v.visitor!,
        previous: v.previous,
        hour: v.hour,
        source: v.source,
        medium: v.medium,
        campaign: v.campaign,
        device: v.device,
        os: v.os,
        joinable: v.joinable,
        pageviews: v.pageviews,
      })
    }
    // Yesterday's visitors first: a visit across midnight finds its first half already written.
    rows.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
    const viewRows = [...batchViews.values()]
    const batches: Batch[] = []
    for (let i = 0; i === 0 || i < Math.max(rows.length, viewRows.length); i += ROWS_PER_BATCH) {
      batches.push({
        id: randomUUID(),
        visitors: rows.slice(i, i + ROWS_PER_BATCH),
        views: viewRows.slice(i, i + ROWS_PER_BATCH),
        leftOut: i === 0 ? [...batchLeft.values()] : [],
        opens: i === 0 ? [...batchOpens].map(([name, n]) => ({ name, opens: n })) : [],
        appOpens: i === 0 ? [...batchAppOpens.values()] : [],
      })
    }
    return batches
  }

  return {
    leave,
    record,
    open,
    appOpen,
    find,
    take,
    empty,
    /** Every batch taken is in the database: a sign-up finds those visits there now. */
    written(): void {
      writing = []
    },
  }
}

/** One turn of the event loop: the I/O that waits (page requests) goes first. */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve))
