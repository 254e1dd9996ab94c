import type { Db } from '../../db/db.ts'
import { attribute, deviceOf, DIRECT, type SignupSource } from '../../../shared/launch-analytics.ts'
import type { DocumentRequest } from './document-request.ts'
import { visitorLabels } from './queries.ts'
import type { createSaltDays } from './salt-days.ts'
import { dayBefore, utcDay } from './salts.ts'
import type { createVisitBuffer } from './visit-buffer.ts'
import { hash, identity } from './visitor-keys.ts'

// The sign-up's source, joined from the same visitor's visit. docs/decisions/launch-analytics.md

/** The sign-up's source columns: all null when nothing is known or the join is off. */
type SignupColumns = {
  source: string | null
  source_medium: string | null
  source_campaign: string | null
  source_device: SignupSource['source_device'] | null
  source_os: SignupSource['source_os'] | null
}
const NO_SOURCE: SignupColumns = {
  source: null,
  source_medium: null,
  source_campaign: null,
  source_device: null,
  source_os: null,
}

export function createSignupSource(deps: {
  db: Db
  joinSignups: boolean
  now: () => number
  memo: (key: string) => string
  days: ReturnType<typeof createSaltDays>
  buffer: ReturnType<typeof createVisitBuffer>
}) {
  const { db, days, buffer } = deps
  /**
   * A sign-up's source: the same visitor's visit today or yesterday (in memory or in the
   * database), then the POST's Referer, then what the page sent, else nothing. Sec-GPC: 1 or
   * ANALYTICS_JOIN_SIGNUPS=false: nothing, whatever the page sent.
   */
  return async function signupSource(req: DocumentRequest, sent: Partial<SignupSource>): Promise<SignupColumns> {
    if (!deps.joinSignups || req.header('sec-gpc') === '1') return NO_SOURCE
    await days.purgeIfDue()
    const at = deps.now()
    const ua = req.header('user-agent')?.trim() ?? ''
    const key = identity(req.ip, ua, req.url.host.toLowerCase())
    const today = utcDay(at)
    const dayKeys = [today, dayBefore(today)]
    let found = buffer.find(dayKeys, deps.memo(key))
    if (!found) {
      const keys: { day: string; visitor: string }[] = []
      for (const d of dayKeys) {
        const salt = await days.find(d)
        if (salt) keys.push({ day: d, visitor: hash(salt, key) })
      }
      found = await visitorLabels(db, keys)
    }
    if (found) {
      if (!found.joinable) return NO_SOURCE
      return {
        source: found.source,
        source_medium: found.medium || null,
        source_campaign: found.campaign || null,
        source_device: found.device,
        source_os: found.os,
      }
    }
    const device = ua ? deviceOf(ua) : null
    const withDevice = (a: { source: string; medium: string | null; campaign: string | null }): SignupColumns => ({
      source: a.source,
      source_medium: a.medium,
      source_campaign: a.campaign,
      source_device: device?.device ?? null,
      source_os: device?.os ?? null,
    })
    const fromReferer = refererAttribution(req.header('referer'), req.url.host)
    if (fromReferer && fromReferer.source !== DIRECT) return withDevice(fromReferer)
    if (sent.source) {
      return {
        source: sent.source,
        source_medium: sent.source_medium ?? null,
        source_campaign: sent.source_campaign ?? null,
        source_device: sent.source_device ?? device?.device ?? null,
        source_os: sent.source_os ?? device?.os ?? null,
      }
    }
    return fromReferer ? withDevice(fromReferer) : NO_SOURCE
  }
}

/**
 * The POST's own Referer, when it is our page: its address carries the query (the source
 * parameters). A page on another origin (a static host in front of this API) sends only its
 * origin, which says nothing about where the visitor came from: then the page's own reading counts.
 */
function refererAttribution(referer: string | undefined, ownHostAndPort: string) {
  if (!referer) return null
  let url: URL
  try {
    url = new URL(referer)
  } catch {
    return null
  }
  return url.host.toLowerCase() === ownHostAndPort.toLowerCase()
    ? attribute(url.searchParams, null, url.hostname)
    : null
}
