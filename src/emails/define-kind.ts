import type { z } from 'zod'

/** One email, ready to send (the mail core's transports send it). `id` is stable per email (the queue row id): it is the idempotency key, the Message-ID seed and the outbox file name. */
export type OutgoingEmail = {
  id: string
  from: string
  to: string
  subject: string
  html: string
  text: string
  headers: Record<string, string>
}

/** What every kind's builder may read of the settings: our sender, and where links point. */
export type KindSettings = {
  EMAIL_FROM: string
  PUBLIC_URL: string
  /**
   * false where PUBLIC_URL is a static host without the server's /beta pages (the Supabase
   * deployment): the welcome email then asks nothing it could not record.
   */
  BETA_PAGES?: boolean
}

/** The contact message an owner email is about, as stored. */
export type QueuedContactMessage = { name: string; email: string; subject: string; message: string; created_at: string }

/**
 * An owner's message to testers, as stored: the default language's text, and every other
 * language's when the owner wrote one per language (null: one text for everyone).
 */
export type QueuedGroupMessage = {
  subject: string
  body: string
  translations: Record<string, { subject: string; body: string }> | null
}

/** The recipient's beta tokens and invitation. */
export type SignupLinks = {
  /** The phone they chose, on the page or from the welcome email ('unknown': not yet). */
  platform: 'unknown' | 'ios' | 'android'
  platformToken: string
  inviteToken: string
  invitationLinks: 'ios' | 'android' | 'both' | null
  /** The person's feedback link's token. */
  feedbackToken: string
  /** The person's own /app link's token (the "we are live" message). */
  appToken: string
  /** The language of the page they signed up on (null: before languages, or none sent). */
  locale: string | null
}

/**
 * A claimed queue row, with what the worker joined for it: unsubscribeToken and signup are null
 * once the address left the list, contact is null once the message was erased (or for other
 * kinds). `payload` is as stored; the kind's schema reads it.
 */
export type ClaimedEmail = {
  id: string
  kind: string
  toEmail: string
  attempts: number
  unsubscribeToken: string | null
  contact: QueuedContactMessage | null
  payload: unknown
  signup: SignupLinks | null
  /** The owner's message a `message` email names (its texts are stored once), else null. */
  message: QueuedGroupMessage | null
}

/** What a kind makes of a claimed row: the email to send, or why it must not be sent any more. */
export type EmailBuild = { email: OutgoingEmail } | { cancel: string }

/**
 * One kind of email, whole: its name in the queue, the schema of its payload, its dedupe key and
 * its builder. The stored dedupe key is `<kind>:<dedupeKey(key)>`, the format the SQL-side
 * enqueues (the welcome email's function, the contact trigger) write too.
 */
export type EmailKind<Name extends string = string, Key = never, Payload = unknown> = {
  readonly kind: Name
  readonly payload: z.ZodType<Payload>
  dedupeKey(key: Key): string
  /**
   * A key and payload as enqueue() takes them: what the kind's rows look like, for a reader and
   * for the registry's round-trip test (src/server/mail-transports/kinds.test.ts runs every kind's example).
   */
  readonly example: { readonly key: Key; readonly payload: Payload }
  /**
   * Which due email the worker claims first, lowest first (queue-rows.ts): 0 for what expires in
   * minutes (an owner's sign-in link), 1 for what a visitor is waiting for, BULK_PRIORITY (the
   * default) for the rest, whose backlog must never hold those back.
   */
  readonly priority?: 0 | 1 | typeof BULK_PRIORITY
  build(row: ClaimedEmail, payload: Payload, settings: KindSettings): Promise<EmailBuild>
}

export const BULK_PRIORITY = 2

/** Declares a kind; the types of the key and the payload follow from the definition. */
export function defineKind<const Name extends string, Key, Payload>(
  definition: EmailKind<Name, Key, Payload>,
): EmailKind<Name, Key, Payload> {
  return definition
}
