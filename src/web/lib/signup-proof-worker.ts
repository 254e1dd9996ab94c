// The proof-of-work solver's Web Worker: ALTCHA's own worker loop with its Web Crypto
// SHA-256, so the search never blocks the page's main thread.
import { deriveKey } from 'altcha-lib/algorithms/web/sha'
import { handler } from 'altcha-lib/workers/shared'

handler({ deriveKey })
