import type { EmailKind } from './define-kind.ts'

type Keyed<Key> = Pick<EmailKind<string, Key, unknown>, 'kind' | 'dedupeKey'>

/**
 * The stored dedupe key of an email of `kind` about `key`: `<kind>:<kind.dedupeKey(key)>`, unique in
 * app_private.email_queue (at most one such email, ever).
 */
export function dedupeKeyOf<Key>(kind: Keyed<Key>, key: Key): string {
  return `${kind.kind}:${kind.dedupeKey(key)}`
}

const PROBE = 'mailbox@example.com'

/**
 * For a kind keyed by the canonical mailbox (welcome, confirm-signup): its dedupe key's part before
 * the mailbox, for SQL that computes the mailbox row by row (`$1 || app_private.canonical_email(email)`).
 * Throws for a kind whose key is not the mailbox with a prefix.
 */
export function mailboxKeyPrefix(kind: Keyed<string>): string {
  const key = dedupeKeyOf(kind, PROBE)
  if (!key.endsWith(PROBE)) throw new Error(`the ${kind.kind} kind is not keyed by the mailbox`)
  return key.slice(0, -PROBE.length)
}
