import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// findBy and waitFor wait for a state, not a deadline: a loaded machine reaches it later than
// Testing Library's 1 s default, and a slow run must be slower, not red.
configure({ asyncUtilTimeout: 10_000 })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})
