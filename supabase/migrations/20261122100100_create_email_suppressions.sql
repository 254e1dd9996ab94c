-- Leaving the beta lasts (issue 8, defect 1). An unsubscribe deletes the address and keeps only a
-- keyed hash (HMAC-SHA-256) of its canonical mailbox, so that signing the same mailbox up again
-- stores nothing and sends nothing, while the address itself is not kept in clear anywhere.
-- See docs/decisions/suppression-and-canonical-mailbox.md.
--
-- Only core PostgreSQL (sha256() since PostgreSQL 11, gen_random_uuid() since 13): pgcrypto lives
-- in schema extensions on Supabase, in public on a plain PostgreSQL if at all, and must be loaded
-- explicitly into PGlite, so relying on it would make this file differ per deployment.

-- HMAC (RFC 2104) over core sha256(). A test compares it with node:crypto's createHmac.
create function app_private.hmac_sha256(key bytea, message bytea) returns bytea
language plpgsql
immutable strict parallel safe
set search_path = ''
as $$
declare
  k bytea := key;
  inner_pad bytea;
  outer_pad bytea;
begin
  if length(k) > 64 then
    k := sha256(k);
  end if;
  k := k || decode(repeat('00', 64 - length(k)), 'hex');
  inner_pad := k;
  outer_pad := k;
  for i in 0..63 loop
    inner_pad := set_byte(inner_pad, i, get_byte(k, i) # 54);  -- 0x36
    outer_pad := set_byte(outer_pad, i, get_byte(k, i) # 92);  -- 0x5c
  end loop;
  return sha256(outer_pad || sha256(inner_pad || message));
end
$$;
revoke all on function app_private.hmac_sha256(bytea, bytea) from public;

-- The key's home where there is no Vault (PGlite, a plain PostgreSQL). Nobody but the owner reads it.
create table app_private.secrets (
  name text primary key,
  value bytea not null,
  created_at timestamptz not null default now()
);
revoke all on table app_private.secrets from public, anon, authenticated, service_role;

-- A random key, made once, here. gen_random_uuid() draws from the server's strong random source;
-- two of them give 244 random bits, hashed into 32 bytes. On Supabase the key goes to Vault
-- (encrypted at rest, out of backups' plain text) as hex; elsewhere into app_private.secrets.
-- Dynamic SQL so that nothing here names vault where it does not exist.
do $$
declare
  fresh bytea := sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8'));
  existing bigint;
begin
  if to_regprocedure('vault.create_secret(text, text, text)') is not null then
    -- EXECUTE does not set FOUND: count.
    execute 'select count(*) from vault.secrets where name = $1' into existing using 'suppression_hmac_key';
    if existing = 0 then
      execute 'select vault.create_secret($1, $2, $3)'
        using encode(fresh, 'hex'), 'suppression_hmac_key', 'HMAC key of app_private.email_suppressions (Solodesk)';
    end if;
  else
    insert into app_private.secrets (name, value) values ('suppression_hmac_key', fresh)
    on conflict (name) do nothing;
  end if;
end
$$;

-- The key, from Vault when the database has one, else from app_private.secrets. SECURITY DEFINER:
-- it runs inside the anon insert's trigger.
create function app_private.suppression_key() returns bytea
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  k bytea;
begin
  if to_regclass('vault.decrypted_secrets') is not null then
    execute 'select decode(decrypted_secret, ''hex'') from vault.decrypted_secrets where name = $1'
      into k using 'suppression_hmac_key';
  else
    select s.value into k from app_private.secrets s where s.name = 'suppression_hmac_key';
  end if;
  if k is null then
    raise exception 'the suppression key is missing (suppression_hmac_key)';
  end if;
  return k;
end
$$;
revoke all on function app_private.suppression_key() from public;

-- Mailboxes that left the beta, as HMAC-SHA-256(key, canonical mailbox). Without the key the hash
-- cannot be matched against a list of addresses; with it, only a known address can be checked.
create table app_private.email_suppressions (
  mailbox_hmac bytea primary key,
  created_at timestamptz not null default now()
);
revoke all on table app_private.email_suppressions from public, anon, authenticated;
grant all on table app_private.email_suppressions to service_role;

create function app_private.mailbox_hmac(address text) returns bytea
language sql
stable strict
security definer
set search_path = ''
as $$
  select app_private.hmac_sha256(app_private.suppression_key(), convert_to(app_private.canonical_email(address), 'UTF8'))
$$;
revoke all on function app_private.mailbox_hmac(text) from public;

create function app_private.is_suppressed(address text) returns boolean
language sql
stable strict
security definer
set search_path = ''
as $$
  select exists (select 1 from app_private.email_suppressions where mailbox_hmac = app_private.mailbox_hmac(address))
$$;
revoke all on function app_private.is_suppressed(text) from public;
grant execute on function app_private.is_suppressed(text) to service_role;

-- Removes the sign-up with this token and the emails queued for its mailbox, and suppresses the
-- mailbox; all in one transaction. Returns whether the token was known. For the Node server and
-- the Supabase edge function alike.
create function app_private.unsubscribe(token uuid) returns boolean
language plpgsql
volatile strict
security definer
set search_path = ''
as $$
declare
  address text;
  mailbox text;
begin
  delete from public.beta_signups where unsubscribe_token = token returning email into address;
  if address is null then
    return false;
  end if;
  mailbox := app_private.canonical_email(address);
  perform pg_advisory_xact_lock(hashtextextended('beta_signups:' || mailbox, 0));
  delete from app_private.email_queue where dedupe_key in ('welcome:' || mailbox, 'confirm-signup:' || mailbox);
  insert into app_private.email_suppressions (mailbox_hmac) values (app_private.mailbox_hmac(address))
  on conflict (mailbox_hmac) do nothing;
  return true;
end
$$;
revoke all on function app_private.unsubscribe(uuid) from public;
grant execute on function app_private.unsubscribe(uuid) to service_role;

-- For the owner: lets a mailbox that left sign up again. Returns whether it was suppressed.
create function app_private.lift_suppression(address text) returns boolean
language sql
volatile strict
security definer
set search_path = ''
as $$
  with gone as (
    delete from app_private.email_suppressions where mailbox_hmac = app_private.mailbox_hmac(address) returning 1
  )
  select exists (select 1 from gone)
$$;
revoke all on function app_private.lift_suppression(text) from public;
grant execute on function app_private.lift_suppression(text) to service_role;

-- As in 20261122100000, and a suppressed mailbox is dropped like a repeat: the same 201, no row.
create or replace function app_private.beta_signups_before_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  mailbox text;
begin
  if coalesce(new.website, '') <> '' then
    return null;
  end if;
  new.website := null;
  new.email := btrim(new.email);
  mailbox := app_private.canonical_email(new.email);
  -- Serialises concurrent sign-ups and unsubscribes of one mailbox so the second one sees the first.
  perform pg_advisory_xact_lock(hashtextextended('beta_signups:' || mailbox, 0));
  if exists (select 1 from public.beta_signups s where app_private.canonical_email(s.email) = mailbox) then
    return null;
  end if;
  if app_private.is_suppressed(new.email) then
    return null;
  end if;
  return new;
end
$$;
revoke all on function app_private.beta_signups_before_insert() from public;
