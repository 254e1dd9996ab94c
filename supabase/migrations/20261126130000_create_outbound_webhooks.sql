-- Issue 41: outbound webhooks (Standard Webhooks 1.0). docs/decisions/outbound-events.md
--
-- Events are written by triggers in the transaction that writes the fact (a sign-up, a confirmation,
-- an answer...), so an event exists exactly when its fact committed, whoever wrote it (the Node
-- server, PostgREST on Supabase, SQL by hand), and a crash can lose neither. The same statement
-- fans it out: one delivery row per subscribed, enabled endpoint, whose id is the `webhook-id` the
-- receiver sees on every attempt. The Node server's sender claims due deliveries with a lease, as
-- the email queue does.

create table app_private.outbound_endpoints (
  id bigint generated always as identity primary key,
  url text not null,
  description text not null default '',
  events text[] not null,
  enabled boolean not null default true,
  -- Full addresses in payloads instead of masked ones (j…e@example.com); the choice is audited.
  full_addresses boolean not null default false,
  -- whsec_ + base64; kept in clear because every attempt is signed with it (as Svix does).
  secret text not null,
  -- During a rotation the old secret signs too, until previous_secret_until.
  previous_secret text,
  previous_secret_until timestamptz,
  -- Since when every attempt failed; cleared by a success. Five days of it pause the endpoint.
  failing_since timestamptz,
  -- Why the sender paused it (410, five days of failures); null when the owner did.
  paused_reason text,
  created_at timestamptz not null default now(),
  constraint outbound_endpoints_url_length check (char_length(url) between 8 and 2000),
  constraint outbound_endpoints_url_scheme check (url ~ '^https?://'),
  constraint outbound_endpoints_description_length check (char_length(description) <= 200),
  constraint outbound_endpoints_events_some check (cardinality(events) between 1 and 32),
  constraint outbound_endpoints_secret_shape check (secret ~ '^whsec_[A-Za-z0-9+/=]{32,100}$')
);

create table app_private.outbound_events (
  id bigint generated always as identity primary key,
  type text not null,
  -- The sign-up the event is about, so that erasure can blank its address in stored events.
  signup_id bigint,
  data jsonb not null,
  created_at timestamptz not null default now(),
  constraint outbound_events_type_shape check (type ~ '^[a-z]+(_[a-z]+)*\.[a-z]+(_[a-z]+)*$')
);
create index outbound_events_signup on app_private.outbound_events (signup_id) where signup_id is not null;
create index outbound_events_time on app_private.outbound_events (created_at);

create table app_private.outbound_deliveries (
  id bigint generated always as identity primary key,
  -- The webhook-id: one per endpoint and event, the same on every attempt and on a replay.
  message_id text not null default 'msg_' || replace(gen_random_uuid()::text, '-', ''),
  endpoint_id bigint not null references app_private.outbound_endpoints (id) on delete cascade,
  event_id bigint not null references app_private.outbound_events (id) on delete cascade,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  delivered_at timestamptz,
  last_status integer,
  last_error text,
  created_at timestamptz not null default now(),
  constraint outbound_deliveries_once unique (endpoint_id, event_id),
  constraint outbound_deliveries_message_id_key unique (message_id),
  constraint outbound_deliveries_status_known check (status in ('pending', 'sending', 'delivered', 'failed'))
);
create index outbound_deliveries_due on app_private.outbound_deliveries (next_attempt_at)
  where status in ('pending', 'sending');
create index outbound_deliveries_endpoint on app_private.outbound_deliveries (endpoint_id, id desc);

-- Every attempt, for the console's delivery log: when, the answer's status (null: no answer),
-- how long it took, and the first kilobyte of the answer or the error.
create table app_private.outbound_attempts (
  id bigint generated always as identity primary key,
  delivery_id bigint not null references app_private.outbound_deliveries (id) on delete cascade,
  endpoint_id bigint not null references app_private.outbound_endpoints (id) on delete cascade,
  at timestamptz not null default now(),
  status integer,
  latency_ms integer not null,
  response text not null default '',
  constraint outbound_attempts_response_length check (char_length(response) <= 1024)
);
create index outbound_attempts_endpoint on app_private.outbound_attempts (endpoint_id, id desc);

revoke all on table app_private.outbound_endpoints, app_private.outbound_events, app_private.outbound_deliveries,
  app_private.outbound_attempts from public, anon, authenticated;
grant all on table app_private.outbound_endpoints, app_private.outbound_events, app_private.outbound_deliveries,
  app_private.outbound_attempts to service_role;

-- The masked form of an address, as src/shared/outbound-events.ts's maskEmail writes it:
-- first and last character of the local part (one character when it has two or fewer).
create function app_private.mask_email(address text) returns text
language sql
immutable strict
set search_path = ''
as $$
  select case
    when position('@' in address) = 0 then '…'
    when char_length(split_part(address, '@', 1)) <= 2
      then left(split_part(address, '@', 1), 1) || '…@' || substring(address from position('@' in address) + 1)
    else left(split_part(address, '@', 1), 1) || '…' || right(split_part(address, '@', 1), 1) || '@'
      || substring(address from position('@' in address) + 1)
  end
$$;

-- Records an event and queues one delivery to each enabled endpoint that asked for its type.
create function app_private.emit_outbound_event(event_type text, about bigint, payload jsonb) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  new_id bigint;
begin
  -- No endpoint wants it: nothing to keep (nor any address to erase later).
  if not exists (select 1 from app_private.outbound_endpoints e where e.enabled and event_type = any (e.events)) then
    return;
  end if;
  insert into app_private.outbound_events (type, signup_id, data) values (event_type, about, payload)
  returning id into new_id;
  insert into app_private.outbound_deliveries (endpoint_id, event_id)
  select e.id, new_id from app_private.outbound_endpoints e where e.enabled and event_type = any (e.events);
end
$$;
revoke all on function app_private.emit_outbound_event(text, bigint, jsonb) from public;
grant execute on function app_private.emit_outbound_event(text, bigint, jsonb) to service_role;

-- A sign-up row's public part: what signup.* and invitation.* events carry.
create function app_private.outbound_signup(s public.beta_signups) returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', s.id, 'email', s.email, 'platform', s.platform, 'source', s.source,
    'locale', s.locale, 'created_at', s.created_at)
$$;

create function app_private.beta_signups_outbound_events() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  left_how text;
begin
  if tg_op = 'INSERT' then
    perform app_private.emit_outbound_event('signup.created', new.id, app_private.outbound_signup(new));
    return null;
  end if;
  if tg_op = 'UPDATE' then
    if old.confirmed_at is null and new.confirmed_at is not null then
      perform app_private.emit_outbound_event('signup.confirmed', new.id,
        app_private.outbound_signup(new) || jsonb_build_object('confirmed_at', new.confirmed_at));
    end if;
    if old.invited_at is null and new.invited_at is not null then
      perform app_private.emit_outbound_event('invitation.sent', new.id,
        app_private.outbound_signup(new) || jsonb_build_object('invited_at', new.invited_at));
    end if;
    if old.opened_at is null and new.opened_at is not null then
      perform app_private.emit_outbound_event('invitation.opened', new.id,
        app_private.outbound_signup(new) || jsonb_build_object('opened_at', new.opened_at));
    end if;
    return null;
  end if;
  -- DELETE: unsubscribe and erasure say which they are (app.person_left, local to the
  -- transaction); an expired unconfirmed sign-up or a delete by hand is neither.
  left_how := nullif(current_setting('app.person_left', true), '');
  if left_how = 'unsubscribed' then
    perform app_private.emit_outbound_event('person.unsubscribed', old.id,
      jsonb_build_object('id', old.id, 'email', old.email, 'unsubscribed_at', now()));
  elsif left_how = 'erased' then
    -- No personal data: the id lets a receiver delete its own copy.
    perform app_private.emit_outbound_event('person.erased', null, jsonb_build_object('id', old.id, 'erased_at', now()));
  end if;
  if left_how = 'erased' then
    -- Events not yet delivered keep no full address of theirs.
    update app_private.outbound_events
    set data = data || jsonb_build_object('email', app_private.mask_email(data ->> 'email'))
    where data ? 'email' and (signup_id = old.id
      or app_private.canonical_email(data ->> 'email') = app_private.canonical_email(old.email));
  end if;
  return null;
end
$$;

create trigger beta_signups_outbound_events
after insert or update of confirmed_at, invited_at, opened_at or delete on public.beta_signups
for each row execute function app_private.beta_signups_outbound_events();

-- Unsubscribing says so, for the delete trigger above (the body is 20261122100100's otherwise).
create or replace function app_private.unsubscribe(token uuid) returns boolean
language plpgsql
volatile strict
security definer
set search_path = ''
as $$
declare
  address text;
  mailbox text;
begin
  perform set_config('app.person_left', 'unsubscribed', true);
  delete from public.beta_signups where unsubscribe_token = token returning email into address;
  perform set_config('app.person_left', '', true);
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

create function app_private.play_answers_outbound_events() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.beta_signups;
begin
  if new.answer not in ('joined', 'left') then
    return null;
  end if;
  select * into s from public.beta_signups where id = new.signup_id;
  perform app_private.emit_outbound_event('play.' || new.answer, new.signup_id,
    jsonb_build_object('id', new.signup_id, 'email', s.email, 'answered_at', new.answered_at));
  return null;
end
$$;
create trigger play_answers_outbound_events after insert on app_private.play_answers
for each row execute function app_private.play_answers_outbound_events();

create function app_private.beta_feedback_outbound_events() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app_private.emit_outbound_event('feedback.created', new.signup_id, jsonb_build_object(
    'id', new.id, 'email', new.email, 'rating', new.rating, 'works', new.works, 'broken', new.broken,
    'platform', new.platform, 'os_version', new.os_version, 'build', new.build, 'created_at', new.created_at));
  return null;
end
$$;
create trigger beta_feedback_outbound_events after insert on app_private.beta_feedback
for each row execute function app_private.beta_feedback_outbound_events();

create function app_private.contact_messages_outbound_events() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app_private.emit_outbound_event('contact.created', null, jsonb_build_object(
    'id', new.id, 'name', new.name, 'email', new.email, 'subject', new.subject, 'message', new.message,
    'created_at', new.created_at));
  return null;
end
$$;
create trigger contact_messages_outbound_events after insert on public.contact_messages
for each row execute function app_private.contact_messages_outbound_events();

-- A permanent bounce or a complaint (Resend's webhook, an SMTP refusal) goes through
-- suppress_mailbox, the one place that still has the address (20261125100000's body otherwise).
create or replace function app_private.suppress_mailbox(address text, why text) returns boolean
language plpgsql
volatile strict
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  if why not in ('unsubscribed', 'bounced', 'complained') then
    raise exception 'unknown suppression reason %', why using errcode = '22023';
  end if;
  insert into app_private.email_suppressions as x (mailbox_hmac, reason)
  values (app_private.mailbox_hmac(address), why)
  on conflict (mailbox_hmac) do update set reason = excluded.reason
  where array_position(array['unsubscribed', 'bounced', 'complained'], excluded.reason)
      > array_position(array['unsubscribed', 'bounced', 'complained'], x.reason);
  get diagnostics changed = row_count;
  update public.beta_signups s set suppressed = true
  where app_private.canonical_email(s.email) = app_private.canonical_email(address) and not s.suppressed;
  if changed > 0 and why in ('bounced', 'complained') then
    perform app_private.emit_outbound_event('email.bounced', (select s.id from public.beta_signups s
        where app_private.canonical_email(s.email) = app_private.canonical_email(address) limit 1),
      jsonb_build_object('email', address, 'reason', why, 'at', now()));
  end if;
  return changed > 0;
end
$$;
