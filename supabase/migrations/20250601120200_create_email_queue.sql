-- Outgoing email, one row per email, sent by a worker that retries until it is delivered.
-- Lives in app_private: the Data API does not expose it and anon has no usage on the schema.
create table app_private.email_queue (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  to_email text not null,
  -- At most one email per purpose and address, e.g. 'welcome:' || lower(btrim(email)).
  dedupe_key text not null,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- While status = 'sending': the lease; past it, a crashed worker's row is claimed again.
  locked_until timestamptz,
  last_error text,
  provider_message_id text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint email_queue_kind_known check (kind in ('welcome')),
  constraint email_queue_status_known check (status in ('pending', 'sending', 'sent', 'failed', 'cancelled')),
  constraint email_queue_dedupe_key_key unique (dedupe_key)
);

create index email_queue_due on app_private.email_queue (next_attempt_at)
where status in ('pending', 'sending');

revoke all on table app_private.email_queue from public, anon, authenticated;
-- The Supabase edge function works with the service role.
grant usage on schema app_private to service_role;
grant all on table app_private.email_queue to service_role;
