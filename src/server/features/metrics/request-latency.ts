import type { Context, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { Histogram, Registry } from 'prom-client'

// Request latency by route template, in this process's memory: unlike the counts, a latency
// cannot be read back from the database, so each process reports its own (scrape each one, or
// read the sum across instances). The label is the template the answering route was registered
// with (`/beta/play`, `/admin/api/*`), never the raw path nor anything a client typed.
// docs/decisions/metrics.md

/** Paths no route claims (a scanner's /wp-login.php, a typo): one label, however many. */
export const UNMATCHED_ROUTE = '(unmatched)'
/** A built file answered by the catch-all static route. */
const STATIC_ROUTE = '(static)'

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const CATCH_ALL = new Set(['*', '/*'])
const NOT_FOUND = 'metrics.notFound'

export type RequestLatency = {
  /** The per-process registry the histogram lives in; /metrics appends it to the database's figures. */
  registry: Registry
  /** The first middleware: times every request the app answers. */
  middleware: MiddlewareHandler
  /** Called by the app's notFound handler, so that an unrouted path is labelled as such. */
  markNotFound(c: Context): void
}

export function createRequestLatency(): RequestLatency {
  const registry = new Registry()
  const histogram = new Histogram({
    name: 'launch_page_http_request_duration_seconds',
    help: "Time from a request's arrival to its answer, by route template (this process only).",
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  return {
    registry,
    markNotFound: (c) => c.set(NOT_FOUND as never, true as never),
    middleware: async (c, next) => {
      const start = performance.now()
      try {
        await next()
      } finally {
        const seconds = (performance.now() - start) / 1000
        histogram.observe(
          {
            method: METHODS.has(c.req.method) ? c.req.method : 'OTHER',
            route: routeLabel(c),
            status: String(c.res.status),
          },
          seconds,
        )
      }
    },
  }
}

function routeLabel(c: Context): string {
  if (c.get(NOT_FOUND as never)) return UNMATCHED_ROUTE
  const template = routePath(c)
  if (template === '' || CATCH_ALL.has(template)) return c.res.status === 404 ? UNMATCHED_ROUTE : STATIC_ROUTE
  return template
}
