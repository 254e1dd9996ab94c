-- Issue 28: the end-of-hour summary past an owner's cap counts contact messages and feedback
-- together (one cap for both, 20261124200000), but said "messages" for both. Its payload now also
-- counts the feedback entries among them ('feedback'), so the email names each. Both triggers are
-- restated with that one change; the rest is as in 20261123150100 and 20261124200000.

create or replace function app_private.contact_messages_notify_owners() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  o record;
  n integer;
  this_hour timestamptz := date_trunc('hour', now(), 'UTC');
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
      values ('contact-owner', o.email, 'contact-owner:' || new.id || ':' || o.email, new.id)
      on conflict (dedupe_key) do nothing;
    else
      insert into app_private.email_queue (kind, to_email, dedupe_key, next_attempt_at, payload)
      values ('contact-owner-summary', o.email,
        'contact-owner-summary:' || to_char(this_hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24') || ':' || o.email,
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

create or replace function app_private.beta_feedback_notify_owners() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  o record;
  n integer;
  this_hour timestamptz := date_trunc('hour', now(), 'UTC');
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
      insert into app_private.email_queue (kind, to_email, dedupe_key, feedback_id, payload)
      values ('feedback-owner', o.email, 'feedback-owner:' || new.id || ':' || o.email, new.id,
        jsonb_build_object('email', new.email, 'rating', new.rating, 'works', new.works, 'broken', new.broken,
          'platform', new.platform, 'osVersion', new.os_version, 'build', new.build, 'createdAt', new.created_at))
      on conflict (dedupe_key) do nothing;
    else
      insert into app_private.email_queue (kind, to_email, dedupe_key, next_attempt_at, payload)
      values ('contact-owner-summary', o.email,
        'contact-owner-summary:' || to_char(this_hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24') || ':' || o.email,
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
