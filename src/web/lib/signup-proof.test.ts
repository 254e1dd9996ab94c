import { afterEach, describe, expect, test, vi } from 'vitest'
import { fakeBackend, json } from '../forms/test-network.ts'

const CHALLENGE = '/functions/v1/resend-email/challenge'

describe('signup-proof', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  test('a backend without challenges (404) means no proof: the call goes bare', async () => {
    const { calls } = fakeBackend({ [CHALLENGE]: () => json(404, { code: 'NOT_FOUND' }) })
    const { takeSignupProof } = await import('./signup-proof.ts')
    await expect(takeSignupProof()).resolves.toBeNull()
    expect(calls[0]?.headers.get('apikey')).toBe('local-anon-key-not-secret')
    expect(calls[0]?.method).toBe('GET')
  })

  test('a challenge that cannot be had is a failed solver', async () => {
    fakeBackend({ [CHALLENGE]: () => json(503, { code: 'PGRST000' }) })
    const { takeSignupProof } = await import('./signup-proof.ts')
    await expect(takeSignupProof()).rejects.toThrow(/503/)
  })

  test('one challenge per focus, and a proof is taken once: the next call asks for a new one', async () => {
    const { calls } = fakeBackend({ [CHALLENGE]: () => json(404, {}) })
    const { startSignupProof, takeSignupProof } = await import('./signup-proof.ts')
    startSignupProof()
    startSignupProof()
    await takeSignupProof()
    expect(calls).toHaveLength(1)
    await takeSignupProof()
    expect(calls).toHaveLength(2)
  })
})
