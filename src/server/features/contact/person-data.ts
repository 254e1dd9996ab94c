import { same, type PersonSource } from '../../person-data.ts'

/** Where the contact form keeps a person's data (src/server/person-data.ts). */
export const CONTACT_PERSON_DATA: readonly PersonSource[] = [
  {
    // Whether the owner handled their messages, and who: found through the messages, and gone
    // with them (cascade).
    table: 'app_private.contact_message_states',
    rows: `select to_jsonb(h) as row from app_private.contact_message_states h
           join public.contact_messages m on m.id = h.contact_message_id where ${same('m.email')} order by m.id`,
    erase: { cascadesFrom: 'public.contact_messages' },
    before: ['public.contact_messages'],
  },
  {
    table: 'public.contact_messages',
    rows: `select to_jsonb(m) - 'website' as row from public.contact_messages m where ${same('m.email')} order by m.id`,
    erase: { sql: `delete from public.contact_messages where ${same('email')}` },
  },
]
