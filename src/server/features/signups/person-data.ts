import { same, type PersonSource } from '../../person-data.ts'

/** Where the sign-up keeps a person's data (src/server/person-data.ts). */
export const SIGNUP_PERSON_DATA: readonly PersonSource[] = [
  {
    // Its source columns (source, source_medium, source_campaign, source_device,
    // source_os) and its language (locale) go with the row; the analytics tables hold no address and no sign-up id.
    // Its delete's triggers drop the invitation and Play emails queued to it and write person.erased.
    table: 'public.beta_signups',
    rows: `select to_jsonb(s) - 'unsubscribe_token' - 'platform_token' - 'invite_token' - 'feedback_token' - 'app_token' - 'website' as row
           from public.beta_signups s where ${same('s.email')} order by s.id`,
    erase: { sql: `delete from public.beta_signups where ${same('email')}` },
  },
]
