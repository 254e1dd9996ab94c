import { z } from 'zod'
import { LIMITS } from './limits.ts'

/**
 * A form field people never see and bots like to fill. The page sends it only when it is
 * filled; the database drops such a row silently (a BEFORE INSERT trigger), so the bot gets
 * the usual answer and nothing is stored, on this server and on Supabase alike.
 */
export const honeypot = z.string().max(LIMITS.honeypot).optional()
