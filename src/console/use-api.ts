import { useCallback, useEffect, useState, type DependencyList } from 'react'
import { withSignal } from './api.ts'

export type Loaded<T> = {
  data: T | null
  error: string | null
  loading: boolean
  /** Loads again with the same inputs (after a change the answer may show). */
  reload: () => void
}

/**
 * The console's one way to read from its API. Each load gets an AbortController: when the inputs
 * change, the view leaves or reload() is called, the older request is cancelled, and an answer
 * that still arrives from it is dropped, so an older answer never overwrites a newer one.
 */
export function useApi<T>(load: () => Promise<T>, deps: DependencyList, onError?: (err: unknown) => void): Loaded<T> {
  const [state, setState] = useState<Omit<Loaded<T>, 'reload'>>({ data: null, error: null, loading: true })
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    setState((s) => ({ ...s, loading: true }))
    withSignal(controller.signal, load).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false })
      },
      (err: unknown) => {
        if (controller.signal.aborted) return
        setState((s) => ({ ...s, error: (err as Error).message, loading: false }))
        onError?.(err)
      },
    )
    return () => controller.abort()
    // `load` is a new closure on every render; its inputs are `deps`.
  }, [...deps, version])
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { ...state, reload }
}
