// The sign-up load test: POST /rest/v1/beta_signups as the page sends it, every request with a
// new address (a repeat would be answered without an insert and flatter the figure).
import autocannon, { type Result } from 'autocannon'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'

export type LoadResult = {
  rps: number
  p50Ms: number
  p99Ms: number
  requests: number
  non2xx: number
  errors: number
  statuses: string
}

let counter = 0
const runId = Date.now().toString(36)

function signups() {
  return [
    {
      // Each request also comes from its own client address (the server is started with
      // TRUST_PROXY=1): many visitors, as in production, so the per-address rate limit is
      // exercised (its cost counts) but does not turn a one-machine load test away.
      setupRequest: (req: { headers?: Record<string, string> }) => {
        const n = counter++
        const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
        return {
          ...req,
          headers: { ...req.headers, 'x-forwarded-for': ip },
          body: JSON.stringify({ email: `load-${runId}-${n}@example.com` }),
        }
      },
    },
  ]
}

/** `seconds` of sign-ups at `connections`, optionally capped at `rate` requests per second in all; or exactly `amount`. */
export async function loadSignups(
  baseUrl: string,
  opts: { connections: number; seconds?: number; rate?: number; amount?: number },
): Promise<LoadResult> {
  const result: Result = await autocannon({
    url: `${baseUrl}/rest/v1/beta_signups`,
    method: 'POST',
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds ?? 10 }),
    ...(opts.rate ? { overallRate: Math.max(1, Math.round(opts.rate)) } : {}),
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', prefer: 'return=minimal' },
    requests: signups(),
  })
  const created = result.statusCodeStats['201']?.count ?? 0
  return {
    // Only sign-ups the server acknowledged count towards throughput.
    rps: created / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses: Object.entries(result.statusCodeStats)
      .map(([code, v]) => `${code}x${v.count}`)
      .join(' '),
  }
}
