import { readAtMost } from '../../../shared/http/read-at-most.ts'

// How the join page is fetched. What answers is not ours: the body is read as it comes and
// dropped past the cap (a Content-Length may be absent), and a redirect is followed only within
// the page's own origin, so the server never fetches an address the page names (another site, a
// private or metadata address, plain http). Decisions: docs/decisions/testflight-link-health.md

const TIMEOUT_MS = 10_000
// A join page is about 20 KB; more is not a join page.
const MAX_BYTES = 1_000_000
const MAX_REDIRECTS = 3
const REDIRECTS = new Set([301, 302, 303, 307, 308])

export type JoinPageRead = { ok: true; html: string } | { ok: false; reason: string; status?: number }

/** Where a redirect from `from` leads, when it stays within `page`'s origin; otherwise why not. */
export function redirectTarget(page: URL, from: URL, location: string | null): URL | string {
  if (!location) return 'a redirect without a Location'
  let next: URL
  try {
    next = new URL(location, from)
  } catch {
    return 'a redirect to an invalid URL'
  }
  if (next.origin !== page.origin || next.username || next.password)
    return `a redirect to ${next.origin}, off ${page.origin}`
  return next
}

/** GETs the join page in English: its HTML, or why it could not be read. */
export async function readJoinPage(url: string, fetchPage: typeof fetch = fetch): Promise<JoinPageRead> {
  const page = new URL(url)
  const signal = AbortSignal.timeout(TIMEOUT_MS)
  let at = page
  for (let hop = 0; ; hop++) {
    const res = await fetchPage(at, {
      headers: { 'accept-language': 'en-US,en;q=0.9', accept: 'text/html' },
      redirect: 'manual',
      signal,
    })
    if (REDIRECTS.has(res.status)) {
      await res.body?.cancel()
      if (hop === MAX_REDIRECTS) return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects` }
      const next = redirectTarget(page, at, res.headers.get('location'))
      if (typeof next === 'string') return { ok: false, reason: next, status: res.status }
      at = next
      continue
    }
    if (!res.ok) {
      await res.body?.cancel()
      return { ok: false, reason: 'not a 2xx answer', status: res.status }
    }
    const bytes = await readAtMost(res.body, MAX_BYTES)
    if (!bytes) return { ok: false, reason: `larger than ${MAX_BYTES} bytes`, status: res.status }
    return { ok: true, html: new TextDecoder().decode(bytes) }
  }
}
