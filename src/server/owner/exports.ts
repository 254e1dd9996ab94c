import { apiError, type ApiError } from '../../shared/http/errors.ts'

/**
 * Waits for an export's first batch before the answer starts, so that anything the database
 * refuses, or a failure, is a proper error answer rather than a 200 whose download breaks off
 *. The rest is pulled as the client reads; `done` runs once, however the export ends
 * (read to the end, failed, or cancelled by a client that left).
 */
async function primed<T>(batches: AsyncGenerator<T>, done: () => void = () => {}): Promise<AsyncGenerator<T>> {
  let finished = false
  const finish = () => {
    if (finished) return
    finished = true
    done()
  }
  let first: IteratorResult<T>
  try {
    first = await batches.next()
  } catch (err) {
    finish()
    throw err
  }
  async function* rest(): AsyncGenerator<T> {
    try {
      if (first.done) return
      yield first.value
      yield* batches
    } finally {
      finish()
    }
  }
  const it = rest()
  // return() on a generator that never started skips its finally: count the export as ended anyway.
  const close = it.return.bind(it)
  it.return = async (value) => {
    finish()
    await batches.return(undefined)
    return close(value)
  }
  return it
}

/** Exports that may run at once in this process: per owner, and in all. */
type ExportLimits = { perOwner: number; total: number }

const EXPORT_LIMITS: ExportLimits = { perOwner: 1, total: 3 }

/**
 * Counts running exports (ten concurrent 100,000-row exports took the public page's
 * sign-up from 4.5 to 232 ms). `take` returns the function that gives the slot back, or null
 * when the owner already has an export running or the process has `total` running.
 */
export function createExportSlots(limits: ExportLimits = EXPORT_LIMITS) {
  const running = new Map<string, number>()
  let total = 0
  return {
    take(owner: string): (() => void) | null {
      const mine = running.get(owner) ?? 0
      if (mine >= limits.perOwner || total >= limits.total) return null
      running.set(owner, mine + 1)
      total += 1
      let given = false
      return () => {
        if (given) return
        given = true
        total -= 1
        const left = (running.get(owner) ?? 1) - 1
        if (left > 0) running.set(owner, left)
        else running.delete(owner)
      }
    },
  }
}

export type ExportSlots = ReturnType<typeof createExportSlots>

/** What an export answers while another one of the owner's (or too many in all) is running. */
function exportBusy(): ApiError {
  return apiError(
    429,
    'RATE_LIMITED',
    'An export is already running. Try again when it has finished.',
    `At most ${EXPORT_LIMITS.perOwner} export per owner and ${EXPORT_LIMITS.total} in all at a time.`,
    'Retry after 5 seconds.',
  )
}

/** Takes a slot for `owner` and primes the export's batches; the slot is given back when the export ends. */
export async function startExport<T>(
  slots: ExportSlots,
  owner: string,
  batches: () => AsyncGenerator<T>,
): Promise<AsyncGenerator<T>> {
  const release = slots.take(owner)
  if (!release) throw exportBusy()
  try {
    return await primed(batches(), release)
  } catch (err) {
    release()
    throw err
  }
}
