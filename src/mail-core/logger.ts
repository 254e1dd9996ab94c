/**
 * What the mail core logs through: the Node server passes its pino logger, the edge function its
 * own JSON lines (supabase/functions/resend-email/logger.ts). Addresses go in as emailHash().
 */
export type MailLogger = {
  info(fields: Record<string, unknown>, msg: string): void
  warn(fields: Record<string, unknown>, msg: string): void
  error(fields: Record<string, unknown>, msg: string): void
}
