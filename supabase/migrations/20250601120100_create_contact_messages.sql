-- Contact form messages. Limits mirror src/shared/limits.ts, subjects src/shared/contact-message.ts.
create table public.contact_messages (
  id bigint generated always as identity primary key,
  name text not null,
  email text not null,
  subject text not null,
  message text not null,
  -- Honeypot, as on beta_signups.
  website text,
  created_at timestamptz not null default now(),
  constraint contact_messages_name_length check (char_length(btrim(name)) between 1 and 100),
  constraint contact_messages_name_one_line check (name !~ '[\r\n]'),
  constraint contact_messages_email_length check (char_length(email) between 3 and 254),
  constraint contact_messages_email_format check (email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  constraint contact_messages_subject_known check (
    subject in ('beta-feedback', 'bug-report', 'feature-request', 'billing', 'general', 'other')
  ),
  constraint contact_messages_message_length check (char_length(btrim(message)) between 1 and 5000),
  constraint contact_messages_website_empty check (website is null)
);

create function app_private.contact_messages_before_insert() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(new.website, '') <> '' then
    return null;
  end if;
  new.website := null;
  new.name := btrim(new.name);
  new.email := btrim(new.email);
  new.message := btrim(new.message);
  return new;
end
$$;
revoke all on function app_private.contact_messages_before_insert() from public;

create trigger contact_messages_before_insert
before insert on public.contact_messages
for each row execute function app_private.contact_messages_before_insert();

alter table public.contact_messages enable row level security;
revoke all on table public.contact_messages from public, anon, authenticated;
grant insert (name, email, subject, message, website) on table public.contact_messages to anon;
grant all on table public.contact_messages to service_role;

create policy "Anyone may send a message"
on public.contact_messages
for insert
to anon
with check (true);
