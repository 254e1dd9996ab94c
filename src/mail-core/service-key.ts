/**
 * Whether a request carries the project's service-role key, as `Authorization: Bearer <key>`
 * (how the pg_cron job sends it; docs/deploy-supabase.md). Only the retry entry point asks for it
 *: each call there is a queue claim on the database and a billed invocation.
 */
export async function hasServiceKey(req: Request, serviceKey: string): Promise<boolean> {
  const match = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')
  if (!match) return false
  return await sameSecret(match[1]!, serviceKey)
}

/**
 * Compares two secrets in time that depends on neither: both are hashed to 32 bytes first (so
 * not even the length of the key shows), then every byte is compared whatever the first
 * difference. crypto.subtle has no timingSafeEqual; this is the usual construction without it.
 */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const encoder = new TextEncoder()
  const [a, b] = await Promise.all(
    [given, expected].map(async (s) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(s)))),
  )
  let difference = 0
  for (let i = 0; i < a!.length; i++) difference |= a![i]! ^ b![i]!
  return difference === 0
}
