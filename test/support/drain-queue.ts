import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { OutboxRecord } from '../../src/server/mail-transports/outbox.ts'
import { readState, type QueueRow, type ServerDatabase } from './server-database.ts'
import { waitFor, type ServerProcess } from './server-process.ts'

const ROUNDS = 3

/**
 * Waits until `expected` addresses have their email, stops the server gracefully (exit 0 is
 * asserted by throwing otherwise), and reads the database. Emails still pending or sending then
 * (queued by a call whose answer was lost, say) become the next expectation after a restart, at
 * most ROUNDS times: the queue is only done when no row is left to send.
 */
export async function drainQueue(options: {
  server: ServerProcess
  restart: () => Promise<ServerProcess>
  database: ServerDatabase
  deliveredTo: () => Promise<string[]> | string[]
  expected: string[]
  timeoutMs?: number
}): Promise<{ signups: string[]; queue: QueueRow[]; restarts: number }> {
  let { server, expected } = options
  for (let round = 0; ; round++) {
    await waitFor(
      async () => {
        const delivered = new Set(await options.deliveredTo())
        return expected.every((a) => delivered.has(a))
      },
      {
        timeoutMs: options.timeoutMs ?? 30_000,
        intervalMs: 100,
        what: () => `emails to ${expected.length} addresses; server log:\n${server.log().slice(-4000)}`,
      },
    )
    const code = await server.stop()
    if (code !== 0) throw new Error(`server exited ${code} on SIGTERM:\n${server.log().slice(-4000)}`)
    const state = await options.database.inspect(readState)
    const open = state.queue.filter((r) => r.status === 'pending' || r.status === 'sending')
    if (open.length === 0) return { ...state, restarts: round }
    if (round + 1 >= ROUNDS) throw new Error(`emails still open after ${ROUNDS} rounds: ${JSON.stringify(open)}`)
    expected = open.map((r) => r.to_email)
    server = await options.restart()
  }
}

/** The outbox transport's `<id>.json` records: one per email it considers written. */
export async function outboxRecords(dir: string): Promise<OutboxRecord[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  const records = names.filter((n) => n.endsWith('.json') && !n.startsWith('.'))
  return Promise.all(records.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as OutboxRecord))
}
