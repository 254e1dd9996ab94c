-- A person's address stays in stored outbound events no longer than they stay on the list, and no
-- event is kept for ever. docs/decisions/outbound-events.md ("Secrets and privacy", "Retention")
--
-- Erasure masked the address in a person's stored events; unsubscribing, the expiry of an
-- unconfirmed sign-up and a delete by hand left it in clear. Now every delete of a sign-up masks
-- them, through one function. The person.unsubscribed event itself carries the address (a receiver
-- with full addresses needs it to find its copy), until none of its deliveries waits: then it is
-- masked too. The retention purge (the sender, once a day across processes) deletes old events
-- with their deliveries and log; outbound_housekeeping says when it is next due.

-- The masking rule for one stored event's data: its address, if any, as mask_email writes it.
create function app_private.masked_outbound_data(data jsonb) returns jsonb
language sql
immutable
strict
set search_path = ''
as $$
  select case when data ? 'email'
    then data || jsonb_build_object('email', app_private.mask_email(data ->> 'email')) else data end
$$;

-- A person's stored events, masked: by the sign-up they are about, and by mailbox (any spelling).
create function app_private.mask_outbound_events(about bigint, address text) returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update app_private.outbound_events
  set data = app_private.masked_outbound_data(data)
  where data ? 'email' and data is distinct from app_private.masked_outbound_data(data)
    and (signup_id = about or app_private.canonical_email(data ->> 'email') = app_private.canonical_email(address))
$$;
revoke all on function app_private.mask_outbound_events(bigint, text) from public;
grant execute on function app_private.mask_outbound_events(bigint, text) to service_role;

create or replace function app_private.beta_signups_outbound_events() returns trigger
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
  -- DELETE, whoever deletes (unsubscribing, erasure, the expiry of an unconfirmed sign-up, a
  -- delete by hand): the person's stored events keep no full address of theirs.
  perform app_private.mask_outbound_events(old.id, old.email);
  -- Unsubscribing and erasure say which they are (app.person_left, local to the transaction).
  left_how := nullif(current_setting('app.person_left', true), '');
  if left_how = 'unsubscribed' then
    -- Masked in its turn once no delivery of it waits (outbound_deliveries_done below).
    perform app_private.emit_outbound_event('person.unsubscribed', old.id,
      jsonb_build_object('id', old.id, 'email', old.email, 'unsubscribed_at', now()));
  elsif left_how = 'erased' then
    -- No personal data: the id lets a receiver delete its own copy.
    perform app_private.emit_outbound_event('person.erased', null, jsonb_build_object('id', old.id, 'erased_at', now()));
  end if;
  return null;
end
$$;

-- A delivery is done (delivered, failed for good): when the person its event is about has left
-- and no other delivery of it waits, that event keeps no full address either.
create function app_private.outbound_deliveries_done() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update app_private.outbound_events ev
  set data = app_private.masked_outbound_data(ev.data)
  where ev.id = new.event_id and ev.signup_id is not null and ev.data ? 'email'
    and not exists (select 1 from public.beta_signups s where s.id = ev.signup_id)
    and not exists (select 1 from app_private.outbound_deliveries d
                    where d.event_id = ev.id and d.status in ('pending', 'sending'));
  return null;
end
$$;

create trigger outbound_deliveries_done
after update of status on app_private.outbound_deliveries
for each row when (new.status in ('delivered', 'failed') and old.status is distinct from new.status)
execute function app_private.outbound_deliveries_done();

-- When the retention purge is next due (one row, made by the first purge): the process that moves
-- it forward does the purge, so several processes purge once between them.
create table app_private.outbound_housekeeping (
  id boolean primary key default true,
  next_purge_at timestamptz not null,
  constraint outbound_housekeeping_one_row check (id)
);
revoke all on table app_private.outbound_housekeeping from public, anon, authenticated;
grant all on table app_private.outbound_housekeeping to service_role;
