import { LOCAL_ANON_KEY } from '../../src/shared/self-hosted.ts'

/** Where the client sends its requests; `down()` makes new requests wait until `up(url)`. */
export type Target = { get(): Promise<string>; up(url: string): void; down(): void }

export function createTarget(url: string): Target {
  let current = Promise.resolve(url)
  let resolveNext: ((url: string) => void) | undefined
  return {
    get: () => current,
    up(next) {
      if (resolveNext) resolveNext(next)
      else current = Promise.resolve(next)
      resolveNext = undefined
    },
    down() {
      if (!resolveNext) current = new Promise((resolve) => (resolveNext = resolve))
    },
  }
}

/** One visitor: the status of each of the page's two calls, or 'error' when no answer came. */
export type SignUpResult = {
  email: string
  signUp: number | 'error'
  /** Not called unless the sign-up succeeded, as on the page. */
  resendEmail: number | 'error' | 'not called'
}

const ok = (status: number | 'error' | 'not called') => typeof status === 'number' && status >= 200 && status < 300

/** Addresses whose sign-up the API acknowledged with a 2xx. */
export const acknowledgedSignUps = (results: SignUpResult[]) => results.filter((r) => ok(r.signUp)).map((r) => r.email)
/** Addresses whose resend-email call the API acknowledged with a 2xx: each must get its welcome email. */
export const acknowledgedEmails = (results: SignUpResult[]) =>
  results.filter((r) => ok(r.resendEmail)).map((r) => r.email)

const REQUEST_TIMEOUT_MS = 15_000

async function post(base: string, path: string, body: unknown): Promise<number | 'error'> {
  try {
    // The headers postgrest-js and functions-js send from the page.
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_ANON_KEY,
        authorization: `Bearer ${LOCAL_ANON_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    await res.arrayBuffer()
    return res.status
  } catch {
    return 'error'
  }
}

/** What the page does on submit: store the address, then (after a 2xx or a 409 repeat) ask for the welcome email. */
async function signUpLikeThePage(base: string, email: string): Promise<SignUpResult> {
  const signUp = await post(base, '/rest/v1/beta_signups', { email })
  if (!(ok(signUp) || signUp === 409)) return { email, signUp, resendEmail: 'not called' }
  return { email, signUp, resendEmail: await post(base, '/functions/v1/resend-email', { email }) }
}

/**
 * Visitors signing up, `concurrency` at a time, each with a new address, until stop() or `max`
 * addresses. A request that gets no answer is not retried (its result says 'error'); the worker
 * then waits for the target to be up again. `results` fills as answers arrive, so a test can act
 * in the middle of the stream.
 */
export function signUpStream(
  target: Target,
  options: { prefix: string; concurrency: number; max: number; paceMs?: number },
) {
  const run = Math.random().toString(36).slice(2, 8)
  const results: SignUpResult[] = []
  let next = 0
  let stopped = false
  async function worker(): Promise<void> {
    while (!stopped && next < options.max) {
      const email = `${options.prefix}-${run}-${next++}@example.com`
      const result = await signUpLikeThePage(await target.get(), email)
      results.push(result)
      if (result.signUp === 'error' || result.resendEmail === 'error') await target.get()
      if (options.paceMs) await new Promise((resolve) => setTimeout(resolve, options.paceMs))
    }
  }
  const done = Promise.all(Array.from({ length: options.concurrency }, worker)).then(() => results)
  return {
    results,
    /** Lets the visitors in progress finish, starts no new one, and resolves with every result. */
    stop: () => {
      stopped = true
      return done
    },
    done,
  }
}
