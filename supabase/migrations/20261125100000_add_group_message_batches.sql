-- Issue 28, defect 2: a message to a large group. The body is stored once, in the message row;
-- each queued email's payload names the message (the worker joins the row). The emails are queued
-- in batches, each in its own short transaction, with the message row as the cursor, so a crash
-- between batches resumes where it stopped (the dedupe key keeps each person's email unique).
-- See docs/decisions/tester-messages-and-feedback.md.

alter table app_private.group_messages
  -- The highest sign-up id already queued; null once every batch is queued.
  add column queued_through bigint,
  -- How many emails the batches queued so far (the pace's position).
  add column queued integer not null default 0,
  -- When the first email is due; email n is due pace_ms × n later.
  add column first_due_at timestamptz,
  add column pace_ms double precision not null default 0;

-- A sign-up whose mailbox is suppressed (bounced, complained, an owner's own), kept as a flag so
-- the Messages view's counts and a send's batches need no HMAC per person. Maintained by the
-- functions below, the only writers of app_private.email_suppressions besides unsubscribe and
-- erasure (which delete the sign-up).
alter table public.beta_signups add column suppressed boolean not null default false;

update public.beta_signups s set suppressed = true
where exists (select 1 from app_private.email_suppressions) and app_private.is_suppressed(s.email);

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
  return changed > 0;
end
$$;
revoke all on function app_private.suppress_mailbox(text, text) from public;
grant execute on function app_private.suppress_mailbox(text, text) to service_role;

create or replace function app_private.lift_suppression(address text) returns boolean
language plpgsql
volatile strict
security definer
set search_path = ''
as $$
declare
  lifted boolean;
begin
  with gone as (
    delete from app_private.email_suppressions where mailbox_hmac = app_private.mailbox_hmac(address) returning 1
  )
  select exists (select 1 from gone) into lifted;
  update public.beta_signups s set suppressed = false
  where app_private.canonical_email(s.email) = app_private.canonical_email(address) and s.suppressed;
  return lifted;
end
$$;
revoke all on function app_private.lift_suppression(text) from public;
grant execute on function app_private.lift_suppression(text) to service_role;

-- The batches page through the group by sign-up id.
create index group_message_batches on app_private.group_messages (id) where queued_through is not null;
