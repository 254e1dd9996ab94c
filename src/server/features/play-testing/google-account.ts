import { emailAddress } from '../../../shared/email-address.ts'

/**
 * The optional Google account of the Android phone-choice page, validated like any
 * address: empty means none (the Play list then uses the sign-up address).
 */
export function parseGoogleAccount(
  value: unknown,
): { ok: true; value: string | null } | { ok: false; value: string; error: string } {
  const text = typeof value === 'string' ? value : ''
  if (text.trim() === '') return { ok: true, value: null }
  const r = emailAddress.safeParse(text)
  if (r.success) return { ok: true, value: r.data }
  return { ok: false, value: text.slice(0, 254), error: r.error.issues[0]?.message ?? 'Enter a valid email address.' }
}
