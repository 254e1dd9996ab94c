-- Issue 40: no email payload is built in SQL. The owner's copy of a feedback entry is queued with
-- the entry's id only (feedback_id, as before); the worker reads the entry when it claims the row
-- (src/mail-core/queue-rows.ts) and the kind's schema (src/emails/feedback-owner.kind.ts) reads it.
-- The kind names come in as the trigger's arguments, named once where the trigger is created.
-- Rows already queued in the old shape carry feedback_id too: the claim reads the entry for them
-- as well, and their stored payload is no longer read (an erased entry still takes its rows with it).
-- The rest (the hourly cap shared with contact messages, the summary past it) is as in
-- 20261125100200. docs/decisions/email-queue.md

create or replace function app_private.beta_feedback_notify_owners() returns trigger
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
      delete from app_private.owner_notify_counts
      where owner = o.email and hour_start < this_hour - interval '1 day';
    end if;
    if n <= o.notify_max_per_hour then
      insert into app_private.email_queue (kind, to_email, dedupe_key, feedback_id)
      values (notify_kind, o.email, notify_kind || ':' || new.id || ':' || o.email, new.id)
      on conflict (dedupe_key) do nothing;
    else
      insert into app_private.email_queue (kind, to_email, dedupe_key, next_attempt_at, payload)
      values (summary_kind, o.email,
        summary_kind || ':' || to_char(this_hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24') || ':' || o.email,
        this_hour + interval '1 hour',
        jsonb_build_object('count', n - o.notify_max_per_hour, 'hourStart', this_hour, 'feedback', 1))
      on conflict (dedupe_key) do update set payload = excluded.payload
        || jsonb_build_object('feedback', coalesce((app_private.email_queue.payload ->> 'feedback')::integer, 0) + 1);
    end if;
  end loop;
  return null;
end
$$;
revoke all on function app_private.beta_feedback_notify_owners() from public;

drop trigger beta_feedback_after_insert on app_private.beta_feedback;
create trigger beta_feedback_after_insert
after insert on app_private.beta_feedback
for each row execute function app_private.beta_feedback_notify_owners('feedback-owner', 'contact-owner-summary');
