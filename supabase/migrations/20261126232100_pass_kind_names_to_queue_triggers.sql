-- Issue 40: email kind names are not literals inside SQL functions. The triggers that queue or pace
-- emails take the kind's name as an argument, given once where the trigger is created
-- (src/server/mail-transports/trigger-kinds.test.ts checks each is a kind of src/emails/kinds.ts).
-- Behaviour is as before: the contact trigger is 20261125100200's, the pacing is 20261122400000's
-- and 20261124200000's (one function now, for both paced kinds). Queued rows are untouched: none
-- of their columns changes. docs/decisions/email-queue.md

create or replace function app_private.contact_messages_notify_owners() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  o record;
  n integer;
  this_hour timestamptz := date_trunc('hour', now(), 'UTC');
  -- The kinds: the owner's copy, and the end-of-hour summary past the cap.
  notify_kind text := tg_argv[0];
  summary_kind text := tg_argv[1];
begin
  for o in select email, notify_max_per_hour from app_private.owner_emails loop
    insert into app_private.owner_notify_counts as c (owner, hour_start, count)
    values (o.email, this_hour, 1)
    on conflict (owner, hour_start) do update set count = c.count + 1
    returning c.count into n;
    if n = 1 then
      -- A new hour: forget the owner's old ones (nothing reads them after their summary).
      delete from app_private.owner_notify_counts
      where owner = o.email and hour_start < this_hour - interval '1 day';
    end if;
    if n <= o.notify_max_per_hour then
      insert into app_private.email_queue (kind, to_email, dedupe_key, contact_message_id)
      values (notify_kind, o.email, notify_kind || ':' || new.id || ':' || o.email, new.id)
      on conflict (dedupe_key) do nothing;
    else
      insert into app_private.email_queue (kind, to_email, dedupe_key, next_attempt_at, payload)
      values (summary_kind, o.email,
        summary_kind || ':' || to_char(this_hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24') || ':' || o.email,
        this_hour + interval '1 hour',
        jsonb_build_object('count', n - o.notify_max_per_hour, 'hourStart', this_hour))
      on conflict (dedupe_key) do update set payload = excluded.payload
        || jsonb_build_object('feedback', coalesce((app_private.email_queue.payload ->> 'feedback')::integer, 0));
    end if;
  end loop;
  return null;
end
$$;
revoke all on function app_private.contact_messages_notify_owners() from public;

drop trigger contact_messages_after_insert on public.contact_messages;
create trigger contact_messages_after_insert
after insert on public.contact_messages
for each row execute function app_private.contact_messages_notify_owners('contact-owner', 'contact-owner-summary');

-- Pacing (20261122400000): when an email of a paced kind is claimed and the next pending one of that
-- kind is due within half a pace, every pending one slides later by the lag, keeping their spacing.
create function app_private.email_queue_pace() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  paced_kind text := tg_argv[0];
  pace interval := make_interval(secs => coalesce((new.payload ->> 'paceMs')::double precision, 0) / 1000);
  next_due timestamptz;
begin
  if new.kind <> paced_kind or pace <= interval '0' then
    return new;
  end if;
  select min(q.next_attempt_at) into next_due
  from app_private.email_queue q
  where q.kind = paced_kind and q.status = 'pending' and q.id <> new.id;
  if next_due is not null and next_due < now() + pace / 2 then
    -- SKIP LOCKED: a row locked now is being claimed by another worker, which slides it itself.
    update app_private.email_queue q
    set next_attempt_at = q.next_attempt_at + (now() + pace - next_due)
    where q.id in (
      select p.id from app_private.email_queue p
      where p.kind = paced_kind and p.status = 'pending' and p.id <> new.id
      for update skip locked
    );
  end if;
  return new;
end
$$;
revoke all on function app_private.email_queue_pace() from public;

drop trigger email_queue_pace_invitations on app_private.email_queue;
drop function app_private.email_queue_pace_invitations();
create trigger email_queue_pace_invitations
before update of status on app_private.email_queue
for each row when (new.status = 'sending')
execute function app_private.email_queue_pace('invitation');

drop trigger email_queue_pace_messages on app_private.email_queue;
drop function app_private.email_queue_pace_messages();
create trigger email_queue_pace_messages
before update of status on app_private.email_queue
for each row when (new.status = 'sending')
execute function app_private.email_queue_pace('message');
