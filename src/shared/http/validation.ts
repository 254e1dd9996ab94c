import type { z } from 'zod'
import { apiError } from './errors.ts'

/**
 * Parses with a shared schema, or throws the 400 that the database's own constraint would give on
 * Supabase: 23502 (not_null_violation) for a missing field, 23514 (check_violation) otherwise.
 * The message is the schema's, written for people; details name each field.
 */
export function validate<T>(schema: z.ZodType<T>, input: unknown): T {
  const r = schema.safeParse(input)
  if (r.success) return r.data
  const issues = r.error.issues
  const first = issues[0]!
  const key = first.path[0]
  const missing =
    first.code === 'invalid_type' &&
    typeof input === 'object' &&
    input !== null &&
    key !== undefined &&
    !Object.hasOwn(input, key)
  const details = issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')
  throw apiError(400, missing ? '23502' : '23514', first.message, details)
}
