-- Queues the welcome email for an address on the beta list: the one rule, called by the Node
-- server (src/server/db/queries.ts) and by the Supabase edge function
-- (supabase/functions/resend-email). Returns whether a new email was queued: false for an address
-- not on the list (no stranger is ever mailed; a suppressed mailbox, one that left the beta, is
-- never on it: 20261122100100), and for a mailbox already queued or sent: the dedupe key is the
-- canonical mailbox (20261122100000), so at most one welcome email per mailbox, ever, also under
-- concurrent calls. The email goes to the address as it was signed up.
create function app_private.enqueue_welcome_email(address text) returns boolean
language sql
volatile
set search_path = ''
as $$
  -- Without double opt-in (the Node server's SIGNUP_CONFIRMATION off, and always on Supabase) the
  -- welcome email ends the sign-up: it is marked confirmed (20261122100200).
  with signup as (
    update public.beta_signups s set confirmed_at = coalesce(s.confirmed_at, now())
    where app_private.canonical_email(s.email) = app_private.canonical_email(address)
    returning s.email
  ), queued as (
    insert into app_private.email_queue (kind, to_email, dedupe_key)
    select 'welcome', signup.email, 'welcome:' || app_private.canonical_email(signup.email) from signup
    on conflict (dedupe_key) do nothing
    returning 1
  )
  select exists (select 1 from queued)
$$;
-- Not for the Data API's roles: anon has no usage on app_private, and no execute either.
revoke all on function app_private.enqueue_welcome_email(text) from public;
grant execute on function app_private.enqueue_welcome_email(text) to service_role;
