-- Issue 15: strangers could fill the owner's inbox (110 contact notifications and 400 sign-in
-- emails in 2.5 minutes from 20 addresses) and spend the provider's quota the welcome emails need.
-- Caps per owner, counted in the database so every process (and Supabase) shares them.

-- Contact notifications per owner per clock hour; past it, messages are still stored and shown,
-- and one summary email goes out when the hour ends. The server writes OWNER_NOTIFY_MAX_PER_HOUR
-- here at start; rows inserted by hand (Supabase) get 10.
alter table app_private.owner_emails
  add column notify_max_per_hour integer not null default 10,
  add constraint owner_emails_notify_max check (notify_max_per_hour >= 0);

-- Messages per owner and hour (UTC clock hour), one row each: the upsert's row lock serialises
-- concurrent messages, so the cap holds under any concurrency.
create table app_private.owner_notify_counts (
  owner text not null,
  hour_start timestamptz not null,
  count integer not null,
  primary key (owner, hour_start)
);
revoke all on table app_private.owner_notify_counts from public, anon, authenticated;
grant all on table app_private.owner_notify_counts to service_role;

-- Sign-in emails are counted per owner over the last 15 minutes from the queue itself.
create index email_queue_owner_sign_in on app_private.email_queue (to_email, created_at)
where kind = 'owner-sign-in';

-- The summary's kind, kept with every kind the constraint already allows (as 20261122400000 does).
do $$
declare
  kinds text[];
begin
  select array_agg(distinct k order by k) into kinds
  from (
    select m[1] as k
    from pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') as m
    where c.conrelid = 'app_private.email_queue'::regclass and c.conname = 'email_queue_kind_known'
    union
    select unnest(array['welcome', 'confirm-signup', 'contact-owner', 'owner-sign-in', 'signup-digest', 'invitation',
      'contact-owner-summary'])
  ) all_kinds;
  alter table app_private.email_queue drop constraint email_queue_kind_known;
  execute format(
    'alter table app_private.email_queue add constraint email_queue_kind_known check (kind = any (%L::text[]))',
    kinds
  );
end
$$;

-- Within the cap: one contact-owner email per owner, as before. Past it: one summary row per owner
-- and hour (dedupe key), due when the hour ends, whose payload counts the messages past the cap.
-- Same transaction as the message, so the count, the email and the summary commit with it or not
-- at all; the queue sends the summary once, crash or not.
create or replace function app_private.contact_messages_notify_owners() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  o record;
  n integer;
  this_hour timestamptz := date_trunc('hour', now(), 'UTC');
begin
  for o in select email, notify_max_per_hour from app_private.owner_emails loop
    insert into app_private.owner_notify_counts as c (owner, hour_start, count)
    values (o.email, this_hour, 1)
    on conflict (owner, hour_start) do update set count = c.count + 1
    returning c.count into n;
    if n = 1 then
      -- A new hour: forget the owner's old ones (nothing reads them after their summary).
      delete from app_private.owner_notify_counts
      where owner = o.email and hour_start < this_hour - interval '1 day';
    end if;
    if n <= o.notify_max_per_hour then
      insert into app_private.email_queue (kind, to_email, dedupe_key, contact_message_id)
      values ('contact-owner', o.email, 'contact-owner:' || new.id || ':' || o.email, new.id)
      on conflict (dedupe_key) do nothing;
    else
      insert into app_private.email_queue (kind, to_email, dedupe_key, next_attempt_at, payload)
      values ('contact-owner-summary', o.email,
        'contact-owner-summary:' || to_char(this_hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24') || ':' || o.email,
        this_hour + interval '1 hour',
        jsonb_build_object('count', n - o.notify_max_per_hour, 'hourStart', this_hour))
      on conflict (dedupe_key) do update set payload = excluded.payload;
    end if;
  end loop;
  return null;
end
$$;
revoke all on function app_private.contact_messages_notify_owners() from public;
