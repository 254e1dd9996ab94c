/**
 * Waits for an export's first batch before the answer starts, so that anything the database
 * refuses, or a failure, is a proper error answer rather than a 200 whose download breaks off
 * (issue 15). The rest is pulled as the client reads; `done` runs once, however the export ends
 * (read to the end, failed, or cancelled by a client that left).
 */
export async function primed<T>(batches: AsyncGenerator<T>, done: () => void = () => {}): Promise<AsyncGenerator<T>> {
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
