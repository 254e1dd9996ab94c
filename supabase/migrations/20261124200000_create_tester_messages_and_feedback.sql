-- Issue 18: keep testers engaged. Messages from the owner to a group of the beta list, each
-- person's own feedback link, the feedback they send, and the owner's notification of it.
-- Decisions: docs/decisions/tester-messages-and-feedback.md

-- The person's feedback link (/beta/feedback?token=…): random, one per person, never shown to anon.
alter table public.beta_signups
  add column feedback_token uuid not null default gen_random_uuid(),
  add constraint beta_signups_feedback_token_key unique (feedback_token);

-- One row per message the owner sent. request_id is made by the console when the owner composes
-- the message, so a double click or a retried request finds the message already there.
create table app_private.group_messages (
  id bigint generated always as identity primary key,
  request_id uuid not null unique,
  audience text not null,
  subject text not null,
  body text not null,
  store_links boolean not null default false,
  created_by text not null,
  created_at timestamptz not null default now(),
  recipients integer not null,
  constraint group_messages_audience_known check (
    audience in ('waiting', 'invited-not-opened', 'opened', 'ios', 'android', 'unknown', 'everyone')
  ),
  constraint group_messages_subject_length check (char_length(btrim(subject)) between 1 and 150),
  constraint group_messages_body_length check (char_length(btrim(body)) between 1 and 10000)
);
revoke all on table app_private.group_messages from public, anon, authenticated;
grant all on table app_private.group_messages to service_role;

-- A message's emails, for its counts (queued, sent, failed).
create index email_queue_group_message on app_private.email_queue (((payload ->> 'messageId')::bigint))
where kind = 'message';

-- Messages are paced as invitations are (20261122400000): when a message email is claimed and the
-- next pending one is due within half a pace, every pending message email slides later by the lag.
create function app_private.email_queue_pace_messages() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  pace interval := make_interval(secs => coalesce((new.payload ->> 'paceMs')::double precision, 0) / 1000);
  next_due timestamptz;
begin
  if pace <= interval '0' then
    return new;
  end if;
  select min(q.next_attempt_at) into next_due
  from app_private.email_queue q
  where q.kind = 'message' and q.status = 'pending' and q.id <> new.id;
  if next_due is not null and next_due < now() + pace / 2 then
    update app_private.email_queue q
    set next_attempt_at = q.next_attempt_at + (now() + pace - next_due)
    where q.id in (
      select p.id from app_private.email_queue p
      where p.kind = 'message' and p.status = 'pending' and p.id <> new.id
      for update skip locked
    );
  end if;
  return new;
end
$$;
revoke all on function app_private.email_queue_pace_messages() from public;

create trigger email_queue_pace_messages
before update of status on app_private.email_queue
for each row when (new.kind = 'message' and new.status = 'sending')
execute function app_private.email_queue_pace_messages();

-- Tester feedback, from /beta/feedback (with a person's token, or with an address typed in).
-- Written only by the server; nobody else reads it. Limits mirror src/shared/feedback.ts.
create table app_private.beta_feedback (
  id bigint generated always as identity primary key,
  -- The sign-up whose link was used; null for the page without a token, or once they left.
  signup_id bigint references public.beta_signups (id) on delete set null,
  email text not null,
  rating smallint not null,
  works text not null default '',
  broken text not null default '',
  platform text not null default 'unknown',
  os_version text not null default '',
  build text not null default '',
  created_at timestamptz not null default now(),
  constraint beta_feedback_email_length check (char_length(email) between 3 and 254),
  constraint beta_feedback_email_format check (email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  constraint beta_feedback_rating_range check (rating between 1 and 5),
  constraint beta_feedback_works_length check (char_length(works) <= 5000),
  constraint beta_feedback_broken_length check (char_length(broken) <= 5000),
  constraint beta_feedback_platform_known check (platform in ('unknown', 'ios', 'android')),
  constraint beta_feedback_os_version_length check (char_length(os_version) <= 100),
  constraint beta_feedback_build_length check (char_length(build) <= 100)
);
revoke all on table app_private.beta_feedback from public, anon, authenticated;
grant all on table app_private.beta_feedback to service_role;
create index beta_feedback_newest on app_private.beta_feedback (id desc);

-- The build label the feedback page fills in: BETA_BUILD_LABEL, unless the owner set one in the console.
create table app_private.console_settings (
  name text primary key,
  value text not null,
  updated_at timestamptz not null default now(),
  constraint console_settings_value_length check (char_length(value) <= 100)
);
revoke all on table app_private.console_settings from public, anon, authenticated;
grant all on table app_private.console_settings to service_role;

-- The owner's notification of a feedback entry; erasing the entry takes its emails with it.
alter table app_private.email_queue
  add column feedback_id bigint references app_private.beta_feedback (id) on delete cascade;
create index email_queue_feedback on app_private.email_queue (feedback_id) where feedback_id is not null;

-- Every feedback entry notifies each owner under the same hourly cap as contact messages
-- (20261123150100): one count per owner and hour for both, and past the cap the same end-of-hour
-- summary. Same transaction as the entry, so the entry and its email commit together.
create function app_private.beta_feedback_notify_owners() returns trigger
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
        jsonb_build_object('count', n - o.notify_max_per_hour, 'hourStart', this_hour))
      on conflict (dedupe_key) do update set payload = excluded.payload;
    end if;
  end loop;
  return null;
end
$$;
revoke all on function app_private.beta_feedback_notify_owners() from public;

create trigger beta_feedback_after_insert
after insert on app_private.beta_feedback
for each row execute function app_private.beta_feedback_notify_owners();
