import { DIRECT, OTHER_SOURCE } from '../../../shared/launch-analytics.ts'

// What one client may cost the launch analytics, in memory: the flood rule (page loads a minute,
// per visitor and per client address, so a rotating browser string does not escape it), the caps
// on new sources (each new utm_source, source, ref, medium, campaign or Referer host is a row kept
// 25 months), and the budget of share-link opens. Nothing here is written anywhere; the keys are
// the counter's per-process HMACs, never an address. docs/decisions/launch-analytics.md

export type Caps = {
  /** Page loads a minute from one visitor (address, browser string, host) past which the rest are a flood. */
  floodPerMinute: number
  /** Page loads a minute from one client address (a /64 for IPv6), whatever its browser strings. */
  addressFloodPerMinute: number
  /** New sources one visitor may bring in an hour. */
  newSourcesPerVisitor: number
  /** New sources one client address (a /64 for IPv6) may bring in an hour. */
  newSourcesPerAddress: number
  /** New sources all clients together may bring in an hour (per process). */
  newSourcesPerHour: number
  /** Share-link opens counted per client address in an hour; the redirect itself always works. */
  opensPerAddress: number
  /** /app opens counted per client address in an hour (its own budget); the redirect always works. */
  appOpensPerAddress: number
}

export const DEFAULT_CAPS: Caps = {
  floodPerMinute: 30,
  // An office or a conference Wi-Fi shares one address: four times one visitor's rule.
  addressFloodPerMinute: 120,
  // A person comes from one place, maybe two; a launch brings a few dozen sources an hour.
  newSourcesPerVisitor: 3,
  newSourcesPerAddress: 10,
  newSourcesPerHour: 100,
  opensPerAddress: 10,
  appOpensPerAddress: 10,
}

/** The sources that recur (the most viewed of today and yesterday in this process) cost no budget. */
const ESTABLISHED = 200
/** Past this many keys in one window, a client is refused rather than the maps grown. */
const MAX_KEYS = 100_000

type Labels = { source: string; medium: string; campaign: string }

const labelKey = (l: Labels) => `${l.source}\u0000${l.medium}\u0000${l.campaign}`

export function createBudgets(caps: Caps) {
  let minute = -1
  let visitorLoads = new Map<string, number>()
  let addressLoads = new Map<string, number>()
  let hour = -1
  let hourNew = 0
  /** The sources counted in this hour: a row each already, so counting them again costs nothing. */
  let admitted = new Set<string>()
  let visitorNew = new Map<string, number>()
  let addressNew = new Map<string, number>()
  let addressOpens = new Map<string, number>()
  let addressAppOpens = new Map<string, number>()
  let established = new Set<string>()
  /** Page loads per source, today and yesterday (UTC days since the epoch), for the established set. */
  let usage = { day: -1, today: new Map<string, number>(), yesterday: new Map<string, number>() }

  function rollMinute(at: number): void {
    const m = Math.floor(at / 60_000)
    if (m <= minute && visitorLoads.size < MAX_KEYS && addressLoads.size < MAX_KEYS) return
    minute = Math.max(m, minute)
    visitorLoads = new Map()
    addressLoads = new Map()
  }

  function rollHour(at: number): void {
    const h = Math.floor(at / 3_600_000)
    // A visit held for the owner's session check may be a little older: it counts in this hour.
    if (h <= hour) return
    hour = h
    hourNew = 0
    admitted = new Set()
    visitorNew = new Map()
    addressNew = new Map()
    addressOpens = new Map()
    addressAppOpens = new Map()
    const day = Math.floor(at / 86_400_000)
    if (day !== usage.day) usage = { day, today: new Map(), yesterday: day === usage.day + 1 ? usage.today : new Map() }
    const merged = new Map(usage.yesterday)
    for (const [k, n] of usage.today) merged.set(k, (merged.get(k) ?? 0) + n)
    established = new Set(
      [...merged]
        .sort((a, b) => b[1] - a[1])
        .slice(0, ESTABLISHED)
        .map(([k]) => k),
    )
  }

  const bump = (map: Map<string, number>, key: string) => {
    const n = (map.get(key) ?? 0) + 1
    map.set(key, n)
    return n
  }

  return {
    /** Counts one page load; true when the visitor or its address is over the flood rule. */
    flooded(visitor: string, address: string, at: number): boolean {
      rollMinute(at)
      const byAddress = bump(addressLoads, address)
      const byVisitor = bump(visitorLoads, visitor)
      return byVisitor > caps.floodPerMinute || byAddress > caps.addressFloodPerMinute
    },

    /**
     * Whether a visit may count under its own source: always for "direct" and for a source this
     * hour has counted or that recurs; a new one takes one from the visitor's, the address's and
     * the hour's budgets. False: the visit counts under OTHER_SOURCE.
     */
    admits(labels: Labels, visitor: string, address: string, at: number): boolean {
      rollHour(at)
      const key = labelKey(labels)
      const free =
        (labels.source === DIRECT && !labels.medium && !labels.campaign) ||
        labels.source === OTHER_SOURCE ||
        admitted.has(key) ||
        established.has(key)
      if (!free) {
        if (
          hourNew >= caps.newSourcesPerHour ||
          (visitorNew.get(visitor) ?? 0) >= caps.newSourcesPerVisitor ||
          (addressNew.get(address) ?? 0) >= caps.newSourcesPerAddress ||
          visitorNew.size >= MAX_KEYS ||
          addressNew.size >= MAX_KEYS
        )
          return false
        hourNew += 1
        bump(visitorNew, visitor)
        bump(addressNew, address)
        admitted.add(key)
      }
      if (usage.today.size < MAX_KEYS || usage.today.has(key)) bump(usage.today, key)
      return true
    },

    /** Takes one share-link open from the address's budget of the hour; false past it. */
    open(address: string, at: number): boolean {
      rollHour(at)
      if (addressOpens.size >= MAX_KEYS && !addressOpens.has(address)) return false
      return bump(addressOpens, address) <= caps.opensPerAddress
    },

    /** Takes one /app open from the address's budget of the hour; false past it. */
    appOpen(address: string, at: number): boolean {
      rollHour(at)
      if (addressAppOpens.size >= MAX_KEYS && !addressAppOpens.has(address)) return false
      return bump(addressAppOpens, address) <= caps.appOpensPerAddress
    },
  }
}
