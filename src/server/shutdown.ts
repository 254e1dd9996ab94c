import type { Server } from 'node:http'
import type { Logger } from './log.ts'

type Closable = { close(): Promise<void> }

type ShutdownDeps = {
  server: Pick<Server, 'close' | 'closeIdleConnections' | 'closeAllConnections'>
  /** Work requests started after their answers (an owner's sign-in link): it finishes first. */
  afterAnswer: { settled(): Promise<void> }
  queue: { stop(): Promise<void> }
  transport: Closable
  db: Closable
  logger: Logger
  /** Requests still running after this long are cut off; the deploy notes give systemd and Docker more. */
  forceAfterMs?: number
}

/**
 * Stops in the order that keeps every promise made: no new connections; requests in progress
 * finish (an acknowledged row is committed before its answer is sent), and so does the work they
 * started after their answers (an owner's sign-in link is queued); the email worker finishes
 * the email it is sending and leaves the rest pending in the database; then the transport and
 * the database close.
 */
export async function shutdown(deps: ShutdownDeps): Promise<void> {
  const { server, logger } = deps
  const closed = new Promise<void>((done) => server.close(() => done()))
  // Idle keep-alive sockets would otherwise hold close() open until they time out (5 s), and a
  // socket whose request finishes during the shutdown becomes idle only then: so, again and again.
  server.closeIdleConnections()
  const idle = setInterval(() => server.closeIdleConnections(), 50)
  const force = setTimeout(() => {
    logger.warn({ event: 'server.force_close' }, 'requests still running; closing their connections')
    server.closeAllConnections()
  }, deps.forceAfterMs ?? 10_000)
  await closed
  clearInterval(idle)
  clearTimeout(force)
  await deps.afterAnswer.settled()
  await deps.queue.stop()
  await deps.transport.close()
  await deps.db.close()
}
