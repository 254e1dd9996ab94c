import { same, type PersonSource } from '../../person-data.ts'

/** Where play testing keeps a person's data (src/server/person-data.ts). */
export const PLAY_PERSON_DATA: readonly PersonSource[] = [
  {
    table: 'app_private.play_answers',
    rows: `select to_jsonb(a) as row from app_private.play_answers a
           join public.beta_signups s on s.id = a.signup_id where ${same('s.email')} order by a.id`,
    erase: {
      sql: `delete from app_private.play_answers a using public.beta_signups s
            where s.id = a.signup_id and ${same('s.email')}`,
    },
    // Found through their sign-up, so erased while it is still there.
    before: ['public.beta_signups'],
  },
  {
    // Their own Play entry, and their mailbox given as the Google account of another
    // tester: that field alone is theirs, so it is shown, and erasure clears it, keeping the
    // other tester's entry (their export falls back to their own address).
    table: 'app_private.play_testers',
    rows: `select case when ${same('s.email')} then to_jsonb(p) - 'answer_token'
             else jsonb_build_object('google_account', p.google_account, 'given_by_another_tester', true) end as row
           from app_private.play_testers p join public.beta_signups s on s.id = p.signup_id
           where ${same('s.email')} or ${same('p.google_account')} order by p.signup_id`,
    erase: {
      sql: `with cleared as (
              update app_private.play_testers o set google_account = null
              where ${same('o.google_account')}
                and not exists (select 1 from public.beta_signups x where x.id = o.signup_id and ${same('x.email')})
            )
            delete from app_private.play_testers p using public.beta_signups s
            where s.id = p.signup_id and ${same('s.email')}`,
    },
    // Found (and the other testers' entries told apart) through the sign-ups.
    before: ['public.beta_signups'],
  },
]
