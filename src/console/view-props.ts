import type { EraseResult } from '../shared/data-access.ts'

/**
 * What a person's data offers the views that list people (erasure, "Download data"): the
 * data-access feature makes it and the registry hands it over, so no feature imports another.
 */
export type PersonActions = {
  erase: (email: string) => Promise<EraseResult>
  /** The link that downloads everything stored about the address, as one JSON file. */
  dataUrl: (email: string) => string
}

/** What the console gives every view: where a failed call goes (a 401 signs out), and sign-out itself. */
export type ViewProps = { onError: (err: unknown) => void; onSignedOut: () => void }
