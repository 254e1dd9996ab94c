/**
 * The console's server state, through TanStack Query (docs/decisions/console-data.md). A read is
 * `useCall(endpoint, input)`: its key is the endpoint's name and its input, so a new input is a new
 * query; the older one's request is cancelled (its signal is given to fetch) and its answer lands
 * under its own key, so an older answer never overwrites a newer one. A write is
 * `useSend(endpoint, { invalidates })`: on success, every read of the endpoints it names is asked again.
 */
import {
  keepPreviousData,
  MutationCache,
  notifyManager,
  QueryCache,
  QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query'
import type { EndpointName } from '../shared/console-endpoints.ts'
import { call, type AnswerOf, type ApiFailure, type InputOf } from './api.ts'

/**
 * The console's one client. `onFailure` sees every failed read and write (a 401 signs out).
 * No retries (a 4xx will not mend itself, and a 401 must sign out at once) and no refetch on
 * window focus (the owner's place in a list stays put; a write or a view's reopening reads again).
 */
export function consoleQueryClient(onFailure: (err: unknown) => void): QueryClient {
  // Views hear of a change in a microtask, not a later task (the default): a write's pending state
  // disables its button before the next click can land, so a double click sends once.
  notifyManager.setScheduler(queueMicrotask)
  return new QueryClient({
    queryCache: new QueryCache({ onError: onFailure }),
    mutationCache: new MutationCache({ onError: onFailure }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}

/** Reads an endpoint; the query is keyed by `[endpoint, input]`. `enabled: false` asks nothing yet. */
export function useCall<N extends EndpointName>(
  name: N,
  input?: InputOf<N>,
  options: { enabled?: boolean } = {},
): UseQueryResult<AnswerOf<N>, ApiFailure> {
  return useQuery<AnswerOf<N>, ApiFailure>({
    queryKey: input === undefined ? [name] : [name, input],
    queryFn: ({ signal }) => (call as (n: N, i: unknown, s: AbortSignal) => Promise<AnswerOf<N>>)(name, input, signal),
    enabled: options.enabled ?? true,
    // While a new input's answer is on its way the view keeps showing the last one (no flash of
    // "Loading…" between pages or searches); `isPlaceholderData` says so.
    placeholderData: keepPreviousData,
  })
}

/**
 * Writes through an endpoint. `invalidates` names the reads the write changes (every input of
 * each); `onSuccess` runs after the answer, before those reads are asked again.
 */
export function useSend<N extends EndpointName, V = InputOf<N>>(
  name: N,
  options: {
    invalidates?: readonly EndpointName[]
    /** Turns what the view has into the call's input (default: it is the input). */
    input?: (v: V) => InputOf<N>
    /** Sends it another way than call() (the list import's file upload). */
    send?: (v: V) => Promise<AnswerOf<N>>
    onSuccess?: (answer: AnswerOf<N>, variables: V) => void
  } = {},
): UseMutationResult<AnswerOf<N>, ApiFailure, V> {
  const client = useQueryClient()
  return useMutation<AnswerOf<N>, ApiFailure, V>({
    mutationFn: (v) =>
      options.send
        ? options.send(v)
        : (call as (n: N, i: unknown) => Promise<AnswerOf<N>>)(name, options.input ? options.input(v) : v),
    onSuccess: async (answer, variables) => {
      options.onSuccess?.(answer, variables)
      await Promise.all((options.invalidates ?? []).map((n) => client.invalidateQueries({ queryKey: [n] })))
    },
  })
}

/** Asks every read of these endpoints again (after a write made elsewhere, e.g. an upload). */
function useInvalidate(): (...names: EndpointName[]) => Promise<void> {
  const client = useQueryClient()
  return async (...names) => {
    await Promise.all(names.map((n) => client.invalidateQueries({ queryKey: [n] })))
  }
}

/**
 * A view's several writes as one: each is a function that calls and says what it did (the
 * message the view shows); the last one's outcome or failure shows, and on success every read of
 * `invalidates` is asked again.
 */
export function useActions(
  invalidates: readonly EndpointName[],
): UseMutationResult<string, ApiFailure, () => Promise<string>> {
  const invalidate = useInvalidate()
  return useMutation<string, ApiFailure, () => Promise<string>>({
    mutationFn: (run) => run(),
    onSuccess: () => invalidate(...invalidates),
  })
}
