-- Beta sign-ups. The one schema for the self-hosted server (PGlite or PostgreSQL) and a Supabase project.
-- Anonymous visitors may insert an address and nothing else: no read, no update, no delete.

-- Supabase has these roles; a plain PostgreSQL or PGlite does not.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit;
  end if;
  -- The self-hosted server runs each insert after SET LOCAL ROLE anon, so its login must be a member.
  if not pg_has_role(current_user, 'anon', 'member') then
    execute format('grant anon to %I', current_user);
  end if;
end
$$;

-- Private objects: not exposed by the Data API, not reachable by anon.
create schema if not exists app_private;
revoke all on schema app_private from public;

create table public.beta_signups (
  id bigint generated always as identity primary key,
  email text not null,
  -- Honeypot: a filled-in value means a bot; the trigger below drops such a row.
  website text,
  unsubscribe_token uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now(),
  constraint beta_signups_email_length check (char_length(email) between 3 and 254),
  constraint beta_signups_email_format check (email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  constraint beta_signups_email_trimmed check (email = btrim(email)),
  constraint beta_signups_website_empty check (website is null),
  constraint beta_signups_unsubscribe_token_key unique (unsubscribe_token)
);

-- One sign-up per address, whatever its letter case or surrounding spaces.
create unique index beta_signups_email_key on public.beta_signups (lower(btrim(email)));

-- Drops bot rows and repeated sign-ups without an error, so every visitor gets the same 201
-- and nobody can learn whether an address is on the list. SECURITY DEFINER: anon cannot read
-- the table, the check must.
create function app_private.beta_signups_before_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(new.website, '') <> '' then
    return null;
  end if;
  new.website := null;
  new.email := btrim(new.email);
  -- Serialises concurrent sign-ups of one address so the second one sees the first.
  perform pg_advisory_xact_lock(hashtextextended('beta_signups:' || lower(new.email), 0));
  if exists (select 1 from public.beta_signups s where lower(btrim(s.email)) = lower(new.email)) then
    return null;
  end if;
  return new;
end
$$;
revoke all on function app_private.beta_signups_before_insert() from public;

create trigger beta_signups_before_insert
before insert on public.beta_signups
for each row execute function app_private.beta_signups_before_insert();

-- Supabase grants everything on new public tables to anon by default: start from nothing.
alter table public.beta_signups enable row level security;
revoke all on table public.beta_signups from public, anon, authenticated;
grant insert (email, website) on table public.beta_signups to anon;
grant all on table public.beta_signups to service_role;

create policy "Anyone may join the beta"
on public.beta_signups
for insert
to anon
with check (true);
