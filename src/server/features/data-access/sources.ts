// Every place a person's data lives, in one list that both "Download data" (an access
// request) and erasure read, so a table added later is one more entry here. data-access.test.ts fails
// when a table of the database holds an address or a sign-up id and is missing here (or from
// NOT_ABOUT_A_PERSON). docs/decisions/play-closed-testing.md

/** Rows of the same mailbox in any spelling (letter case, dots and +tags where the provider ignores them). */
const same = (column: string) => `app_private.canonical_email(${column}) = app_private.canonical_email($1)`

type PersonSource = {
  /** The table, schema-qualified: the key of its rows in the downloaded file. */
  table: string
  /**
   * One statement giving this person's rows as `row` (jsonb), `$1` being the address. Secrets
   * (the tokens of their links) are left out: the file may travel by email.
   */
  rows: string
  /**
   * How erasure removes them: a delete with `$1`, run in this list's order (children first); or
   * the table whose delete takes them by cascade; or why they stay.
   */
  erase: { sql: string } | { cascadesFrom: string } | { kept: string }
}

export const PERSON_DATA: readonly PersonSource[] = [
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
  },
  {
    table: 'app_private.play_answers',
    rows: `select to_jsonb(a) as row from app_private.play_answers a
           join public.beta_signups s on s.id = a.signup_id where ${same('s.email')} order by a.id`,
    erase: {
      sql: `delete from app_private.play_answers a using public.beta_signups s
            where s.id = a.signup_id and ${same('s.email')}`,
    },
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
  },
  {
    // What they said about the beta, by the address they gave (with or without a link).
    // Its owner notifications go with it (email_queue.feedback_id cascades).
    table: 'app_private.beta_feedback',
    rows: `select to_jsonb(f) as row from app_private.beta_feedback f where ${same('f.email')} order by f.id`,
    erase: { sql: `delete from app_private.beta_feedback where ${same('email')}` },
  },
  {
    // Its source columns (source, source_medium, source_campaign, source_device,
    // source_os) and its language (locale) go with the row; the analytics tables hold no address and no sign-up id.
    table: 'public.beta_signups',
    rows: `select to_jsonb(s) - 'unsubscribe_token' - 'platform_token' - 'invite_token' - 'feedback_token' - 'app_token' - 'website' as row
           from public.beta_signups s where ${same('s.email')} order by s.id`,
    erase: { sql: `delete from public.beta_signups where ${same('email')}` },
  },
  {
    table: 'app_private.contact_message_states',
    rows: `select to_jsonb(h) as row from app_private.contact_message_states h
           join public.contact_messages m on m.id = h.contact_message_id where ${same('m.email')} order by m.id`,
    erase: { cascadesFrom: 'public.contact_messages' },
  },
  {
    table: 'public.contact_messages',
    rows: `select to_jsonb(m) - 'website' as row from public.contact_messages m where ${same('m.email')} order by m.id`,
    erase: { sql: `delete from public.contact_messages where ${same('email')}` },
  },
  {
    // The emails sent (or queued) to them: kind and times, never the body or its payload. The
    // owner's notifications about their messages go with the messages (cascade).
    table: 'app_private.email_queue',
    rows: `select jsonb_build_object('kind', q.kind, 'status', q.status, 'queued_at', q.created_at,
             'sent_at', q.sent_at, 'attempts', q.attempts) as row
           from app_private.email_queue q where ${same('q.to_email')} order by q.created_at, q.id`,
    erase: { sql: `delete from app_private.email_queue where ${same('to_email')}` },
  },
  {
    // Only a keyed hash of the mailbox: whether, since when and why (left, bounced, complained)
    // nothing may be sent to it.
    table: 'app_private.email_suppressions',
    rows: `select jsonb_build_object('suppressed_since', created_at, 'reason', reason) as row
           from app_private.email_suppressions where mailbox_hmac = app_private.mailbox_hmac($1)`,
    erase: { kept: 'erasure adds the mailbox here, so that nothing is sent to it and nobody signs it up again' },
  },
  {
    // The same keyed hash, per change: what a restore of an older backup re-applies (issue 42,
    // docs/decisions/backups.md).
    table: 'app_private.suppression_journal',
    rows: `select jsonb_build_object('at', at, 'event', event, 'reason', reason) as row
           from app_private.suppression_journal where mailbox_hmac = app_private.mailbox_hmac($1) order by id`,
    erase: { kept: 'it keeps the erasure and the suppression in force when an older backup is restored' },
  },
]

/**
 * Tables with an address or a reference to a person's row that are not about a person on the list,
 * and why. The guard test accepts these and nothing else outside PERSON_DATA.
 */
export const NOT_ABOUT_A_PERSON: Readonly<Record<string, string>> = {
  'app_private.owner_emails': "the owners' own addresses (OWNER_EMAILS)",
  'app_private.owner_sessions': "the owners' console sessions",
  'app_private.owner_passkeys': "the owners' passkeys",
  'app_private.owner_challenges': "the owners' passkey ceremonies",
}
