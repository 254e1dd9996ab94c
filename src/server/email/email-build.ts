import type { Config } from '../config.ts'
import type { OutgoingEmail } from './outgoing-email.ts'

// What every email kind's builder takes and returns, apart from kinds.ts (which imports the
// builders), so that the builders need not import it back (issue 16: no cycles).

export type EmailKindConfig = Pick<Config, 'EMAIL_FROM' | 'PUBLIC_URL'> & {
  /**
   * false where PUBLIC_URL is a static host without the server's /beta pages (the Supabase
   * deployment): the welcome email then asks nothing it could not record.
   */
  BETA_PAGES?: boolean
}

/** What a kind makes of a claimed row: the email to send, or why it must not be sent any more. */
export type EmailBuild = { email: OutgoingEmail } | { cancel: string }
