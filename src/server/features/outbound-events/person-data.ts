import { same, type PersonSource } from '../../person-data.ts'

/** Where outbound events keep a person's data (src/server/person-data.ts). */
export const OUTBOUND_PERSON_DATA: readonly PersonSource[] = [
  {
    // Webhook events about them (issue 41): the type and time, and the address the event carries
    // (masked or full as stored). Erasing them takes their deliveries (cascade), so nothing of
    // theirs leaves after the erasure; the person.erased event has neither id nor address.
    table: 'app_private.outbound_events',
    rows: `select jsonb_build_object('type', e.type, 'created_at', e.created_at, 'email', e.data ->> 'email') as row
           from app_private.outbound_events e
           where ${same("e.data ->> 'email'")}
              or e.signup_id in (select s.id from public.beta_signups s where ${same('s.email')})
           order by e.id`,
    erase: {
      sql: `delete from app_private.outbound_events e
            where ${same("e.data ->> 'email'")}
               or e.signup_id in (select s.id from public.beta_signups s where ${same('s.email')})`,
    },
    // Found through their sign-up, so erased while it is still there.
    before: ['public.beta_signups'],
  },
]
