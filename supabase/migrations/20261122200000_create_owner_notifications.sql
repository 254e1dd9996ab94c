-- The owner's side, part 1: every stored contact message queues an email to each owner (issue 9).
-- The queue row is written by a trigger in the insert's own transaction, so a crash between storing
-- the message and sending the email cannot lose the email: the row is committed with the message or
-- not at all. A trigger (not the route) because on Supabase PostgREST inserts directly.

-- The owners' addresses. The self-hosted server replaces the contents with OWNER_EMAILS at each start;
-- on Supabase, insert the rows by hand (or leave it empty: then no owner email is queued).
create table app_private.owner_emails (
  email text primary key,
  constraint owner_emails_lower check (email = lower(btrim(email))),
  constraint owner_emails_format check (email ~ '^[^@[:space:]]+@[^@[:space:]]+$')
);
revoke all on table app_private.owner_emails from public, anon, authenticated;
grant all on table app_private.owner_emails to service_role;

alter table app_private.email_queue drop constraint email_queue_kind_known;
alter table app_private.email_queue add constraint email_queue_kind_known
  check (kind in ('welcome', 'confirm-signup', 'contact-owner', 'owner-sign-in', 'signup-digest'));

-- The message an owner email is about; erasing the message takes its unsent emails with it.
alter table app_private.email_queue
  add column contact_message_id bigint references public.contact_messages (id) on delete cascade;
-- What other kinds need to build their email (a sign-in link, a digest's figures).
alter table app_private.email_queue add column payload jsonb;
create index email_queue_contact_message on app_private.email_queue (contact_message_id)
where contact_message_id is not null;

-- SECURITY DEFINER: anon inserts the message but may not touch the queue or read the owners.
create function app_private.contact_messages_notify_owners() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into app_private.email_queue (kind, to_email, dedupe_key, contact_message_id)
  select 'contact-owner', o.email, 'contact-owner:' || new.id || ':' || o.email, new.id
  from app_private.owner_emails o
  on conflict (dedupe_key) do nothing;
  return null;
end
$$;
revoke all on function app_private.contact_messages_notify_owners() from public;

create trigger contact_messages_after_insert
after insert on public.contact_messages
for each row execute function app_private.contact_messages_notify_owners();
