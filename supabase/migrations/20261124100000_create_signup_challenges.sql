-- Issue 17: bots cannot spend the sending domain's reputation. The page proves work (ALTCHA) before
-- the resend-email call; a call without a valid proof still works, within a small global budget per
-- hour. Both facts live here, so they hold across processes and on Supabase alike.
-- See docs/decisions/launch-day-bots.md.

-- The key that signs challenges, made once, here, as the suppression key is (20261122100100): in
-- Vault on Supabase, else in app_private.secrets. A SIGNUP_CHALLENGE_SECRET setting takes its place.
do $$
declare
  fresh bytea := sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8'));
  existing bigint;
begin
  if to_regprocedure('vault.create_secret(text, text, text)') is not null then
    execute 'select count(*) from vault.secrets where name = $1' into existing using 'signup_challenge_key';
    if existing = 0 then
      execute 'select vault.create_secret($1, $2, $3)'
        using encode(fresh, 'hex'), 'signup_challenge_key', 'HMAC key of the sign-up challenges (Solodesk)';
    end if;
  else
    insert into app_private.secrets (name, value) values ('signup_challenge_key', fresh)
    on conflict (name) do nothing;
  end if;
end
$$;

create function app_private.signup_challenge_key() returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  k text;
begin
  if to_regclass('vault.decrypted_secrets') is not null then
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1' into k using 'signup_challenge_key';
  else
    select encode(s.value, 'hex') into k from app_private.secrets s where s.name = 'signup_challenge_key';
  end if;
  if k is null then
    raise exception 'the sign-up challenge key is missing (signup_challenge_key)';
  end if;
  return k;
end
$$;
revoke all on function app_private.signup_challenge_key() from public;
grant execute on function app_private.signup_challenge_key() to service_role;

-- Proofs already used, by their challenge's signature, until the challenge expires: a proof counts once.
create table app_private.spent_signup_proofs (
  signature text primary key,
  expires_at timestamptz not null
);
create index spent_signup_proofs_expires on app_private.spent_signup_proofs (expires_at);
revoke all on table app_private.spent_signup_proofs from public, anon, authenticated;
grant all on table app_private.spent_signup_proofs to service_role;

-- Spends a proof: true the first time, false ever after. Clears expired ones on the way (they can
-- no longer be presented: an expired challenge fails its check before it gets here).
create function app_private.spend_signup_proof(proof_signature text, proof_expires_at timestamptz) returns boolean
language plpgsql
volatile strict
security definer
set search_path = ''
as $$
declare
  spent boolean;
begin
  delete from app_private.spent_signup_proofs where expires_at < now();
  insert into app_private.spent_signup_proofs (signature, expires_at) values (proof_signature, proof_expires_at)
  on conflict (signature) do nothing;
  get diagnostics spent = row_count;
  return spent;
end
$$;
revoke all on function app_private.spend_signup_proof(text, timestamptz) from public;
grant execute on function app_private.spend_signup_proof(text, timestamptz) to service_role;

-- Emails queued for calls without a valid proof, per UTC clock hour. The upsert's row lock
-- serialises concurrent calls of every process, so the budget holds under any concurrency.
create table app_private.unverified_email_budget (
  hour_start timestamptz primary key,
  used integer not null
);
revoke all on table app_private.unverified_email_budget from public, anon, authenticated;
grant all on table app_private.unverified_email_budget to service_role;

-- Takes one email of this hour's budget: true if there was one left.
create function app_private.take_unverified_email(per_hour integer) returns boolean
language plpgsql
volatile strict
security definer
set search_path = ''
as $$
declare
  hour timestamptz := date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC';
  taken integer;
begin
  if per_hour <= 0 then
    return false;
  end if;
  delete from app_private.unverified_email_budget where hour_start < hour - interval '1 day';
  insert into app_private.unverified_email_budget as b (hour_start, used) values (hour, 1)
  on conflict (hour_start) do update set used = b.used + 1 where b.used < per_hour;
  get diagnostics taken = row_count;
  return taken = 1;
end
$$;
revoke all on function app_private.take_unverified_email(integer) from public;
grant execute on function app_private.take_unverified_email(integer) to service_role;
