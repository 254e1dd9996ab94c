-- Issue 17: a bounce or a complaint stops all further mail to the mailbox. The suppression list
-- (20261122100100) learns why a mailbox is on it: it left the beta ('unsubscribed', every row so
-- far), its provider refused it for good ('bounced': Resend's email.bounced of type Permanent, or
-- an SMTP 550/551/553 at send time), or its owner marked our email as spam ('complained').
alter table app_private.email_suppressions
  add column reason text not null default 'unsubscribed',
  add constraint email_suppressions_reason check (reason in ('unsubscribed', 'bounced', 'complained'));

-- Puts the mailbox of this address on the list for this reason. A complaint outranks a bounce,
-- which outranks leaving: the strongest reason is kept. Returns whether anything changed.
create function app_private.suppress_mailbox(address text, why text) returns boolean
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
  return changed > 0;
end
$$;
revoke all on function app_private.suppress_mailbox(text, text) from public;
grant execute on function app_private.suppress_mailbox(text, text) to service_role;

-- Why the mailbox of this address is suppressed, or null when it is not.
create function app_private.suppression_reason(address text) returns text
language sql
stable strict
security definer
set search_path = ''
as $$
  select reason from app_private.email_suppressions where mailbox_hmac = app_private.mailbox_hmac(address)
$$;
revoke all on function app_private.suppression_reason(text) from public;
grant execute on function app_private.suppression_reason(text) to service_role;

-- Resend's webhook deliveries already taken, by their svix-id, so a replay within the signature's
-- tolerance changes nothing. Kept a week, far past the five minutes a timestamp stays valid.
create table app_private.webhook_deliveries (
  id text primary key,
  received_at timestamptz not null default now()
);
revoke all on table app_private.webhook_deliveries from public, anon, authenticated;
grant all on table app_private.webhook_deliveries to service_role;

-- Records a delivery: true the first time its id is seen, false for a replay.
create function app_private.record_webhook_delivery(delivery_id text) returns boolean
language plpgsql
volatile strict
security definer
set search_path = ''
as $$
declare
  fresh integer;
begin
  delete from app_private.webhook_deliveries where received_at < now() - interval '7 days';
  insert into app_private.webhook_deliveries (id) values (delivery_id) on conflict (id) do nothing;
  get diagnostics fresh = row_count;
  return fresh = 1;
end
$$;
revoke all on function app_private.record_webhook_delivery(text) from public;
grant execute on function app_private.record_webhook_delivery(text) to service_role;
