import type { LookupFunction } from 'node:net'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { checkTarget, TargetRefused, type Resolver, type TargetRules } from './targets.ts'

// One HTTP attempt. The target is checked (and its host resolved) right before the attempt, and
// the connection goes to the checked address: Node's `lookup` hook answers with it, so no second
// lookup can swap in another; TLS still checks the certificate against the host name.

export type AttemptResult = {
  /** The answer's status; null when there was none (refused target, network error, timeout). */
  status: number | null
  latencyMs: number
  /**
   * The first kilobyte of the answer as text, or what went wrong. Whatever the bytes (gzip,
   * UTF-16, an image), it can be stored: invalid UTF-8 and NUL, which PostgreSQL's text refuses,
   * become U+FFFD.
   */
  response: string
  /** Retry-After in milliseconds, when the answer carried one. */
  retryAfterMs?: number
  /** The answer's rate-limit headers (x-ratelimit-*), for Discord. */
  rateLimit?: Record<string, string>
}

const RESPONSE_KEPT_BYTES = 1024

export async function postJson(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { rules: TargetRules; resolve: Resolver; timeoutMs: number },
): Promise<AttemptResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  let checked: Awaited<ReturnType<typeof checkTarget>>
  try {
    checked = await checkTarget(target, options.rules, options.resolve)
  } catch (err) {
    if (err instanceof TargetRefused) return { status: null, latencyMs: elapsed(), response: `refused: ${err.message}` }
    throw err
  }
  const { url, addresses } = checked
  const address = addresses[0]!
  const pinned: LookupFunction = (_host, opts, callback) => {
    const family = address.includes(':') ? 6 : 4
    if ((opts as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }])
    else callback(null, address, family)
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<AttemptResult>((resolve) => {
    let settled = false
    const done = (r: AttemptResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ ...r, response: r.response.replaceAll('\0', '\uFFFD') })
    }
    const req = request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        // No connection kept: every attempt resolves and checks again.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        let kept = 0
        res.on('data', (chunk: Buffer) => {
          if (kept >= RESPONSE_KEPT_BYTES) return
          chunks.push(chunk)
          kept += chunk.length
          // Enough read: the rest of a large answer is not ours to wait for.
          if (kept >= RESPONSE_KEPT_BYTES) finish()
        })
        const finish = () => {
          res.destroy()
          const text = Buffer.concat(chunks)
            .subarray(0, RESPONSE_KEPT_BYTES)
            .toString('utf8')
            .replace(/\uFFFD+$/, '')
          done({
            status: res.statusCode ?? null,
            latencyMs: elapsed(),
            response: text.slice(0, RESPONSE_KEPT_BYTES),
            ...retryAfter(res.headers['retry-after']),
            rateLimit: Object.fromEntries(
              Object.entries(res.headers).filter(
                (h): h is [string, string] => h[0].startsWith('x-ratelimit-') && typeof h[1] === 'string',
              ),
            ),
          })
        }
        res.on('end', finish)
        res.on('error', finish)
      },
    )
    const timer = setTimeout(() => {
      req.destroy()
      done({ status: null, latencyMs: elapsed(), response: `no answer within ${options.timeoutMs} ms` })
    }, options.timeoutMs)
    req.on('error', (err) => done({ status: null, latencyMs: elapsed(), response: `network error: ${err.message}` }))
    req.end(body)
  })
}

/** Retry-After as seconds or an HTTP date; nothing for a value that is neither. */
function retryAfter(value: string | undefined): { retryAfterMs?: number } {
  if (!value) return {}
  if (/^\d+$/.test(value.trim())) return { retryAfterMs: Number(value.trim()) * 1000 }
  const at = Date.parse(value)
  return Number.isNaN(at) ? {} : { retryAfterMs: Math.max(0, at - Date.now()) }
}
