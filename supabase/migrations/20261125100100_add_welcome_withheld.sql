-- Issue 28, defect 4: a sign-up whose welcome email the unverified budget refused was answered
-- as a success and then never welcomed, invited or messaged (its queued email and confirmed_at
-- rolled back). The refusal now leaves a mark the console shows ("withheld"), from which the
-- owner sends it; the next call with a valid proof for the address sends it too.
alter table public.beta_signups add column welcome_withheld_at timestamptz;

create function app_private.withhold_welcome(address text) returns void
language sql
volatile strict
security definer
set search_path = ''
as $$
  update public.beta_signups set welcome_withheld_at = now()
  where app_private.canonical_email(email) = app_private.canonical_email(address) and welcome_withheld_at is null
$$;
revoke all on function app_private.withhold_welcome(text) from public;
grant execute on function app_private.withhold_welcome(text) to service_role;
