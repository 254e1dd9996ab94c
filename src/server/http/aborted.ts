import type { Context } from 'hono'

/**
 * Whether the client closed its connection before its request had arrived in full (a visitor
 * who closed the tab mid-upload, a flaky mobile link). Reading the body then fails; that is
 * the client's doing, not a server error, and nobody is left to read an answer.
 */
export function clientAborted(c: Context): boolean {
  const incoming = (c.env as { incoming?: { readableAborted?: boolean } } | undefined)?.incoming
  return incoming?.readableAborted === true
}
