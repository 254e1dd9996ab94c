import type { Hono } from 'hono'
import type { Limits } from './rate-limit.ts'

/**
 * What a feature serves to the public, declared by the feature itself: its routes, mounted at the
 * root, and the per-client budgets in front of some of its paths. app.ts wires every feature's the
 * same way, from one list, so a reader following a feature finds its paths and its limits in the
 * feature's own routes.ts.
 */
export type PublicRoutes = {
  routes: Hono
  limits?: readonly RouteLimit[]
}

/** A per-client budget in front of some of a feature's paths; the paths of one rule share it. */
type RouteLimit = {
  /** Names the budget in the 429's details. */
  group: string
  paths: readonly string[]
  /** Only requests of this method count (default: every method). */
  method?: 'POST'
  limits: Limits
  /** People open these paths in a browser: the refusal is a page (429, Retry-After), not the API's JSON. */
  answer?: 'page'
}
