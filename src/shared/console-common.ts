import { z } from 'zod'
import { PlatformFilter, StatusFilter } from './beta-testers.ts'
import { LIMITS, PAGE_LIMITS } from './limits.ts'

// What the console's features share in their contracts: a page of a list, an address as stored,
// the selection of sign-ups, and the field types of the answers. docs/decisions/owner-console.md

export const iso = z.iso.datetime()
export const count = z.number().int().min(0)
export const id = z.number().int().min(1)

/** `page` and `size` of a list's query, within PAGE_LIMITS. */
export function pageFields() {
  return {
    page: z.coerce.number().int().min(1).max(PAGE_LIMITS.page).default(1),
    size: z.coerce.number().int().min(1).max(PAGE_LIMITS.size).default(50),
  }
}

const search = z.string().trim().max(LIMITS.email).default('')

/** `?q=&page=&size=`: part of an address, and a page of the list. */
export const PageQuery = z.object({
  q: search,
  ...pageFields(),
})

/**
 * POST /people/erase and /suppressions/lift: any address the database may hold, not only what the
 * shared schema accepts. Rows stored by SQL or an import must be erasable too,
 * and lifting works the same way. The database's own checks: at most 254 characters, one @
 * (PostgreSQL text never holds NUL).
 */
export const EmailRequest = z.strictObject({
  email: z
    .string()
    .trim()
    .min(3, 'Enter the address as stored.')
    .max(LIMITS.email, 'Enter the address as stored.')
    .regex(/^[^@]+@[^@]+$/, 'Enter the address as stored.')
    .refine((v) => !v.includes(String.fromCharCode(0)), 'Enter the address as stored.'),
})

/** The console's selection of sign-ups: a status, a platform and part of the address. */
export const SelectionQuery = z.object({
  status: StatusFilter.default('all'),
  platform: PlatformFilter.default('all'),
  q: search,
})
export type Selection = z.infer<typeof SelectionQuery>
