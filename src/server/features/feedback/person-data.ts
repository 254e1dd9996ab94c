import { same, type PersonSource } from '../../person-data.ts'

/** Where feedback keeps a person's data (src/server/person-data.ts). */
export const FEEDBACK_PERSON_DATA: readonly PersonSource[] = [
  {
    // What they said about the beta, by the address they gave (with or without a link).
    // Its owner notifications go with it (email_queue.feedback_id cascades).
    table: 'app_private.beta_feedback',
    rows: `select to_jsonb(f) as row from app_private.beta_feedback f where ${same('f.email')} order by f.id`,
    erase: { sql: `delete from app_private.beta_feedback where ${same('email')}` },
    // Its rows point at the sign-up (signup_id, set to null when the sign-up goes): children
    // first, so the sign-up's delete does not rewrite rows erasure is about to delete.
    before: ['public.beta_signups'],
  },
]
