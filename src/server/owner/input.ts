import type { z } from 'zod'
import { apiError } from '../../shared/http/errors.ts'

/**
 * Parses a console request's query, path parameter or body with its schema from
 * src/shared/console-api.ts, or throws a 400 (22023, invalid_parameter_value) with the schema's
 * first message.
 */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value)
  if (!r.success) throw apiError(400, '22023', r.error.issues[0]?.message ?? 'Bad request')
  return r.data
}
